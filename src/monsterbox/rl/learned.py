"""A trained policy as an agent: ``policy:path=model.zip`` (a MaskablePPO model saved by sb3-contrib, e.g. by
``examples/train_inn_maskppo.py``), so a learned player sits at a table like any bot.

It sees what every agent sees: its seat's view (encoded by ``rl.encode``, as in training) and the legal actions
(the mask). Needs the ``train`` extra (torch, sb3-contrib). Loading a model file runs code from it (pickle): load
only files you trust; a server should never accept this agent from a client.

The agent registry (``agents.registry``, a layer below this one) does not import this module: this module registers
the kind ``policy`` with it (``register_agent``), and the registry imports it by name when ``policy`` is first asked
for (``agents.registry.PROVIDED_ELSEWHERE``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monsterbox.agents.base import Observation
from monsterbox.agents.registry import register_agent
from monsterbox.core.errors import InvalidOptions


class LearnedPolicyAgent:
    """``policy:path=<file>:deterministic=true``: the model's most likely legal action (or a sample of its masked
    distribution with ``deterministic=false``)."""

    name = "policy"

    def __init__(self, game_id: str, path: str = "", seed: int = 0, deterministic: bool = True) -> None:
        if not isinstance(path, str) or not path:
            raise InvalidOptions("agent 'policy' needs path=<model file>, e.g. policy:path=models/inn_maskppo.zip")
        if not Path(path).is_file():
            raise InvalidOptions(f"policy model file {path!r} does not exist")
        try:
            import numpy as np
            import torch
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise InvalidOptions("agent 'policy' needs the train extra: pip install 'monsterbox[train]'") from None
        torch.manual_seed(seed)
        self.np = np
        self.game_id = game_id
        self.deterministic = bool(deterministic)
        self.model: Any = MaskablePPO.load(path, device="cpu")
        self.n = int(self.model.action_space.n)
        self.size = int(self.model.observation_space.shape[0])

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        from monsterbox.rl.common import OBS_HIGH, OBS_LOW  # numpy: imported with the model, not before
        from monsterbox.rl.encode import encode

        np = self.np
        x = np.clip(np.asarray(encode(self.game_id, obs.view), dtype=np.float32), OBS_LOW, OBS_HIGH)
        if x.shape[0] != self.size:
            raise InvalidOptions(f"the policy model expects observations of size {self.size}, but {self.game_id} "
                                 f"gives {x.shape[0]}: was it trained on this game?")
        mask = np.zeros(self.n, dtype=bool)
        mask[list(obs.legal_codes)] = True
        action, _ = self.model.predict(x, action_masks=mask, deterministic=self.deterministic)
        return obs.legal[obs.legal_codes.index(int(action))]


register_agent("policy", LearnedPolicyAgent, skip=("seed", "game_id"))
