# The README's two commands. Each installs what it needs first, so a fresh clone just works.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
# pytest-xdist workers for make test and make check: one more than this machine's two cores,
# since the browser tests wait on pages (docs/TESTING.md)
JOBS   ?= 3

.PHONY: play build site lint check fuzz audit bench-solver test test-unit test-e2e test-pyodide bench bench-pyodide results results-long daily \
        screenshots clean

PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

## play: build the site and serve it at http://localhost:$(PORT)
play: site
	@echo "Serving the game at http://localhost:$(PORT)/  (Ctrl+C to stop)"
	cd _site && $(PYTHON) -m http.server $(PORT)

## site: _site/, exactly the files to deploy, with the service worker's file list
site: build $(VENV)/.stamp
	$(PY) -m tools.site _site

## build: the pinned Pyodide and PyScript files into static/vendor/, and the PNG icons
build: static/vendor/.stamp static/icons/.stamp

static/icons/.stamp: tools/icons.py
	$(PYTHON) tools/icons.py
	touch $@

static/vendor/.stamp: node_modules/.stamp
	rm -rf static/vendor
	mkdir -p static/vendor/pyodide static/vendor/pyscript
	cd node_modules/pyodide && cp $(PYODIDE_FILES) ../../static/vendor/pyodide/
	cp node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css static/vendor/pyscript/
	touch $@

## lint: ruff (lint and format check) and mypy --strict on game/ (pyproject.toml says what)
lint: $(VENV)/.stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

## test: unit tests (CPython), the engine under Pyodide (Node), browser tests (Chromium)
test:
	$(MAKE) -j2 lint site  # side by side: pip and npm, mypy and the snapshot under Node
	$(PY) -m pytest -n $(JOBS) --dist worksteal tests e2e $(PYTEST_ARGS)

## check: the inner loop, lint and the unit tests on CPython (no browser, no Pyodide)
check: lint
	$(PY) -m pytest -n $(JOBS) --dist worksteal tests --ignore=tests/test_pyodide.py -m "not build"

test-unit: $(VENV)/.stamp
	$(PY) -m pytest tests --ignore=tests/test_pyodide.py

test-e2e: $(VENV)/.stamp site
	$(PY) -m pytest e2e

test-pyodide: node_modules/.stamp
	node tests/pyodide/run.mjs

## bench: engine throughput (docs/PERFORMANCE.md has the numbers and the targets)
bench: $(VENV)/.stamp
	$(PY) -m bench.engine

## fuzz: a storm of random input on each game, the board checked against the engine (not in
## make test): FUZZ_EVENTS=10000 per game, SEED= to replay a failure
FUZZ_EVENTS ?= 10000
fuzz: $(VENV)/.stamp site
	$(PY) e2e/fuzz.py --events $(FUZZ_EVENTS) $(if $(SEED),--seed $(SEED))

## bench-solver: solver states/s on fixed deals and budgets (docs/PERFORMANCE.md)
bench-solver: $(VENV)/.stamp
	$(PY) -m bench.solver

## audit: Lighthouse (pinned in tools/audit/) on the built site, mobile and desktop, median of
## 3 first visits; reports in audit/ (not part of make test)
audit: $(VENV)/.stamp site tools/audit/node_modules/.stamp
	$(PY) -m tools.audit

tools/audit/node_modules/.stamp: tools/audit/package.json tools/audit/package-lock.json
	cd tools/audit && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## bench-pyodide: the same benchmark on Pyodide's Python 3.14 (WebAssembly, under Node)
bench-pyodide: node_modules/.stamp
	node tests/pyodide/run.mjs -m bench.engine

## screenshots: docs/screenshots/*.png, the README's pictures of both games (from _site)
screenshots: $(VENV)/.stamp site
	$(PY) tools/screenshots.py _site

## results: the solver's published batch (docs/SOLVER.md), then the page's winnable lists
RESULTS_STATES ?= 60000
KINDS = $(shell $(PYTHON) -c 'from game.codes import KINDS; print(*KINDS)')
results: $(VENV)/.stamp
	for g in $(KINDS); do \
	  $(PY) -m game.solver --game $$g --deals 0-999 --states $(RESULTS_STATES) --jobs 2 \
	    --csv docs/results/$$g.csv > docs/results/$$g.summary.json || exit 1; done
	$(MAKE) daily

## results-long: Forty Thieves at 1.8 million states a deal (about a minute each on one core),
## LONG_DEALS=0-199 by default, both cores, resumable (docs/SOLVER.md); then the winnable lists.
## LONG_STATES=450000 LONG_CSV=docs/results/FT1-N-450k.csv: the cheaper run that grows the list
LONG_DEALS ?= 0-199
LONG_STATES ?= 1800000
LONG_CSV ?= docs/results/FT1-N-1.8M.csv
results-long: $(VENV)/.stamp
	$(PY) -m game.solver --game FT1-N --deals $(LONG_DEALS) --states $(LONG_STATES) --jobs 2 \
	  --csv $(LONG_CSV)
	$(MAKE) daily

## daily: a winning line for every Crescent deal to list (docs/results/lines/, resumable: only
## new deals are solved), the winnable lists with their grades, the daily pools (append-only),
## the daily deals' lines for Hint (static/data/lines/)
daily: $(VENV)/.stamp
	$(PY) -m tools.daily lines
	$(PY) -m tools.daily deeper
	$(PY) -m tools.winnable
	$(PY) -m tools.daily pools
	$(PY) -m tools.lines

# --no-compile: pip would compile every module of every package (numpy, dask, mypy…) to
# bytecode, 20 s -> 13 s of a fresh clone's set-up; Python compiles what is imported instead
$(VENV)/.stamp: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-compile -r requirements-dev.txt
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) node_modules static/vendor static/icons static/messages _site .hypothesis .pytest_cache \
	       e2e/screenshots .cache
