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


@pytest.fixture(autouse=True)
def default_language_in_every_test():
    """Every test starts in the default language: a command run with ``--lang fr`` (CliRunner, in this process)
    sets the language of the context it runs in, which would otherwise carry into whichever test runs next in the
    same worker (seen: English narration asserted, French found, depending on the order xdist gave)."""
    from monsterbox.core.i18n import set_language

    set_language(None)
    yield
    set_language(None)
