# The two set-up commands: `make play` and `make test`. Both create .venv if missing;
# `make play` installs only what playing needs, `make test` adds the test extra.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test lint bench tournament clean

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

test: $(TEST_STAMP)  ## lint, then the whole test suite
	$(BIN)/ruff check dominoes_arcade tests bench
	$(BIN)/python -m pytest

bench: $(TEST_STAMP)  ## speed measurements (never part of the tests)
	$(BIN)/python bench/engine.py
	@for b in bench/bots.py bench/tournament.py bench/client.py bench/report.py; do \
		if [ -f $$b ]; then $(BIN)/python $$b || exit 1; fi; done

tournament: $(PLAY_STAMP)  ## run every shipped tournament spec
	@for spec in tournaments/*.toml; do case $$spec in *.results.toml) continue;; esac; \
		$(BIN)/dominoes-arcade tournament run $$spec || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
