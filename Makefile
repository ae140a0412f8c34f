# The README's two commands: `make run` and `make test`. Everything else is set up from here.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench screenshots clean-venv system-deps

$(BIN)/python:
	$(PY) -m venv $(VENV)

# Reinstall whenever the dependency list changes. An editable install leaves the project's own
# modules uncompiled (a wheel's install compiles them): compile them once here, or every command
# compiles ~50 modules again where bytecode is not written.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[ui,dev,postgres]'
	$(BIN)/python -m compileall -q -j 0 app bingo actas drivers store ui
	touch $(STAMP)

system-deps:
	bash scripts/system-deps.sh

run: $(STAMP)
	bash scripts/system-deps.sh --quiet
	$(BIN)/bingo-hall run

test: $(STAMP)
	bash scripts/system-deps.sh --quiet
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python -m bench

# The web panel's layouts at 1920x1080 and 1280x720, mid-partida, into docs/img/.
screenshots: $(STAMP)
	bash scripts/system-deps.sh --quiet
	$(BIN)/python -m tests.server.screenshots

clean-venv:
	rm -rf $(VENV)
