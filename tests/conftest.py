import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "default")


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def postgres_url():
    """A database on a private PostgreSQL cluster started for this test session."""
    from tests.pg import cluster, pg_bin

    if pg_bin() is None:
        if os.environ.get("CI"):
            raise RuntimeError("PostgreSQL must be installed for CI (.ci/run installs it)")
        pytest.skip("PostgreSQL is not installed (.ci/run installs Debian's postgresql)")
    with cluster() as url:
        yield url
