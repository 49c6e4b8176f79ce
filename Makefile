# Every target does its own set-up on a fresh machine: the venv is created and the package installed when missing.
# Two stamps: `make run` installs only what the server and play need (the package with its server extra); `make test`
# adds the extras the tests use (arena, dev, ray, rl, openspiel, server, train: CPU torch for the training smoke test).
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
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(BASE)

$(DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[arena,dev,ray,rl,openspiel,server,train]'
	touch $(BASE) $(DEV)

# The server on the default SQLite file, the lobby opened in a browser where there is one (monsterbox play: terminal)
run: $(BASE)
	@echo "monsterbox: the lobby is at http://127.0.0.1:8000/ (Ctrl-C stops the server)"
	@($(BIN)/python -c "import time, webbrowser; time.sleep(2); webbrowser.open('http://127.0.0.1:8000/')" \
	  >/dev/null 2>&1 &)
	$(BIN)/monsterbox serve --port 8000

# ruff, then the architecture's import contracts (pyproject.toml, [tool.importlinter]: layers, independent games,
# no circle of modules)
lint: $(DEV)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/lint-imports

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
