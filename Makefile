# The two set-up commands: `make play` and `make test`. Both create .venv if missing;
# `make play` installs only what playing needs, `make test` adds the test extra.
# The optional compiled build (setup.py) lives in a venv of its own, .venv-compiled,
# installed from a wheel, never in place: compiled modules beside the sources would
# shadow them, and an edit to a .py file would go untested.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
COMPILED_VENV := .venv-compiled
COMPILED_BIN := $(COMPILED_VENV)/bin
COMPILED_STAMP := $(COMPILED_VENV)/.installed-compiled
SOURCES := $(shell find dominoes_arcade -name '*.py')
# The tests run in parallel, a worker per core and one more (pytest-xdist;
# tests/conftest.py says why), in any order and on
# any worker. Not `--dist loadgroup`: with pytest 9 it no longer keeps a group on one
# worker. PYTEST_ARGS adds options (`.ci/run` passes --durations=15).
PARALLEL := -n auto
PYTEST_ARGS ?=

.PHONY: play test test-fast lint bench tournament clean compiled test-compiled bench-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

$(TEST_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)  ## launch the arcade client
	$(BIN)/dominoes-arcade play

test: $(TEST_STAMP)  ## lint, the import contract, then the whole test suite
	$(BIN)/ruff check dominoes_arcade tests bench
	$(BIN)/lint-imports
	$(BIN)/python -m pytest $(PARALLEL) $(PYTEST_ARGS)

# The inner loop: every test not marked `slow` (engine, bots, CLI, the client's
# scenes and one game of each table), in under a minute.
test-fast: $(TEST_STAMP)  ## the quick tier: lint, the import contract, then the tests not marked slow
	$(BIN)/ruff check dominoes_arcade tests bench
	$(BIN)/lint-imports
	$(BIN)/python -m pytest $(PARALLEL) -m "not slow" $(PYTEST_ARGS)

bench: $(TEST_STAMP)  ## speed measurements (never part of the tests)
	$(BIN)/python bench/engine.py
	@for b in bench/bots.py bench/tournament.py bench/dask_scale.py bench/client.py bench/report.py bench/telemetry.py; do \
		if [ -f $$b ]; then $(BIN)/python $$b || exit 1; fi; done

# The compiled build, with the test and bench extras; rebuilt when a source changes (about two
# minutes: it needs gcc and the Python headers; pip fetches mypy to build with).
$(COMPILED_STAMP): pyproject.toml setup.py $(SOURCES)
	test -x $(COMPILED_BIN)/python || $(PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_BIN)/python -m pip install --quiet --upgrade pip
	$(COMPILED_BIN)/python -m pip install --quiet '.[test,bench]'
	DOMINOES_ARCADE_COMPILE=1 $(COMPILED_BIN)/python -m pip install --quiet --force-reinstall --no-deps .
	touch $(COMPILED_STAMP)

compiled: $(COMPILED_STAMP)  ## build the optional compiled package into .venv-compiled

# Run from an empty folder with pytest's own script, not `python -m pytest` in the
# checkout, so that neither pytest nor the processes the tests start (`python -m
# dominoes_arcade`, bot workers) put the sources on sys.path: the installed compiled
# modules are the ones imported (tests/test_build_compiled.py fails otherwise).
test-compiled: $(COMPILED_STAMP)  ## the whole test suite against the compiled build
	cd "$$(mktemp -d)" && DOMINOES_ARCADE_EXPECT_COMPILED=1 $(CURDIR)/$(COMPILED_BIN)/pytest -p no:cacheprovider \
		-c $(CURDIR)/pyproject.toml --rootdir $(CURDIR) $(PARALLEL) $(PYTEST_ARGS) $(CURDIR)/tests

bench-compiled: $(TEST_STAMP) $(COMPILED_STAMP)  ## the pure and the compiled build side by side
	$(BIN)/python bench/builds.py

tournament: $(PLAY_STAMP)  ## run every shipped tournament spec
	@for spec in tournaments/*.toml; do case $$spec in *.results.toml) continue;; esac; \
		$(BIN)/dominoes-arcade tournament run $$spec || exit 1; done

clean:
	rm -rf $(VENV) $(COMPILED_VENV) build dominoes_arcade.egg-info .pytest_cache .ruff_cache .hypothesis .mypy_cache .import_linter_cache .grimp_cache
