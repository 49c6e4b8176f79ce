"""What ``monsterbox serve`` hands its worker processes: the settings of its flags as ``MONSTERBOX_*`` environment
variables, which every process reads back with ``app.Settings.from_env`` (uvicorn starts ``--workers N`` processes
from an import string, so the environment is how they learn the flags)."""

from __future__ import annotations

import os


def export_serve_settings(db: str, trusted_proxies: tuple[str, ...], workers: int, max_tables: int,
                          max_spectators: int, spectator_idle: float, no_rate_limits: bool) -> None:
    """Set the variables ``Settings.from_env`` reads: the database, the trusted proxies, the number of processes
    (each one's rate limits are its share of the budget), and the per-process caps on tables in memory, on a table's
    spectators and on how long a quiet table's spectators stay."""
    os.environ.update({
        "MONSTERBOX_DB": db,
        "MONSTERBOX_TRUSTED_PROXIES": ",".join(trusted_proxies),
        "MONSTERBOX_WORKERS": str(workers),
        "MONSTERBOX_MAX_TABLES": str(max_tables),
        "MONSTERBOX_MAX_SPECTATORS": str(max_spectators),
        "MONSTERBOX_SPECTATOR_IDLE": repr(float(spectator_idle)),
    })
    if no_rate_limits:
        os.environ["MONSTERBOX_NO_RATE_LIMITS"] = "1"
