# The two commands: `make run` (portal) and `make test` (test suite). See README.md.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# Python 3.13 preferred, 3.12 accepted; pyenv installs are found even when not on PATH.
PYTHON_BIN := $(shell for c in python3.13 python3.12 $$HOME/.pyenv/versions/3.13*/bin/python3.13 $$HOME/.pyenv/versions/3.12*/bin/python3.12 /usr/local/bin/python3.13 /usr/bin/python3.13 /usr/bin/python3.12; do \
	if "$$c" -c 'import sys; assert sys.version_info[:2] in ((3,13),(3,12))' >/dev/null 2>&1; then echo "$$c"; break; fi; done)

.PHONY: run test install install-dev prepare serve lint bench check-python

check-python:
	@if [ -z "$(PYTHON_BIN)" ]; then echo "error: Python 3.13 (or 3.12) is required but neither was found. Install python3.13 and retry." >&2; exit 1; fi

$(VENV)/.installed: requirements.txt | check-python
	@test -x $(PY) || $(PYTHON_BIN) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## Migrate, load data, build stale indexes, ensure the staff account (idempotent, fast when nothing changed).
prepare: install
	@mkdir -p var
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py createcachetable
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py ingest_statutes
	$(PY) manage.py ingest_papers
	$(PY) manage.py reindex all --if-stale
	$(PY) manage.py ensure_admin

## Run the portal: gunicorn on 127.0.0.1:$(PORT) plus the background task worker.
run: prepare
	$(PY) manage.py serve --port $(PORT)

## Run the whole test suite.
test: install-dev
	$(PY) -m pytest

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

## Benchmarks on the real data: tables on stdout, bench/out/report.md (README "Performance").
## The bench builds its own scratch indexes, so it needs the data loaded but not `reindex`.
## `make bench BENCH_ARGS=--quick` is a smoke run.
bench: install
	@mkdir -p var
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py ingest_statutes
	$(PY) manage.py ingest_papers
	$(PY) -m bench $(BENCH_ARGS)
