# Two commands on a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run dev test lint messages stop bench chromium gettext

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# The production server (manage.py serve), a Celery worker and beat; see the README. `make dev`: runserver instead.
# The WhatsApp simulator is off unless enabled: these two local commands enable it (MAGIE_SIMULATOR=false to not).
run: $(STAMP)
	MAGIE_SIMULATOR=$${MAGIE_SIMULATOR:-true} $(PY) manage.py up

dev: $(STAMP)
	MAGIE_SIMULATOR=$${MAGIE_SIMULATOR:-true} $(PY) manage.py up --dev

test: $(STAMP) chromium gettext
	$(PY) -m pytest $(PYTEST_ARGS)

# Lint and import order (ruff), then types (mypy with django-stubs), both configured in pyproject.toml; CI runs
# them before the tests.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy .

# The translation catalogues (docs/translating.md): makemessages files new and changed words in the staff (locale/)
# and customer (conversations/locale/) catalogues of pt_BR, es, ca and en; compilemessages builds the .mo files the
# servers read (committed). Run after changing a string, and after editing or pulling a .po file.
messages: $(STAMP) gettext
	MAGIE_DEPLOYMENT=$${MAGIE_DEPLOYMENT:-development} $(PY) manage.py makemessages
	MAGIE_DEPLOYMENT=$${MAGIE_DEPLOYMENT:-development} $(PY) manage.py compilemessages --ignore=.venv --ignore=.data \
	  --ignore=bench

# The browser tests drive Debian's chromium (Playwright never downloads a browser here): installed when we are root
# with apt-get, else the one command to run is printed. MAGIE_CHROMIUM=/path/to/chromium uses another build.
CHROMIUM_THERE = [ -n "$$MAGIE_CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1
chromium:
	$(call apt_ensure,chromium,$(CHROMIUM_THERE),Debian's chromium,browser tests)

# The catalogue tests and `make messages` run GNU gettext (xgettext, msgmerge, msgen, msgfmt): installed as root
# with apt-get, else the command is printed.
GETTEXT_THERE = command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1
gettext:
	$(call apt_ensure,gettext,$(GETTEXT_THERE),GNU gettext,catalogue tests)

# $(call apt_ensure,<package>,<shell test that it is there>,<its name for people>,<what needs it>): nothing when the
# test passes; else apt-get installs the package when we are root, or the one command to run is printed.
define apt_ensure
	@if $(2); then \
	  exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing $(3) for the $(4) (once)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1) >/dev/null \
	    || { echo "could not install $(1): run  apt-get install -y $(1)  and then make test again"; exit 1; }; \
	else \
	  echo "The $(4) need $(3). Run:  sudo apt-get install -y $(1)   then make test again."; \
	  exit 1; \
	fi
endef

stop: $(STAMP)
	$(PY) manage.py embedded stop

bench: $(STAMP)
	for b in bench/*.py; do $(PY) $$b || exit 1; done
