#!/usr/bin/env python3
"""Vendor the browser front end's third-party files from the npm registry, pinned, with their licences.

Run from the repository root: ``python3 scripts/vendor_web.py`` (needs ``npm``; nothing else is fetched). It writes

* ``src/monsterbox/web/vendor/``: Preact (MIT), its hooks, and htm (Apache-2.0) as ES modules the page imports
  directly (the bare ``"preact"`` import in the hooks module is rewritten to a relative path: no import map, which the
  server's Content-Security-Policy would refuse as an inline script), plus a subset of game-icons.net's icons
  (CC BY 3.0, from ``@iconify-json/game-icons``) as path data (``game-icons.json``: no markup is ever injected);
* ``tests/browser/vendor/axe.min.js``: axe-core (MPL-2.0) for the accessibility scan in the browser tests only;
* ``src/monsterbox/web/vendor/swagger-ui/``: Swagger UI (Apache-2.0), which reads the OpenAPI 3.1 that FastAPI
  writes, for ``/docs`` served offline from the page's own static files.

Each package's licence file is copied next to what came from it, and ``VENDORED.md`` lists versions and integrity.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "monsterbox" / "web" / "vendor"
TESTS = ROOT / "tests" / "browser" / "vendor"

PACKAGES = {"preact": "10.28.2", "htm": "3.1.1", "@iconify-json/game-icons": "1.2.4", "axe-core": "4.14.1",
            "swagger-ui-dist": "5.35.0"}
DOCS = WEB / "swagger-ui"

# What the tables draw -> the game-icons.net icon that draws it (names as in the icon set).
ICONS = {
    # Monster Inn
    "goblins": "goblin-head", "orcs": "orc-head", "trolls": "troll", "undead": "raise-zombie", "kobolds": "imp",
    "human": "person", "gold": "two-coins", "gem": "gems", "skull": "death-skull", "tavern": "beer-stein",
    # Monster (cooperative)
    "black": "vampire-dracula", "white": "shambling-zombie", "red": "goblin-head", "blue": "werewolf",
    "green": "troll", "stake": "stake-hammer", "holy_water": "holy-water", "net": "fishing-net",
    "silver_bullet": "silver-bullet", "torch": "torch", "villagers": "village", "lair": "cave-entrance",
    "loot": "open-treasure-chest", "crisis": "burning-skull", "bounty": "wanted-reward", "cube": "cube",
    "character": "hood", "leader": "crown", "item": "swap-bag", "spell": "scroll-unfurled",
    # Monster Mansion
    "dracula": "vampire-dracula", "cthulhu": "curled-tentacle", "verona": "female-vampire",
    "frankenstein": "frankenstein-creature", "werewolf": "werewolf", "ghost": "ghost", "black_lagoon": "fish-monster",
    "mummy": "mummy-head", "eva": "witch-flight", "swamp_thing": "swamp", "ticket": "ticket", "make_up": "lipstick",
    "costume": "robe", "props": "candlebright", "clown": "clown", "zombie": "shambling-zombie", "witch": "witch-face",
    "mansion": "spooky-house", "sales": "cash",
    # Monster Maker
    "labyrinth": "maze", "room": "doorway", "trap": "wolf-trap", "diversion": "smoke-bomb", "cleric": "holy-symbol",
    "Fighter": "crossed-swords", "Elf": "elf-helmet", "Thief": "hooded-assassin", "Wizard": "wizard-staff",
    "Dwarf": "dwarf-helmet", "monster": "dragon-head", "treasure": "locked-chest", "chest": "open-treasure-chest",
    "dice": "rolling-dices", "exit": "exit-door", "entry": "entry-door",
    # one per Monster Maker monster kind (by card id)
    "goblin": "goblin-head", "hell_hound": "hound", "gargoyle": "gargoyle", "wyvern": "wyvern", "orc": "orc-head",
    "giant_spider": "spider-face", "troll": "troll", "minotaur": "minotaur", "dragon": "dragon-head",
    "skeleton": "skeleton", "vampire": "vampire-dracula", "lich": "skull-staff",
    # the page itself
    "help": "help", "book": "rule-book", "replay": "backward-time", "bot": "robot-golem", "eye": "eye-target",
}


def npm_pack(name: str, version: str, into: Path) -> tuple[Path, str]:
    out = subprocess.run(["npm", "pack", f"{name}@{version}", "--json", "--pack-destination", str(into)],
                         check=True, capture_output=True, text=True)
    info = json.loads(out.stdout)[0]
    tgz = into / info["filename"]
    folder = into / info["name"].replace("/", "+")
    with tarfile.open(tgz) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package", info.get("integrity", "")


def icon_paths(body: str) -> list[str]:
    """game-icons bodies are single-colour paths; keep their path data only."""
    paths = re.findall(r'<path[^>]*\sd="([^"]+)"', body)
    if not paths or re.search(r"<(?!path|/path|g|/g)", body):
        raise SystemExit(f"unexpected icon markup: {body[:120]}")
    return paths


def main() -> int:
    WEB.mkdir(parents=True, exist_ok=True)
    TESTS.mkdir(parents=True, exist_ok=True)
    lines = ["# Vendored third-party files", "", "Written by `scripts/vendor_web.py` from the npm registry (pinned).",
             "", "| package | version | licence | integrity | files |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        pk: dict[str, Path] = {}
        for name, version in PACKAGES.items():
            pk[name], integrity = npm_pack(name, version, Path(tmp))
            meta = json.loads((pk[name] / "package.json").read_text())
            pk[name + "#licence"] = Path(meta.get("license", "?"))
            pk[name + "#integrity"] = Path(integrity)
        # Preact, hooks, htm
        (WEB / "preact.module.js").write_text((pk["preact"] / "dist" / "preact.module.js").read_text())
        hooks = (pk["preact"] / "hooks" / "dist" / "hooks.module.js").read_text()
        hooks, n = re.subn(r'from\s*"preact"', 'from"./preact.module.js"', hooks)
        if n != 1:
            raise SystemExit("the hooks module's import of preact was not found once")
        (WEB / "hooks.module.js").write_text(hooks)
        (WEB / "htm.module.js").write_text((pk["htm"] / "dist" / "htm.module.js").read_text())
        (WEB / "LICENSE-preact.txt").write_text((pk["preact"] / "LICENSE").read_text())
        (WEB / "LICENSE-htm.txt").write_text((pk["htm"] / "LICENSE").read_text())
        # icons
        data = json.loads((pk["@iconify-json/game-icons"] / "icons.json").read_text())
        icons = {}
        for use, name in sorted(ICONS.items()):
            icon = data["icons"].get(name)
            if icon is None:
                raise SystemExit(f"no icon {name!r} in game-icons")
            icons[use] = {"name": name, "paths": icon_paths(icon["body"])}
        (WEB / "game-icons.json").write_text(json.dumps(
            {"size": data.get("width", 512), "attribution": "Icons by game-icons.net (Lorc, Delapouite and "
             "contributors), CC BY 3.0, https://game-icons.net", "icons": icons}, separators=(",", ":")))
        info = json.loads((pk["@iconify-json/game-icons"] / "info.json").read_text())
        (WEB / "LICENSE-game-icons.txt").write_text(
            f"Icons from {info['name']} ({info.get('author', {}).get('url', 'https://game-icons.net')}), by "
            f"{info.get('author', {}).get('name', 'game-icons.net')}.\nLicence: {info['license']['title']} "
            f"({info['license']['spdx']}), {info['license'].get('url', '')}\nVendored through the npm package "
            f"@iconify-json/game-icons {PACKAGES['@iconify-json/game-icons']}; only the path data of the icons "
            "listed in game-icons.json is kept (unmodified).\n")
        # axe-core, for the tests only
        (TESTS / "axe.min.js").write_text((pk["axe-core"] / "axe.min.js").read_text())
        (TESTS / "LICENSE-axe-core.txt").write_text((pk["axe-core"] / "LICENSE").read_text())
        # Swagger UI for /docs
        DOCS.mkdir(parents=True, exist_ok=True)
        for f in ("swagger-ui-bundle.js", "swagger-ui.css"):
            (DOCS / f).write_text((pk["swagger-ui-dist"] / f).read_text())
        (DOCS / "LICENSE").write_text((pk["swagger-ui-dist"] / "LICENSE").read_text())
        for name, version in PACKAGES.items():
            where = ("tests/browser/vendor" if name == "axe-core" else "src/monsterbox/web/vendor/swagger-ui"
                     if name == "swagger-ui-dist" else "src/monsterbox/web/vendor")
            lines.append(f"| {name} | {version} | {pk[name + '#licence']} | `{pk[name + '#integrity']}` | {where} |")
    lines += ["", "SHA-256 of the written files:", ""]
    for f in sorted([*WEB.glob("*.js"), *WEB.glob("*.json"), *DOCS.glob("*.js"), *DOCS.glob("*.css"),
                     *TESTS.glob("*.js")]):
        lines.append(f"- `{f.relative_to(ROOT)}` {hashlib.sha256(f.read_bytes()).hexdigest()}")
    (WEB / "VENDORED.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
