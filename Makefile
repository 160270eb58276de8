# Two commands on a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test stop bench

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

run: $(STAMP)
	$(PY) manage.py up

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

stop: $(STAMP)
	$(PY) manage.py embedded stop

bench: $(STAMP)
	for b in bench/*.py; do $(PY) $$b || exit 1; done
