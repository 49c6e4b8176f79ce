"""Issue 27: one-way arrows inside the Monster Mansion package, in the order the rules are read.

The layers are the ``games.mansion layers`` import-linter contract of ``pyproject.toml`` (``lint-imports`` checks it
in ``make lint``); this test reads the same contract and checks the package's import graph with grimp (import-linter's
graph), which counts every import: the ones inside functions (a function-level import hides a circle at run time
without removing it) and the ones under ``TYPE_CHECKING``. Before the split, ``payments`` imported ``actions`` inside
a function (``actions -> castability -> payments -> actions``), ``rules`` imported ``view`` and ``heuristic`` inside
functions, and ``state`` imported ``actions``.
"""

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "monsterbox.games.mansion"


def mansion_contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == "games.mansion layers"]
    return contract


def layer_of() -> dict[str, int]:
    """Each module of the package -> its layer's index, 0 for the top layer."""
    out = {}
    for i, layer in enumerate(mansion_contract()["layers"]):
        for name in layer.split(":"):
            out[f"{PACKAGE}.{name.strip().strip('()')}"] = i
    return out


def mansion_imports() -> dict[str, set[str]]:
    graph = grimp.build_graph("monsterbox", exclude_type_checking_imports=False)
    modules = set(graph.find_children(PACKAGE))
    return {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}


def test_the_contract_places_every_module_of_the_package():
    contract = mansion_contract()
    assert contract["containers"] == [PACKAGE] and contract["type"] == "layers" and contract["exhaustive"]
    on_disk = {f"{PACKAGE}.{p.stem}" for p in (ROOT / "src/monsterbox/games/mansion").glob("*.py")
               if p.stem != "__init__"}
    assert set(layer_of()) == on_disk


def test_the_phase_modules_follow_the_rulebook_between_the_actions_and_the_rules():
    """MM Playing: The Audition and Turn Order, The Casting, The Show (with Maintenance and the End of the Game)."""
    layers = layer_of()
    order = ["actions", "audition", "casting", "show", "rules"]
    assert [layers[f"{PACKAGE}.{m}"] for m in order] == sorted((layers[f"{PACKAGE}.{m}"] for m in order),
                                                               reverse=True)


def test_every_import_inside_the_package_goes_down_or_sideways():
    layers = layer_of()
    upward = sorted((m, t) for m, targets in mansion_imports().items() for t in targets if layers[t] < layers[m])
    assert upward == []


def test_no_circle_of_modules_in_the_package():
    succ = mansion_imports()
    circles = []
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in sorted(succ[m]):
            if state.get(t) == 1:
                circles.append(path[path.index(t):] + [m, t] if t in path else [m, t])
            elif t not in state:
                visit(t, path + [m])
        state[m] = 2

    for m in sorted(succ):
        if m not in state:
            visit(m, [])
    assert circles == []


def test_no_module_of_the_package_is_over_900_lines():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "src/monsterbox/games/mansion").glob("*.py")}
    assert max(sizes.values()) <= 900, sizes
