# Everyday commands; each works from a fresh clone (the first sets up .venv, and it is set up
# again only when pyproject.toml or scripts/setup.sh changes).
.PHONY: setup demo lint check test bench

VENV_STAMP := .venv/.set-up

$(VENV_STAMP): pyproject.toml scripts/setup.sh
	bash scripts/setup.sh
	touch $@

setup: $(VENV_STAMP)

demo: setup
	bash scripts/demo.sh

# lint and types
lint: setup
	.venv/bin/ruff check shipyard tests bench scripts
	.venv/bin/mypy

# the developer's loop: lint, types and the fast tier (fights uncompiled; about 3 minutes)
check: lint
	.venv/bin/pytest

# what CI runs (.ci/run): lint, types and every tier (compiled fights, slow checks, packaging),
# spread over every core
test: lint
	.venv/bin/pytest -m "" -n logical --dist worksteal

bench: setup
	.venv/bin/python bench/bench_design.py
	.venv/bin/python bench/bench_sheet.py
	.venv/bin/python bench/bench_duel.py
