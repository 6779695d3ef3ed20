"""Device-time mode: every firmware step advances the virtual clock by what it costs on the chip.

The simulator's clock is virtual, so a render that takes 35 ms on a Pico takes 0 ms there. In
this mode each step the shell's tasks run is charged with `clock.busy_us(cost)`: time passes
and hardware events (a key going down, a timer interrupt) still fire at their own times, but no
other task runs meanwhile, as on the chip. Costs come from bench/device_costs.json, which
`make bench RECORD=1` writes from its fuel measurements (see that file for how). Wire time is
charged on the fake buses, transfer by transfer, where the bytes move (wire_time.py).

On top of those fuel-derived costs, the table's fixed costs (issue 27, calibrated to a profile
of the chip: tools/bench/devicetime.py) are charged as they happen: "call_spi", "call_i2c",
"call_pin" and "call_pio" for every call the firmware makes into machine.SPI, I2C, Pin (and PWM,
ADC) and the rp2 state machine, before the call; "step_fixed" on every step charged; "wake"
after every `stepped`, i.e. once per task wake-up that ran a step (the asyncio scheduler, the
sleep and `stepped` itself: what the chip spends between two steps). A table without them
charges 0 there.

STEPS below is the whole mapping from firmware step to cost: when the firmware's step names
change (scanning moved into a machine.Timer callback and a drain step, say), add a line there.
A callable that is not a BankUnit method (a timer callback) is charged with `charged(kind, fn)`.
"""

import json
import pathlib

from host_sim.wire_time import time_i2c, time_spi

COSTS_FILE = pathlib.Path(__file__).resolve().parent.parent / "bench" / "device_costs.json"

# BankUnit method -> how its cost is charged (the methods of DeviceTime named _step_<how>):
#   scan: "scan_idle", or "scan_event" when the keypad handed the shell an event in it
#   poll: "poll_empty" / "poll_card_lying" / "poll_card_in_or_out", plus the MFRC522 timer's
#         wait when the reader's last exchange timed out (no card answered); nothing when the
#         step touched no reader (a card-less edition, a missing reader)
#   render: "render_check" for every call; a render that draws pays "render_draw" plus
#         "render_per_call_ns" per drawing call on the display's canvas, before its first I2C
#         byte goes (then each byte's wire time)
#   poll_start: "poll_start" (the field on), nothing when the step touched no reader
#   a cost name: that cost, after the step
# The keypad's machine.Timer callback (an interrupt on the chip) is charged where it fires:
# "sample_idle" when it read only the columns, "sample_held" when a probe of one row found the
# keys of its last scan still held, "sample_scan" when it scanned row by row.
# With the rp2 PIO scanner (drivers.keypad_pio_program) the scanning is the state machine's and
# costs the CPU nothing; its IRQ handler, the drain, is charged "drain" per change it moved into
# the ring (at least one: a run that found the FIFO without a whole change still ran).
STEPS = {
    "scan_keys": "scan",
    "start_poll": "poll_start",
    "poll_reader": "poll",
    "render_screen": "render",
    "tick": "tick",
    "check_battery": "battery",
    "boot": "boot",
    "stepped": "wake",
}
# The fixed costs of issue 27 (see above): 0 in a table recorded before them.
FIXED = ("call_spi", "call_i2c", "call_pin", "call_pio", "step_fixed", "wake")
# Board attribute -> (cost name, the methods the firmware calls on it). The keypad's rows and
# columns are left out: with the PIO scanner only the state machine's model touches them, and
# the timer sampler's reads are in its "sample_*" costs.
HW_CALLS = {
    "green_spi": ("call_spi", ("write", "read", "readinto", "write_readinto")),
    "red_spi": ("call_spi", ("write", "read", "readinto", "write_readinto")),
    "i2c": ("call_i2c", ("writeto", "writevto", "readfrom", "readfrom_into", "scan")),
    "green_cs": ("call_pin", ("value",)),
    "red_cs": ("call_pin", ("value",)),
    "green_rst": ("call_pin", ("value",)),
    "red_rst": ("call_pin", ("value",)),
    "piezo": ("call_pin", ("freq", "duty_u16")),
    "vsys": ("call_pin", ("read_u16",)),
    "key_sm": ("call_pio", ("init", "active", "irq", "rx_fifo", "get", "put")),
}
PIEZO_STEP = "piezo_step"  # the piezo driver's step(), run by its own task
# Each wake from light sleep (app.power) on the chip: the rp2 port's lightsleep restarts the
# PLLs and the clocks it stopped (ports/rp2/modmachine.c), then the keypad's columns are read.
# An estimate, not measured on the chip: the PLL's lock and the clocks' set-up, about 0.2 ms,
# and the Python around the call.
SLEEP_WAKE_US = 300

