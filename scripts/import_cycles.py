"""The import graph of ``monsterbox``: its circles and its largest modules.

Builds the graph with grimp (import-linter's own graph library; every ``import`` statement counts, the ones inside
functions included) and prints:

- every strongly connected component of modules (modules that import each other, directly or through others), each
  with one shortest circle through it and the import lines of that circle;
- the same at package level (``core``, ``games.inn``, ``agents``, ``sim``, ...): which packages reach each other;
- the largest modules by lines.

``python scripts/import_cycles.py [--with-type-checking] [--top N]``. Imports under ``if TYPE_CHECKING:`` are left
out by default: they do not run, so they make no circle at import time (``--with-type-checking`` counts them too).
Run from the repository root with ``PYTHONPATH=src``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import grimp

ROOT = "monsterbox"
SRC = Path(__file__).resolve().parent.parent / "src"


def package_of(module: str) -> str:
    """The package a module belongs to at the architecture's grain: ``core``, ``games.inn``, ``server``, ``cli``."""
    parts = module.split(".")[1:]
    if not parts:
        return ROOT
    if parts[0] == "games" and len(parts) > 1:
        return "games." + parts[1]
    return parts[0]


def edges(graph: grimp.ImportGraph, modules: set[str]) -> dict[str, set[str]]:
    return {m: {t for t in graph.find_modules_directly_imported_by(m) if t in modules} for m in modules}


def components(succ: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), those of more than one node, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(succ):
        if start in index:
            continue
        work = [(start, iter(sorted(succ[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(succ[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out)


def shortest_cycle(succ: dict[str, set[str]], comp: list[str]) -> list[str]:
    """One shortest circle inside a component (breadth first from each member back to itself)."""
    members = set(comp)
    best: list[str] | None = None
    for start in comp:
        prev: dict[str, str] = {}
        frontier = [start]
        seen = {start}
        found = None
        while frontier and found is None:
            nxt_frontier = []
            for node in frontier:
                for nxt in sorted(succ[node] & members):
                    if nxt == start:
                        found = node
                        break
                    if nxt not in seen:
                        seen.add(nxt)
                        prev[nxt] = node
                        nxt_frontier.append(nxt)
                if found is not None:
                    break
            frontier = nxt_frontier
        if found is None:
            continue
        path = [found]
        while path[-1] != start:
            path.append(prev[path[-1]])
        path.reverse()
        if best is None or len(path) < len(best):
            best = path
    assert best is not None
    return best + [best[0]]


def short(module: str) -> str:
    return module.removeprefix(ROOT + ".")


def lines_of(module: str) -> int:
    base = SRC.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def report(with_type_checking: bool, top: int) -> str:
    graph = grimp.build_graph(ROOT, exclude_type_checking_imports=not with_type_checking, cache_dir=None)
    modules = set(graph.modules)
    succ = edges(graph, modules)
    kept = "with" if with_type_checking else "without"
    out = [f"# import graph of {ROOT} (grimp {getattr(grimp, '__version__', '?')}; {kept} imports under "
           "TYPE_CHECKING; function-level imports counted)",
           f"modules: {len(modules)}, imports between them: {sum(len(s) for s in succ.values())}", ""]
    comps = components(succ)
    out.append(f"## module circles: {len(comps)} strongly connected components")
    for i, comp in enumerate(comps, 1):
        out.append(f"{i}. {len(comp)} modules: " + ", ".join(short(m) for m in comp))
        cycle = shortest_cycle(succ, comp)
        out.append("   circle: " + " -> ".join(short(m) for m in cycle))
        for a, b in zip(cycle, cycle[1:], strict=False):
            for d in sorted(graph.get_import_details(importer=a, imported=b), key=lambda d: d["line_number"]):
                out.append(f"     {short(a)}:{d['line_number']}: {d['line_contents'].strip()}")
    out.append("")
    pkgs = {package_of(m) for m in modules}
    psucc: dict[str, set[str]] = {p: set() for p in pkgs}
    for m, targets in succ.items():
        for t in targets:
            if package_of(m) != package_of(t):
                psucc[package_of(m)].add(package_of(t))
    pcomps = components(psucc)
    out.append(f"## package circles: {len(pcomps)} strongly connected components")
    for i, comp in enumerate(pcomps, 1):
        out.append(f"{i}. " + ", ".join(comp))
        cycle = shortest_cycle(psucc, comp)
        out.append("   circle: " + " -> ".join(cycle))
        for a, b in zip(cycle, cycle[1:], strict=False):
            for m in sorted(x for x in modules if package_of(x) == a):
                for t in sorted(succ[m]):
                    if package_of(t) == b:
                        out.append(f"     {short(m)} -> {short(t)}")
    out.append("")
    out.append("## package dependencies")
    for p in sorted(psucc):
        out.append(f"{p} -> " + (", ".join(sorted(psucc[p])) or "(nothing)"))
    out.append("")
    out.append(f"## largest modules (lines), top {top}")
    for m in sorted(modules, key=lambda m: (-lines_of(m), m))[:top]:
        out.append(f"{lines_of(m):6d}  {short(m)}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--with-type-checking", action="store_true",
                        help="count imports under `if TYPE_CHECKING:` too")
    parser.add_argument("--top", type=int, default=15, help="how many of the largest modules to list")
    args = parser.parse_args(argv)
    sys.stdout.write(report(args.with_type_checking, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
