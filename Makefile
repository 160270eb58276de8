# Two commands on a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run dev test lint stop bench chromium gettext

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# The production server (manage.py serve), a Celery worker and beat; see the README. `make dev`: runserver instead.
run: $(STAMP)
	$(PY) manage.py up

dev: $(STAMP)
	$(PY) manage.py up --dev

test: $(STAMP) chromium gettext
	$(PY) -m pytest $(PYTEST_ARGS)

# Lint and import order (ruff), then types (mypy with django-stubs), both configured in pyproject.toml; CI runs
# them before the tests.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy .

# The browser tests drive Debian's chromium (Playwright never downloads a browser here): installed when we are root
# with apt-get, else the one command to run is printed. MAGIE_CHROMIUM=/path/to/chromium uses another build.
chromium:
	@if [ -n "$$MAGIE_CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
	  exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium for the browser tests (once)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	    || { echo "could not install chromium: run  apt-get install -y chromium  and then make test again"; exit 1; }; \
	else \
	  echo "The browser tests need Debian's chromium. Run:  sudo apt-get install -y chromium   then make test again."; \
	  exit 1; \
	fi

# The catalogue tests run makemessages/msgfmt (GNU gettext): installed as root with apt-get, else the command is printed.
gettext:
	@if command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1; then \
	  exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing GNU gettext for the catalogue tests (once)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null \
	    || { echo "could not install gettext: run  apt-get install -y gettext  and then make test again"; exit 1; }; \
	else \
	  echo "The catalogue tests need GNU gettext. Run:  sudo apt-get install -y gettext   then make test again."; \
	  exit 1; \
	fi

stop: $(STAMP)
	$(PY) manage.py embedded stop

bench: $(STAMP)
	for b in bench/*.py; do $(PY) $$b || exit 1; done