# A language's table read from the flash (ui.lang.Table: at boot its index, then a seek and a
# readinto of one text, at most 63 bytes, for each line not cached), as the chip reads it: not in
# the fuel (the bench brackets file calls as hardware), so modelled here from the parts' data.
# MicroPython's stream calls go into LittleFS (extmod/vfs_lfsx_file.c). A seek away from the
# file's cache window leaves the read to load, through rp2.Flash.readblocks (a memcpy from the
# XIP window, ports/rp2/rp2_flash.c), the skip-list pointers from the file's last block to the
# text's (the French table, 12.9 KB, spans four 4 KB blocks: at most two pointer reads, each a
# read_size load of 32 bytes) and the file's cache: cache_size bytes, 4 x the rp2 mount's
# progsize of 256 (extmod/vfs_lfsx.c, ports/rp2/modules/_boot.py), 1,024 from the text on (less
# at a block's end). Each 8-byte XIP cache line the copy misses is one QSPI transfer in the
# boot stage 2's continuous quad read: 8 clocks of address and mode bits, 4 dummy clocks, 16 of
# data, 28 clocks of SCK at 125 MHz / 4 = 31.25 MHz (RP2040 datasheet 2.6.3, the divider of
# boot2_w25q080.S; MicroPython's own flash timing also gives 4 for a 60 MHz flash at 125 MHz):
# 0.896 us a line. The copy counted as missing the XIP cache throughout (it holds the
# interpreter's code too), and the read as leaving the file's cache window: an upper bound.
# The C of the two stream calls (seek, readinto) is charged as two hardware calls at the
# calibrated cost of one ("call_pin": every kind costs the same). A text read: 136 lines,
# 122 us, and the calls (2 x 11 us with the table of 2026-12-06): about 144 us.
LFS_CACHE_BYTES = 1024
LFS_POINTER_BYTES = 2 * 32
XIP_LINE_BYTES = 8
XIP_LINE_US = 28 / 31.25


