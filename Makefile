# The two commands: `make run` (portal) and `make test` (test suite). See README.md.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# Python 3.13 preferred, 3.12 accepted; pyenv installs are found even when not on PATH.
PYTHON_BIN := $(shell for c in python3.13 python3.12 $$HOME/.pyenv/versions/3.13*/bin/python3.13 $$HOME/.pyenv/versions/3.12*/bin/python3.12 /usr/local/bin/python3.13 /usr/bin/python3.13 /usr/bin/python3.12; do \
	if "$$c" -c 'import sys; assert sys.version_info[:2] in ((3,13),(3,12))' >/dev/null 2>&1; then echo "$$c"; break; fi; done)

.PHONY: run test test-postgres loadtest install install-dev prepare serve lint bench quality check-python

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

## Lint, format and type checks, then the whole test suite; then, when PORTAL_TEST_POSTGRES_URL
## names a PostgreSQL server (`.ci/run` starts one), the database-touching tests again on it.
test: lint
	$(PY) -m pytest
	@if [ -n "$$PORTAL_TEST_POSTGRES_URL" ]; then $(MAKE) --no-print-directory test-postgres; fi

# Worker-process tests share a SQLite file with a worker subprocess by design (tests/reindex_support.py),
# and the in-process worker closes the test transaction's PostgreSQL connection: SQLite pass only.
PG_SKIP := --ignore=tests/ops/test_reindex_worker.py \
	--deselect tests/ops/test_reindex_requests.py::test_in_process_worker_command_runs_a_requested_build \
	--deselect tests/ops/test_reindex_requests.py::test_worker_command_recovers_dead_builds_when_it_starts \
	--deselect tests/ops/test_build_bookkeeping.py::test_a_killed_command_line_build_is_settled_by_the_next_worker_start

## The database-touching tests on PostgreSQL (PORTAL_TEST_POSTGRES_URL=postgres://user:pw@host/db).
test-postgres: install-dev
	@test -n "$$PORTAL_TEST_POSTGRES_URL" || { echo "error: set PORTAL_TEST_POSTGRES_URL=postgres://user:password@host:5432/db" >&2; exit 1; }
	@echo "--- the database-touching tests again, on PostgreSQL"
	DATABASE_URL="$$PORTAL_TEST_POSTGRES_URL" $(PY) -m pytest -m "not browser and not realdata and not load" $(PG_SKIP)

## A longer load run against gunicorn on loopback; prints the figures docs/operations.md quotes and keeps
## them in var/loadtest-latest.json. `make test` runs a short round of the same test.
loadtest: install-dev
	PORTAL_LOAD_REQUESTS=$${PORTAL_LOAD_REQUESTS:-4000} PORTAL_LOAD_SECONDS=$${PORTAL_LOAD_SECONDS:-120} \
		$(PY) -m pytest -p no:cacheprovider -s -m load tests/load

## ruff (lint and format) on the whole tree, mypy on the product code, the layering contracts
## of pyproject.toml ([tool.importlinter]); any finding fails.
lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy search portal
	$(VENV)/bin/lint-imports

## Benchmarks on the real data: tables on stdout, bench/out/report.md (docs/performance.md).
## The bench builds its own scratch indexes, so it needs the data loaded but not `reindex`.
## `make bench BENCH_ARGS=--quick` is a smoke run.
bench: install
	@mkdir -p var
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py createcachetable
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py ingest_statutes
	$(PY) manage.py ingest_papers
	$(PY) -m bench $(BENCH_ARGS)

## Answer quality on every dev set, the portal against SQLite FTS5 and raw tantivy BM25 (a few
## minutes; bench/out/quality.md). `make quality QUALITY_ARGS="--sets statutes_questions_dev --per-query"`.
quality: install
	$(PY) -m bench.quality $(QUALITY_ARGS)
