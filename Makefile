# Every target does its own set-up on a fresh machine: the venv is created and the package installed when missing.
# Two stamps: `make run` installs only what playing needs (the package and its core dependencies); `make test` adds
# the extras the tests use (arena, dev, ray, rl, server).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
BASE   := $(VENV)/.installed-base
DEV    := $(VENV)/.installed-dev

.PHONY: run test lint typecheck bench clean catalog

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(BASE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(BASE)

$(DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[arena,dev,ray,rl,server]'
	touch $(BASE) $(DEV)

run: $(BASE)
	$(BIN)/monsterbox play inn --players 4 --seat 0 --bots heuristic

lint: $(DEV)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(DEV)
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -n 2

bench: $(DEV)
	$(BIN)/python benchmarks/engine.py

# after changing a message: bring the catalogues up to date (then translate what `catalog check` lists)
catalog: $(BASE)
	$(BIN)/python -m monsterbox.core.catalog update
	$(BIN)/python -m monsterbox.core.catalog check

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
