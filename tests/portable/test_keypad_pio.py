# The keypad scanned by the rp2 PIO state machine (drivers.keypad_pio_program) on the virtual
# matrix: the same behaviour as the timer's sampler. The state machine is peripherals.rp2_pio's
# model, held to the real opcodes in rp2040-pio-emulator by tests/host/test_keypad_pio_emulated.py.
# micropython-heap: 96k (the model and its assembler beside the driver: 50 KB live at most on the
# 64-bit unix port)
import sys

try:
    import rp2  # noqa: F401  # CPython: host_sim's stand-in
except ImportError:  # MicroPython's unix port: the model is the rp2 module
    from peripherals import rp2_pio

    sys.modules["rp2"] = rp2_pio

from keypad_rig import KEYS_4X4, KEYS_5X5  # noqa: E402

from drivers.pio_keypad import PioKeypad  # noqa: E402
from peripherals.bus import Pin  # noqa: E402
from peripherals.keypad_matrix import KeypadMatrix  # noqa: E402
from peripherals.rp2_pio import StateMachine  # noqa: E402

PRESS = PioKeypad.PRESS
RELEASE = PioKeypad.RELEASE


class Flag:
    def __init__(self):
        self.sets = 0

    def set(self):
        self.sets += 1


class Scanned:
    """A PioKeypad whose state machine scans once per ms of a fake clock; the task scans when
    told, as the keypad task does when woken (by the flag, or at wake_in)."""

    def __init__(self, keymap=KEYS_4X4, start=0):
        rows = [Pin(6 + r, Pin.OPEN_DRAIN, value=1) for r in range(len(keymap))]
        cols = [Pin(11 + c, Pin.IN, Pin.PULL_UP) for c in range(len(keymap[0]))]
        self.matrix = KeypadMatrix(rows, cols, keymap)
        self.sm = StateMachine(0)
        self.sm.wire(rows + cols)
        self.keypad = PioKeypad(rows, cols, keymap, self.sm)
        self.flag = Flag()
        self.now = [start]
        self.keypad.start(self.flag, self.clock)
        self.events = []
        self.seen = 0  # flag sets the task has answered
        self.wake_at = None  # the task's deadline (from wake_in)

    def clock(self):
        return self.now[0]

    def tick_ms(self, ms, changes=()):
        for _ in range(ms):
            self.now[0] += 1
            for at, change in changes:
                if at == self.now[0]:
                    change()
            self.sm.scan()

    def scan(self):
        self.keypad.scan(self.now[0])
        event = self.keypad.pop()
        while event is not None:
            self.events.append(event)
            event = self.keypad.pop()

    def run_task(self, ms, changes=()):
        """ms of the keypad task as app.unit runs it: scans when the flag was set or its
        deadline (wake_in) came, and only then."""
        for _ in range(ms):
            self.tick_ms(1, changes)
            due = self.wake_at is not None and self.now[0] >= self.wake_at
            if self.flag.sets != self.seen or due:
                self.seen = self.flag.sets
                self.scan()
                wait = self.keypad.wake_in(self.now[0])
                self.wake_at = None if wait < 0 else self.now[0] + wait


def taps(matrix, text, start, down=25, up=25):
    changes = []
    for n, key in enumerate(text):
        at = start + (down + up) * n
        changes.append((at, lambda key=key: matrix.press(key)))
        changes.append((at + down, lambda key=key: matrix.release(key)))
    return changes


def test_a_press_is_confirmed_at_its_deadline_by_the_task_alone():
    rig = Scanned()
    rig.run_task(5)
    rig.matrix.press("5")
    rig.run_task(14)
    assert rig.events == []
    rig.run_task(2)
    assert rig.events == [(PRESS, "5")]  # seen at 6, due 15 ms later: taken at 21
    rig.matrix.release("5")
    rig.run_task(30)
    assert rig.events == [(PRESS, "5"), (RELEASE, "5")]
    assert rig.keypad.wake_in(rig.now[0]) == -1  # nothing pending: only the flag wakes it


def test_25_ms_taps_at_20_keys_a_second_survive_a_task_stalled_for_60_ms():
    for phase in range(5):
        rig = Scanned()
        rig.tick_ms(10)
        rig.scan()
        changes = taps(rig.matrix, "1.5M", 20 + phase)
        for _ in range(5):
            rig.tick_ms(60, changes)  # a render, a reader wait, a flash write: 60 ms stall
            rig.scan()
        assert [key for kind, key in rig.events if kind == PRESS] == list("1.5M"), phase
        assert [key for kind, key in rig.events if kind == RELEASE] == list("1.5M"), phase


def test_taps_survive_45_ms_with_interrupts_off():
    for stall in (0, 7, 19, 33):
        rig = Scanned()
        rig.tick_ms(10)
        rig.scan()
        changes = taps(rig.matrix, "1.5M", 20)
        changes.append((10 + stall, lambda rig=rig: rig.sm.mask(True)))
        changes.append((55 + stall, lambda rig=rig: rig.sm.mask(False)))
        rig.run_task(300, changes)
        assert [key for kind, key in rig.events if kind == PRESS] == list("1.5M"), stall
        assert [key for kind, key in rig.events if kind == RELEASE] == list("1.5M"), stall


