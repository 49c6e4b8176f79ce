"""The training example's pieces: a short MaskablePPO run on Monster Inn and the trained policy at the table as the
``policy:path=...`` agent. Needs the train extra (torch, sb3-contrib), which ``make test`` installs (elsewhere the
smoke test is skipped without it)."""

import os

import pytest

import monsterbox
from monsterbox.agents import make_agent


def test_policy_agent_needs_an_existing_model_file(tmp_path):
    with pytest.raises(monsterbox.InvalidOptions, match="path="):
        make_agent("policy", "inn", 0)
    with pytest.raises(monsterbox.InvalidOptions, match="does not exist"):
        make_agent(f"policy:path={tmp_path / 'missing.zip'}", "inn", 0)


def test_a_few_hundred_steps_of_maskable_ppo_then_the_policy_plays_legal_moves(tmp_path):
    if os.environ.get("CI"):  # make test installs the train extra: in CI a missing one is a failure, not a skip
        import sb3_contrib  # noqa: F401
    pytest.importorskip("sb3_contrib", reason="the train extra (torch, sb3-contrib) is not installed")
    import gymnasium
    from sb3_contrib import MaskablePPO

    from monsterbox.sim import play_game

    env = gymnasium.make("monsterbox/Inn-v0", players=3, seat="random", opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=256)
    path = tmp_path / "inn.zip"
    model.save(path)
    for seed in range(2):
        out = play_game("inn", 3, [f"policy:path={path}", "random", "random"], seed)  # every move re-checked
        assert out["actions"] > 0 and out["winners"]
