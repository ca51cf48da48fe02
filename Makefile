# Everything runs from a virtual environment at .venv, created and filled from
# scratch whenever it is missing or older than pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: play Sixteen in the terminal against the heuristic agent
run: $(STAMP)
	$(BIN)/comboarena play sixteen --vs sixteen.heuristic

## make test: ruff, mypy (strict for comboarena/core) and the whole pytest suite
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/python bench/selfplay.py sixteen

clean:
	rm -rf $(VENV) build *.egg-info
