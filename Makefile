# Set-up, tests, docs and benchmarks. Everything runs in the project's own virtual environment.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install install-docs test test-fast lint docs check serve train bench bench-serve browser

# The content (torch, labml), the generator and the test tools. torch is pinned first so that
# the `torch>=2.1` requirement does not pull a multi-gigabyte CUDA build on a CPU machine.
install:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e . --group test
	$(PY) -m pip install --quiet -e ./generator
	$(MAKE) --no-print-directory browser

# Debian's Chromium for the browser tests (installed when missing and this is root on Debian).
browser:
	@if command -v chromium >/dev/null 2>&1; then echo "chromium: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "chromium not found: install it (e.g. apt-get install chromium) to run the browser tests"; fi

# Only what building the site needs: no torch, no labml. The generator's own ranges are met by
# the pinned versions of the docs group, installed first, so the committed docs/ rebuild exactly.
install-docs:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --group docs
	$(PY) -m pip install --quiet -e ./generator

# The site is checked twice: as built, and with every fast path off (the libraries alone), byte for byte.
test: lint
	$(PY) -m pytest -q
	$(PY) build_site.py check --strict
	SITEGEN_FAST_PATHS=0 $(PY) build_site.py check --strict --no-cache
	$(PY) build_site.py translate status --lang all --strict

# The edit loop: everything but the slow tests, in well under a minute.
test-fast:
	$(PY) -m pytest -q -m "not slow"

lint:
	$(PY) -m ruff check generator tests bench build_site.py
	$(PY) -m ruff format --check generator tests bench build_site.py
	$(PY) -m mypy

docs:
	$(PY) build_site.py build --lang all

check:
	$(PY) build_site.py check --strict

serve:
	$(PY) build_site.py serve

train:
	$(PY) -m labml_nn.transformers.basic.autoregressive_experiment

bench:
	$(PY) -m pip install --quiet --group bench
	$(PY) bench/build_bench.py

# The preview server: save to reload in Chromium, and 200 clients on loopback for 10 s.
bench-serve:
	$(PY) bench/reload_bench.py
	$(PY) bench/serve_load.py
