"""Gymnasium ids: ``monsterbox/Inn-v0``, ``monsterbox/Monster-v0``, ``monsterbox/Mansion-v0``,
``monsterbox/Maker-v0`` (keyword options as ``monsterbox.rl.gym_env.SeatEnv``); each has a vector entry point,
``monsterbox.rl.vector_env.make_vector_env`` (``gymnasium.make_vec(id, num_envs=8)``; ``opponents="self"`` for
self-play)."""

from __future__ import annotations

ENV_IDS = {"inn": "monsterbox/Inn-v0", "monster": "monsterbox/Monster-v0", "mansion": "monsterbox/Mansion-v0",
           "maker": "monsterbox/Maker-v0"}


def register_envs() -> None:
    """Register the four ids with gymnasium (idempotent)."""
    import gymnasium

    for game_id, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="monsterbox.rl.gym_env:SeatEnv",
                               vector_entry_point="monsterbox.rl.vector_env:make_vector_env",
                               kwargs={"game_id": game_id}, disable_env_checker=False)
