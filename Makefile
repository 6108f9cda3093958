# Everything a fresh machine with only python3 needs: `make run`, `make test`, `make check`, `make bench`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test check bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[server,test,check]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/companion $(ARGS)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

# The layers' checks: lint, strict types for the pure rules, types for the table (pydantic plugin),
# and the import contracts
# (views -> companion -> calculators; no Flet below views; no I/O in calculators).
check: $(STAMP)
	$(VENV)/bin/ruff check card_companion tests benchmarks
	$(VENV)/bin/mypy --strict card_companion/calculators
	$(VENV)/bin/mypy card_companion/companion
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache test-output
