# Every target does its own set-up on a fresh machine: the venv is created and the package installed when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,rl,openspiel,server]'
	touch $(STAMP)

# The server on the default SQLite file, the lobby opened in a browser where there is one (monsterbox play: terminal)
run: $(STAMP)
	@echo "monsterbox: the lobby is at http://127.0.0.1:8000/ (Ctrl-C stops the server)"
	@($(BIN)/python -c "import time, webbrowser; time.sleep(2); webbrowser.open('http://127.0.0.1:8000/')" \
	  >/dev/null 2>&1 &)
	$(BIN)/monsterbox serve --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