def table_reads_us(reads: int, nbytes: int, call_us: int) -> int:
    """Device us of `reads` reads of a language's table moving `nbytes` in all (see above)."""
    if not reads:
        return 0
    moved = max(nbytes, reads * LFS_CACHE_BYTES) + reads * LFS_POINTER_BYTES
    return round(-(-moved // XIP_LINE_BYTES) * XIP_LINE_US + 2 * reads * call_us)


# MFRC522 registers the timer wait is read from (datasheet 9.3): whatever the driver set.
_COM_IRQ = 0x04
_TIMER_IRQ = 0x01
_T_MODE = 0x2A
_T_PRESCALER = 0x2B
_T_RELOAD_H = 0x2C
_T_RELOAD_L = 0x2D
_KEY_PRESS = 1  # drivers.keypad.Keypad.PRESS
# The canvas (framebuf) methods whose calls a render's drawing cost follows; the same list as
# tools/bench/guest.py's CANVAS_CALLS, where the bench counts them.
CANVAS_CALLS = ("fill", "fill_rect", "hline", "vline", "rect", "pixel", "text", "blit", "line")


# A cost a table recorded before its step existed lacks is charged as the step it came out of
# (re-recording the table with `make bench RECORD=1` gives its own figure).
OLDER_NAMES = {"sample_held": "sample_scan", "drain": "sample_held"}


def load_costs(path=COSTS_FILE) -> dict:
    """{edition: {cost name: microseconds}} from the stored cost table."""
    return json.loads(pathlib.Path(path).read_text())["editions"]


def timer_wait_us(regs) -> int:
    """How long the MFRC522's timer runs, as its registers are set: (2 x TPrescaler + 1) x
    (TReload + 1) cycles of 13.56 MHz."""
    prescaler = (regs[_T_MODE] & 0x0F) << 8 | regs[_T_PRESCALER]
    reload = regs[_T_RELOAD_H] << 8 | regs[_T_RELOAD_L]
    return (2 * prescaler + 1) * (reload + 1) * 100 // 1356


class TableFile:
    """A language table's open file (ui.lang.Table.file) whose reads call `read(nbytes)`."""

    def __init__(self, inner, read) -> None:
        self._inner = inner
        self._read = read

    def seek(self, *args):
        return self._inner.seek(*args)

    def read(self, *args):
        data = self._inner.read(*args)
        self._read(len(data))
        return data

    def readinto(self, buffer):
        count = self._inner.readinto(buffer)
        self._read(count or 0)
        return count

    def close(self):
        return self._inner.close()


class DeviceTime:
    """Charges a unit's steps on the clock and records what a test measures: every keypad event
    the shell took (`delivered`: (kind, key, at_us)), every frame sent (`frames`: (render
    start us, end of its last I2C byte us, bytes)) and the busy time of each step by cost name
    (`step_us`), with the hardware calls the firmware made in each (`step_calls`, every kind
    together: their fixed costs are in `step_us`)."""

    def __init__(self, clock, parts, board, costs: dict) -> None:
        self.clock = clock
        self.parts = parts
        self.costs = costs
        self.unit = None
        self.delivered: list = []
        self.frames: list = []
        self.step_us: dict = {}
        self.step_calls: dict = {}
        self.hw_calls = 0  # hardware calls the firmware made so far (charged: see HW_CALLS)
        self.table_reads = 0  # reads of the screen's language table from the flash so far
        self._stepping = 0  # inside a charged step: its hardware calls are the firmware's
        self._hw_depth = 0  # inside a hardware call: the models' own calls are not charged
        self._keypad = None
        self._render = None  # while a render runs: [start us, draw not yet charged, bytes, end]
        self._canvases: list = []  # the framebufs whose drawing calls are counted
        self._depth = 0  # canvas calls inside a canvas call (hline -> fill_rect) are not counted
        self.canvas_calls = 0
        # The readers' buses, each once (a test may put both readers on one).
        self.spis = [board.green_spi]
        if board.red_spi is not board.green_spi:
            self.spis.append(board.red_spi)
        self.board = board
        time_i2c(board.i2c, clock, self._i2c_starts, self._i2c_written)
        for spi in self.spis:
            time_spi(spi, clock)
        wrapped: list = []
        for attribute, (cost, methods) in HW_CALLS.items():
            part = getattr(board, attribute, None)
            if part is not None and not any(part is done for done in wrapped):
                wrapped.append(part)
                for method in methods:
                    if hasattr(part, method):
                        setattr(part, method, self._hw_call(cost, getattr(part, method)))

    def _spi_bytes(self) -> int:
        return sum(spi.bytes_moved for spi in self.spis)

    def _hw_call(self, cost: str, method):
        """method, charged its fixed cost when the firmware calls it from a step."""

        def call(*args, **kwargs):
            if self._hw_depth or not self._stepping:
                return method(*args, **kwargs)
            self.hw_calls += 1
            self.clock.busy_us(self.cost(cost))
            self._hw_depth += 1
            try:
                return method(*args, **kwargs)
            finally:
                self._hw_depth -= 1

        return call

    # ---- wiring into a freshly built unit (again at every boot) ------------------------------

    def attach(self, unit) -> None:
        self.unit = unit
        self._keypad = None
        for name, how in STEPS.items():
            real = getattr(unit, name)
            maker = getattr(self, "_step_" + how, None)
            setattr(unit, name, maker(real) if maker else self.charged(how, real))
        piezo = unit.piezo
        if piezo is not None and not hasattr(piezo.step, "device_cost"):  # once per driver
            piezo.step = self.charged(PIEZO_STEP, piezo.step)
        if unit.display is not None:
            self._count_calls(unit.display.canvas)
            # The page view (ui.render draws whole-page regions, big glyphs and lines of small
            # text through it): its calls are drawing calls too, as the bench counts them.
            pages = getattr(unit.display, "pages", None)
            if pages is not None:
                self._count_calls(pages)
        sleeper = unit.sleeper
        if sleeper is not None and not hasattr(sleeper, "device_cost"):
            unit.sleeper = self._slept(sleeper)
        timer = getattr(self.board, "key_timer", None)
        if timer is not None:
            timer.on_fire = self._sampled
        key_sm = getattr(self.board, "key_sm", None)
        if key_sm is not None:
            key_sm.on_fire = self._drained
        # The screen's language table, read at boot (its index: not charged, boot is a cost of
        # its own); a table the menu chooses later is not charged (the unit is not rebooted).
        table = getattr(getattr(unit, "screen", None), "lang", None)
        if table is not None and table.file is not None and not isinstance(table.file, TableFile):
            table.file = TableFile(table.file, self._table_read)

    def _table_read(self, nbytes: int) -> None:
        """A read of the language table's file: table_reads_us on the clock inside a step."""
        self.table_reads += 1
        if self._stepping:
            self.clock.busy_us(table_reads_us(1, nbytes, self.cost("call_pin")))

    def _slept(self, sleeper):
        """machine.lightsleep, then the wake's cost (SLEEP_WAKE_US) as busy time."""

        def sleep(ms):
            sleeper(ms)
            self.clock.busy_us(SLEEP_WAKE_US)

        sleep.device_cost = "sleep_wake"
        return sleep

    def _drained(self, handler, sm) -> None:
        """The keypad state machine's IRQ: its handler (the drain), then its cost."""
        keypad = handler.__self__  # drivers.pio_keypad.PioKeypad._drain, bound
        moved = keypad.drained
        mark = self._mark()
        self._inside(handler, sm)
        changes = max(1, keypad.drained - moved)
        self._spent("drain", mark, self.cost("drain") * changes)

    def _sampled(self, callback, timer) -> None:
        """The keypad timer's interrupt: its callback, then its cost on the clock."""
        keypad = callback.__self__  # drivers.keypad.Keypad._sample, bound
        scans, probes = keypad.scans, keypad.probes
        mark = self._mark()
        self._inside(callback, timer)
        if keypad.scans != scans:
            name = "sample_scan"
        elif keypad.probes != probes:
            name = "sample_held"
        else:
            name = "sample_idle"
        self._spent(name, mark, self.cost(name))

    def _count_calls(self, canvas) -> None:
        if any(canvas is counted for counted in self._canvases):
            return  # wrapped already (the display is kept across a reboot)
        self._canvases.append(canvas)
        for name in CANVAS_CALLS:
            if hasattr(canvas, name):
                setattr(canvas, name, self._counted(getattr(canvas, name)))

    def _counted(self, method):
        def call(*args):
            if not self._depth:
                self.canvas_calls += 1
            self._depth += 1
            try:
                return method(*args)
            finally:
                self._depth -= 1

        return call

    def cost(self, name: str) -> int:
        edition = self.unit.edition.name
        table = self.costs.get(edition)
        if table is not None and name not in table:
            if name in FIXED:
                return 0  # a table recorded before issue 27's fixed costs
            name = OLDER_NAMES.get(name, name)
        if table is None or name not in table:
            raise KeyError("no device cost %r for %s in the cost table" % (name, edition))
        return table[name]

    def charged(self, name: str, step):
        """step(...), then its cost `name` on the clock."""

        def run(*args):
            mark = self._mark()
            result = self._inside(step, *args)
            self._spent(name, mark, self.cost(name))
            return result

        run.device_cost = name
        return run

    def _mark(self) -> tuple:
        """Where a step starts: the busy time and the hardware calls so far."""
        return self.clock.busy_total_us, self.hw_calls

    def _inside(self, step, *args):
        """step(*args), its hardware calls charged as the firmware's."""
        self._stepping += 1
        try:
            return step(*args)
        finally:
            self._stepping -= 1

    def _spent(self, name: str, mark: tuple, us: int) -> None:
        """The step's own cost `us` on the clock, with the fixed cost of a step (not for the
        wake-up, which is between steps), then its busy time and hardware calls recorded."""
        fixed = 0 if name == "wake" else self.cost("step_fixed")
        self.clock.busy_us(us + fixed)
        self.step_us.setdefault(name, []).append(self.clock.busy_total_us - mark[0])
        self.step_calls.setdefault(name, []).append(self.hw_calls - mark[1])

    # ---- the step kinds --------------------------------------------------------------------

    def _step_scan(self, scan):
        def run(now):
            mark = self._mark()
            self._count_events(self.unit.keypad)
            events = len(self.delivered)
            self._inside(scan, now)
            name = "scan_event" if len(self.delivered) > events else "scan_idle"
            self._spent(name, mark, self.cost(name))

        return run

    def _count_events(self, keypad) -> None:
        """Records every event the shell pops from this keypad (a new one after an edition
        change), with the time it was taken."""
        if keypad is self._keypad:
            return
        self._keypad = keypad
        pop = keypad.pop
        delivered = self.delivered
        clock = self.clock

        def counted():
            event = pop()
            if event is not None:
                delivered.append((event[0], event[1], clock.now_us))
            return event

        keypad.pop = counted

    def _step_poll(self, poll):
        def run(slot, now):
            mark = self._mark()
            unit = self.unit
            before = unit.slots[slot].uid if unit.slots[slot] is not None else None
            moved = self._spi_bytes()
            self._inside(poll, slot, now)
            if self._spi_bytes() == moved:
                return  # no reader was touched
            after = unit.slots[slot].uid if unit.slots[slot] is not None else None
            chip = self.parts.reader(slot)
            if after != before:
                name = "poll_card_in_or_out"
            else:
                name = "poll_card_lying" if chip.cards else "poll_empty"
            wait = timer_wait_us(chip.regs) if chip.regs[_COM_IRQ] & _TIMER_IRQ else 0
            self._spent(name, mark, self.cost(name) + wait)

        return run

    def _step_poll_start(self, start):
        def run(slot, now):
            mark = self._mark()
            moved = self._spi_bytes()
            self._inside(start, slot, now)
            if self._spi_bytes() != moved:  # a reader was touched
                self._spent("poll_start", mark, self.cost("poll_start"))

        return run

    def _step_render(self, render):
        def run(now):
            mark = self._mark()
            self.clock.busy_us(self.cost("render_check"))
            state = self._render = [self.clock.now_us, True, 0, 0, self.canvas_calls]
            try:
                sent = self._inside(render, now)
            finally:
                self._render = None
            if state[1] and self.canvas_calls != state[4]:
                self.clock.busy_us(self._draw_us(state))  # drawn, and nothing sent
            if state[2]:
                self.frames.append((state[0], state[3], state[2]))
            self._spent("render_sent" if sent else "render_unchanged", mark, 0)
            return sent

        return run

    def _draw_us(self, state) -> int:
        calls = self.canvas_calls - state[4]
        return self.cost("render_draw") + self.cost("render_per_call_ns") * calls // 1000

    def _i2c_starts(self, nbytes: int) -> None:
        state = self._render
        if state is not None and state[1] and self.canvas_calls != state[4]:
            state[1] = False
            self.clock.busy_us(self._draw_us(state))  # the drawing came before the first byte

    def _i2c_written(self, address: int, nbytes: int) -> None:
        state = self._render
        if state is not None:
            state[2] += nbytes
            state[3] = self.clock.now_us  # the last byte of this frame so far is on the glass

    # ---- what tests read --------------------------------------------------------------------

    def presses(self, since: int = 0) -> list:
        """Keys the shell took as pressed, oldest first, from delivered[since:]."""
        return [key for kind, key, _ in self.delivered[since:] if kind == _KEY_PRESS]

    def latencies(self, typed: list, since: int = 0) -> list:
        """For each (key, down_us) typed: microseconds from its key-down to the end of the last
        I2C byte of the first frame sent after the shell took the key; None for a key the
        shell never took (lost) or that no frame followed."""
        taken = [(key, at) for kind, key, at in self.delivered[since:] if kind == _KEY_PRESS]
        out = []
        index = 0
        for key, down in typed:
            match = index
            while match < len(taken) and (taken[match][0] != key or taken[match][1] < down):
                match += 1
            if match == len(taken):
                out.append((key, None))  # lost: the next typed key looks from the same place
                continue
            at = taken[match][1]
            index = match + 1
            ends = [end for start, end, _ in self.frames if start >= at]
            out.append((key, ends[0] - down if ends else None))
        return out
