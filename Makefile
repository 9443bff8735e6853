# Marque-carte. `make run` serves the app; `make test` runs ruff and the whole suite.
# Works on a fresh Debian machine with only python3: the Debian packages it needs
# (python3-venv, chromium, gettext) are installed when missing and the user is root.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Stamps: reinstall only when pyproject.toml changes (or the stamp is removed).
BASE_STAMP := $(VENV)/.installed-base
DEV_STAMP := $(VENV)/.installed-dev

SHELL := /bin/bash

.PHONY: venv dev run test lint chromium messages serve-prod

venv: $(BASE_STAMP)

dev: $(DEV_STAMP)

$(BIN)/python:
	@if ! $(PYTHON) -m venv $(VENV) 2>/dev/null; then \
		rm -rf $(VENV); \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "python3 -m venv needs Debian's python3-venv: installing it"; \
			apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv \
				&& $(PYTHON) -m venv $(VENV); \
		else \
			echo "Cannot create $(VENV): install Debian's python3-venv (sudo apt-get install -y python3-venv) and retry." >&2; \
			exit 1; \
		fi; \
	fi

$(BASE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e .
	@touch $@

# The dev extras in the same pip run as the runtime dependencies (one resolve: CI's clean
# clone saves about 7 s); the runtime stamp is then up to date too.
$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[dev]'
	@touch $(BASE_STAMP) $@

# Debian's chromium for the browser tests (never `playwright install`), gettext
# for compilemessages, nginx for the production recipe's test (tests/deploy), node for
# the tests that run the table page's ordering code: installed only when missing, and
# only as root.
chromium:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx-light"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian packages:$$missing"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else \
		echo "*** Missing Debian packages:$$missing" >&2; \
		echo "*** Install them with: sudo apt-get install -y$$missing" >&2; \
		echo "*** (without chromium the browser tests fail; without gettext the English catalogue is not compiled)" >&2; \
	fi

# The English catalogue (the templates are written in French, so the French
# interface works even when gettext is missing).
messages: venv
	@if [ ! -d locale ]; then exit 0; fi; \
	if command -v msgfmt >/dev/null 2>&1; then \
		$(BIN)/python manage.py compilemessages --ignore=$(VENV) --ignore=staticfiles --ignore=data -v 0; \
	else \
		echo "gettext's msgfmt is missing: translations not compiled (the interface stays in French)." >&2; \
	fi

# PORT=8001 make run serves on another port (8000 may be taken).
PORT ?= 8000
run: venv messages
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	@echo "Serving at http://127.0.0.1:$(PORT)/"
	$(BIN)/daphne -b 127.0.0.1 -p $(PORT) config.asgi:application

# Production: N Daphne processes behind nginx on PostgreSQL and Redis (docs/deploy.md).
# `tools/serve_prod.sh restart` restarts them one at a time; `stop` stops everything.
N ?= 2
serve-prod: venv
	tools/serve_prod.sh start $(N)

lint: dev
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

# Two pytest-xdist workers by default (each its own SQLite test database and browser):
# the suite takes about half the time on a two-core machine. PYTEST_WORKERS=0 runs it in one process.
# PYTEST_ARGS: more for pytest (.ci/run leaves out what its PostgreSQL + Redis pass runs).
PYTEST_WORKERS ?= 2
PYTEST_ARGS ?=
test: dev chromium messages lint
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)
