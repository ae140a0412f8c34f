# The README's two commands: `make run` and `make test`. Everything else is set up from here.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test lint bench screenshots clean-venv system-deps lock lowest

$(BIN)/python:
	$(PY) -m venv $(VENV)

# Reinstall whenever the dependency list changes. `make run` installs what running needs (the
# console and PostgreSQL's driver), `make test` the test tools on top. An editable install leaves
# the project's own modules uncompiled (a wheel's install compiles them): compile them once here,
# or every command compiles ~50 modules again where bytecode is not written.
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[ui,postgres]'
	$(BIN)/python -m compileall -q -j 0 app bingo actas drivers store ui
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[ui,dev,postgres]'
	touch $(STAMP)

# the Debian packages of running (`system-deps.sh test` and `hall` name the others)
system-deps:
	bash scripts/system-deps.sh run

run: $(RUN_STAMP)
	bash scripts/system-deps.sh run --quiet
	$(BIN)/bingo-hall run

test: $(STAMP)
	bash scripts/system-deps.sh test --quiet
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
	bash scripts/system-deps.sh test --quiet
	$(BIN)/python -m tests.server.screenshots

# The hall's pinned environment (requirements/hall.lock, with hashes) after a change of the
# dependencies in pyproject.toml: commit what it writes (docs/install.md).
lock:
	bash requirements/compile.sh

# The lowest versions pyproject.toml allows, in a venv of their own: imports and a few tests.
lowest:
	bash scripts/lowest.sh

clean-venv:
	rm -rf $(VENV)
