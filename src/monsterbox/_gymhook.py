"""Registers the Gymnasium ids when gymnasium is imported, without importing it (it is slow to import and an
optional extra): if gymnasium is already loaded the ids are registered now, else right after its import."""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Any


def _register() -> None:
    from monsterbox.rl.registration import register_envs

    register_envs()


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps gymnasium's own loader so that the ids are registered once it has run."""

    def find_spec(self, name: str, path: Any = None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            with contextlib.suppress(Exception):  # never break gymnasium's import over our registration
                _register()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    if "gymnasium" in sys.modules:
        with contextlib.suppress(Exception):
            _register()
    elif importlib.util.find_spec("gymnasium") is not None and \
            not any(isinstance(f, _AfterGymnasium) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterGymnasium())
