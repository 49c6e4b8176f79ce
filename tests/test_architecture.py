"""Issue 27: the house stays walkable. The import contracts themselves are checked by ``lint-imports`` in ``make lint``;
here: no module of ``src/monsterbox`` is over 900 lines, and no circle of modules exists (imports inside functions
included: grimp reads every import statement of a module)."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "monsterbox"
LIMIT = 900


def test_no_module_over_900_lines():
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, f"modules over {LIMIT} lines: {long} (split them by the rulebook's sections or by concern)"


def test_no_import_circle():
    grimp = pytest.importorskip("grimp", reason="import-linter (dev extra)")
    graph = grimp.build_graph("monsterbox")
    circles = []
    for module in sorted(graph.modules):
        for other in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=other, imported=module):
                circles.append((module, other))
    assert not circles, f"modules importing each other (directly or through others): {circles[:5]}"
