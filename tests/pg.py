"""A private PostgreSQL cluster for the tests (Debian's package, installed by .ci/run): initdb in a temporary
folder, listening on 127.0.0.1 only, trust authentication, stopped at the end. No system service is used."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


def pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:  # initdb and postgres refuse to run as root
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@contextmanager
def cluster() -> Iterator[str]:
    """Yields a SQLAlchemy URL of a fresh database on a private cluster."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (Debian package postgresql; .ci/run installs it)")
    root = tempfile.mkdtemp(prefix="monsterbox-pg-")
    data = os.path.join(root, "data")
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run(_as_postgres([f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    opts = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root} -c fsync=off"
    subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-o", opts, "-w", "-l", f"{root}/log", "start"]),
                   check=True, stdout=subprocess.DEVNULL)
    try:
        subprocess.run([f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "monsterbox"],
                       check=True)
        yield f"postgresql://postgres@127.0.0.1:{port}/monsterbox"
    finally:
        subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(root, ignore_errors=True)
