# Everyday commands; each works from a fresh clone.
.PHONY: setup demo test lint bench

setup:
	bash scripts/setup.sh

demo: setup
	bash scripts/demo.sh

test: setup
	.venv/bin/pytest

lint:
	.venv/bin/ruff check shipyard tests bench
	.venv/bin/mypy

bench:
	.venv/bin/python bench/bench_design.py
	.venv/bin/python bench/bench_sheet.py
	.venv/bin/python bench/bench_duel.py
