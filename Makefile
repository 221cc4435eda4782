# Set-up, tests, docs and benchmarks. Everything runs in the project's own virtual environment.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install install-docs test test-fast lint docs check serve train bench bench-serve browser

# A fresh clone needs two commands, `make docs` and `make test`: each sets up what it needs first
# (once: the stamps below, made again when a pyproject.toml changes). `make install` and
# `make install-docs` do the same on demand.
READY_DOCS := $(VENV)/.ready-docs
READY_TEST := $(VENV)/.ready-test

# The content (torch, labml), the generator and the test tools. torch is pinned first so that
# the `torch>=2.1` requirement does not pull a multi-gigabyte CUDA build on a CPU machine.
install:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e . --group test
	$(PY) -m pip install --quiet -e ./generator
	$(MAKE) --no-print-directory browser
	touch $(READY_DOCS) $(READY_TEST)

$(READY_TEST): pyproject.toml generator/pyproject.toml
	$(MAKE) --no-print-directory install

# Debian's Chromium for the browser tests, with the CJK fonts the zh and ja pages need (installed
# when missing and this is root on Debian; without them those pages show boxes for their text).
browser:
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	[ -n "$$(fc-list :lang=zh 2>/dev/null)" ] || missing="$$missing fonts-noto-cjk"; \
	if [ -z "$$missing" ]; then echo "chromium: $$(command -v chromium), with CJK fonts"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else echo "missing for the browser tests:$$missing (e.g. apt-get install$$missing)"; fi

# Only what building the site needs: no torch, no labml. The generator's own ranges are met by
# the pinned versions of the docs group, installed first, so the committed docs/ rebuild exactly.
install-docs:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --group docs
	$(PY) -m pip install --quiet -e ./generator
	touch $(READY_DOCS)

$(READY_DOCS): pyproject.toml generator/pyproject.toml
	$(MAKE) --no-print-directory install-docs

# The tests in a process a core (at most 4); each test goes to whichever process is free, so that the
# long browser tests do not end up queued behind one another. Then, alone, those marked `serial`.
# The site is checked twice: as built, and with every fast path off (the libraries alone), byte for byte.
test: $(READY_TEST)
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest -q -n auto --maxprocesses 4 --dist worksteal -m "not serial"
	$(PY) -m pytest -q -m serial
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

docs: $(READY_DOCS)
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
