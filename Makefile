# Everything a fresh machine with only python3 needs: `make run`, `make test`, `make check`, `make bench`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test check bench clean phone

# Each target installs only what it needs, once, and says in one line what it is doing:
# `make run` the app with its server; `make test` adds the test tools, `make check` the linters.
$(VENV)/.made:
	@echo "== making a Python environment for the app in $(VENV)"
	@test -x $(PY) || python3 -m venv $(VENV)
	@touch $@

$(STAMP): $(VENV)/.made pyproject.toml constraints.txt
	@echo "== installing the app and what serving it needs (flet-web, segno): about a minute the first time"
	@$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[server]'
	@touch $@

$(VENV)/.test-tools: $(STAMP)
	@echo "== adding the test tools (pytest, hypothesis, playwright)"
	@$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[server,test]'
	@touch $@

$(VENV)/.check-tools: $(STAMP)
	@echo "== adding the linters (ruff, mypy, import-linter)"
	@$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[server,check]'
	@touch $@

# The phone app (docs/phone.md): the whole app as static files that run in the phone's browser,
# offline, its games in the phone's own storage. `make run` builds it once (then serves it at
# /phone/); `make phone` builds it again after a change (skipped when nothing changed).
phone: $(STAMP)
	@echo "== building the phone app into build/phone (Node.js makes its byte code, where it is installed)"
	@$(PY) -m tools.phone.build

build/phone/app/build.json: | $(STAMP)
	@echo "== building the phone app into build/phone, once (make phone builds it again)"
	@$(PY) -m tools.phone.build

run: $(STAMP) build/phone/app/build.json
	@echo "== starting the app (Ctrl-C stops it)"
	$(VENV)/bin/companion $(ARGS)

# The suite runs on two pytest-xdist workers (every machine of this project has two cores; a
# browser test waits much of its time, and the other worker fills it). --dist loadgroup hands out
# test by test, except that a file marked xdist_group keeps its tests on one worker (the wheel's
# in-tree build, the phone app's build). `make test TEST_WORKERS=0` runs it in one process;
# PYTEST_ARGS come last and win (e.g. PYTEST_ARGS="-n 0 tests/games/test_cards.py").
TEST_WORKERS ?= 2
test: $(VENV)/.test-tools
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# The layers' checks: lint, strict types for the pure rules, types for the table (pydantic plugin),
# the views and the server, and the import contracts
# (views -> companion -> calculators; no Flet below views; no I/O in calculators; no import circles).
check: $(VENV)/.check-tools
	$(VENV)/bin/ruff check card_companion tests benchmarks tools
	$(VENV)/bin/mypy --strict --follow-imports=silent card_companion/calculators
	$(VENV)/bin/mypy card_companion/companion card_companion/views card_companion/server card_companion/games.py card_companion/app.py card_companion/cli.py card_companion/phone.py card_companion/memory.py
	$(VENV)/bin/lint-imports

bench: $(VENV)/.test-tools
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache test-output