def test_an_idle_keypad_never_wakes_the_task():
    rig = Scanned()
    rig.tick_ms(5)
    assert rig.flag.sets == 1  # the first scan (the baseline) is a change
    rig.scan()
    rig.tick_ms(1000)
    assert rig.flag.sets == 1 and rig.keypad.drains == 1
    assert rig.sm.scans == 1005
    assert rig.events == []


def test_a_held_key_costs_the_cpu_nothing_until_it_moves():
    rig = Scanned()
    rig.run_task(5)
    rig.matrix.press("5")
    rig.run_task(500)
    assert rig.keypad.drains == 2  # the baseline and the key going down
    # no CPU reads of the matrix: the PIO keypad has no reader of its own (drivers.keypad's
    # timer sampler is not part of it: a PIO board never loads that module)
    assert not hasattr(rig.keypad, "read") and not hasattr(rig.keypad, "scans")
    rig.matrix.release("5")
    rig.run_task(50)
    assert rig.events == [(PRESS, "5"), (RELEASE, "5")]


def test_keys_held_at_power_up_are_muted_until_released():
    rig = Scanned()
    rig.matrix.press("5")
    rig.run_task(500)
    rig.matrix.press("8")  # same column, "5" still down
    rig.run_task(50)
    assert rig.events == [(PRESS, "8")]
    rig.matrix.release("5")
    rig.matrix.release("8")
    rig.run_task(50)
    assert sorted(rig.events[1:]) == [(RELEASE, "5"), (RELEASE, "8")]


def test_ghost_rectangles_are_rejected():
    rig = Scanned()
    rig.run_task(5)
    for key in ("1", "2", "4"):  # three corners: "5" reads pressed too
        rig.matrix.press(key)
        rig.run_task(50)
    assert rig.events == [(PRESS, "1"), (PRESS, "2")]
    assert rig.keypad.ambiguous > 0
    rig.matrix.release("2")
    rig.run_task(50)
    assert rig.events[2:] == [(RELEASE, "2"), (PRESS, "4")]


def test_a_chattering_contact_gives_one_press_and_one_release():
    rig = Scanned()
    rig.run_task(5)
    rig.matrix.press("K")
    rig.matrix.bounce("K", 6)
    rig.run_task(200)
    rig.matrix.release("K")
    rig.matrix.bounce("K", 6)
    rig.run_task(200)
    assert rig.events == [(PRESS, "K"), (RELEASE, "K")]


def test_every_key_of_a_5x5_layout():
    rig = Scanned(KEYS_5X5)
    rig.run_task(5)
    expected = []
    for r in range(5):
        for c in range(5):
            rig.matrix.press_at(r, c)
            rig.run_task(30)
            rig.matrix.release_at(r, c)
            rig.run_task(30)
            expected += [(PRESS, KEYS_5X5[r][c]), (RELEASE, KEYS_5X5[r][c])]
    assert rig.events == expected


def test_stamps_survive_the_tick_wrap():
    rig = Scanned(start=(1 << 30) - 20)
    rig.run_task(5)
    rig.matrix.press("3")
    rig.run_task(40)
    rig.matrix.release("3")
    rig.run_task(40)
    assert rig.events == [(PRESS, "3"), (RELEASE, "3")]


def test_the_drain_allocates_nothing():
    try:
        import micropython  # noqa: PLC0415
    except ImportError:
        return  # CPython: no heap lock; this check runs under MicroPython
    if not hasattr(micropython, "heap_lock"):
        return
    rig = Scanned(KEYS_5X5)
    rig.tick_ms(5)
    rig.scan()
    drain = rig.sm.handler
    rig.sm.irq(None)  # the test calls the handler itself, inside the heap lock
    for round_ in range(3):
        if round_ == 0:
            rig.matrix.press_at(2, 1)
        elif round_ == 1:
            rig.matrix.press_at(4, 4)
        else:
            rig.matrix.release_all()
        rig.tick_ms(1)
        rig.tick_ms(1)
        micropython.heap_lock()
        try:
            drain(rig.sm)
        finally:
            micropython.heap_unlock()
    assert rig.keypad.drained == 4


def test_the_program_module_is_let_go_once_the_state_machine_runs():
    """Issue 27: the PIO program's module (about 1 KB of code on the chip) leaves sys.modules
    once the program is in the state machine; a restart (a new layout) loads it again."""
    rig = Scanned()
    assert "drivers.keypad_pio_program" not in sys.modules
    rig.keypad.stop()
    rig.keypad.start(rig.flag, rig.clock)
    assert "drivers.keypad_pio_program" not in sys.modules
    rig.run_task(5)
    rig.matrix.press("5")
    rig.run_task(30)
    assert rig.events == [(PRESS, "5")]
