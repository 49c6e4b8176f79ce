"""The four games of the box, registered with the game registry (``core.registry``), which knows no game itself.

Each game is one package of the same shape (``cards``, ``state``, ``actions``, ``rules``, ``view``, ``text``,
``help``, ``prompt``, ``heuristic``); its registration names the ruleset and the modules of its other
parts, imported at first use. The package ``monsterbox`` imports this one, so the games are registered before
any of them is asked for.
"""

from monsterbox.core.registry import register_game

_TITLES = {"inn": "Monster Inn", "monster": "Monster (the cooperative game)", "mansion": "Monster Mansion",
           "maker": "Monster Maker"}
_POLICIES = {"inn": "InnPolicy", "monster": "MonsterPolicy", "mansion": "MansionPolicy", "maker": "MakerPolicy"}


def _register_boxed() -> None:
    for game_id, title in _TITLES.items():
        package = f"{__name__}.{game_id}"
        parts = {"text": f"{package}.text", "help": f"{package}.help", "prompt": f"{package}.prompt",
                 "heuristic": f"{package}.heuristic:{_POLICIES[game_id]}",
                 "rollout": f"{package}.heuristic:rollout_policy"}
        if game_id != "inn":  # Monster Inn's creatures have no names of their own (their wording is in text.py)
            parts["card_names"] = f"{package}.cards:card_names"
        register_game(game_id, f"{package}.rules:RULES", title, parts)


_register_boxed()
