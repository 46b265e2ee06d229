# The two set-up commands: `make play` and `make test`. Both create .venv if missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench tournament clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)  ## launch the arcade client
	$(BIN)/dominoes-arcade play

test: $(STAMP)  ## lint, then the whole test suite
	$(BIN)/ruff check dominoes_arcade tests bench
	$(BIN)/python -m pytest

bench: $(STAMP)  ## speed measurements (never part of the tests)
	$(BIN)/python bench/engine.py
	@for b in bench/bots.py bench/tournament.py bench/client.py; do \
		if [ -f $$b ]; then $(BIN)/python $$b || exit 1; fi; done

tournament: $(STAMP)  ## run every shipped tournament spec
	@for spec in tournaments/*.toml; do case $$spec in *.results.toml) continue;; esac; \
		$(BIN)/dominoes-arcade tournament run $$spec || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
