# Everything runs from a virtual environment at .venv, created and filled from
# scratch whenever it is missing or older than pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck pytest chromium postgresql bench load clean

HOST ?= 127.0.0.1
PORT ?= 8000

$(STAMP): pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: serve the lobby for play in the browser (open the address it prints)
run: $(STAMP)
	$(BIN)/comboarena serve --host $(HOST) --port $(PORT)

## make test: ruff, mypy (strict for comboarena/core) and the whole pytest suite
## (browser and PostgreSQL tests included: chromium and postgresql are installed
## with apt-get when missing, else those tests skip saying why)
test: lint typecheck chromium postgresql pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n auto

chromium:
	@.ci/install-chromium

postgresql:
	@.ci/install-postgresql

bench: $(STAMP)
	$(BIN)/python bench/selfplay.py sixteen

## make load: the play server under 200 concurrent tables of WebSocket clients
load: $(STAMP)
	$(BIN)/python bench/load.py --tables 200 --seconds 30

clean:
	rm -rf $(VENV) build *.egg-info
