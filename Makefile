# The README's two commands. Each installs what it needs first, so a fresh clone just works.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: play test test-unit test-pyodide bench bench-pyodide clean

## play: build and serve the game at http://localhost:$(PORT)
play: $(VENV)/.stamp
	@echo "The web page is not built yet: it arrives with the playable-game issue."
	@echo "Meanwhile the engine can be played in a terminal:  $(PY) -m game CR1-N-AAAAAAB"

## test: the unit tests (CPython) and the engine check under Pyodide (Node)
test: $(VENV)/.stamp node_modules/.stamp
	$(PY) -m pytest

test-unit: $(VENV)/.stamp
	$(PY) -m pytest --ignore=tests/test_pyodide.py

test-pyodide: node_modules/.stamp
	node tests/pyodide/run.mjs

## bench: engine throughput (see README for the targets)
bench: $(VENV)/.stamp
	$(PY) -m bench.engine

## bench-pyodide: the same benchmark on Pyodide's Python 3.14 (WebAssembly, under Node)
bench-pyodide: node_modules/.stamp
	node tests/pyodide/run.mjs -m bench.engine

$(VENV)/.stamp: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) node_modules .hypothesis .pytest_cache
