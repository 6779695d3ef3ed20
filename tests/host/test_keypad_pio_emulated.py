"""The rp2 PIO keypad scanner (drivers.keypad_pio_program): its opcodes as a maintained
assembler makes them, run in rp2040-pio-emulator against the virtual matrix behind the driver's
own drain, and the simulator's behavioural state machine (peripherals.rp2_pio) held to the
emulator's words."""

import adafruit_pioasm
import pytest
from keypad_rig import KEYS_4X4, KEYS_5X5
from pio_emulation import EmulatedSM

from drivers import keypad_pio_program
from drivers.keypad import Keypad
from drivers.keypad_pio_program import cycles, program
from drivers.pio_keypad import PioKeypad
from peripherals.bus import Pin
from peripherals.keypad_matrix import KeypadMatrix
from peripherals.rp2_pio import PIO, StateMachine, asm_pio, wrap_bounds

PRESS = Keypad.PRESS
RELEASE = Keypad.RELEASE


def pioasm_text(n_rows: int, n_cols: int) -> str:
    """The scan program as pioasm source, written from its description in keypad_pio_program.py."""
    rows = "".join(
        "    set pindirs, %d [31]\n    in pins, %d\n" % (1 << r, n_cols)
        for r in range(n_rows - 1, -1, -1)
    )
    return (
        ".program keypad\n    mov y, ~null\n.wrap_target\nscan:\n"
        + rows
        + "    mov osr, x\n    mov x, isr\n    jmp x!=y changed\n    mov x, osr\n"
        "    jmp x-- same\nsame:\n    mov isr, null [6]\n.wrap\nchanged:\n    mov y, x\n"
        "    push block\n    mov x, osr\n    mov x, ~x\n    in x, 20\n    push block\n"
        "    irq 0 rel\n    mov x, ~null\n    jmp scan\n"
    )


@pytest.mark.parametrize("size", [4, 5])
def test_the_program_assembles_to_what_pioasm_makes_of_it(size):
    ours = program(size, size)
    theirs = adafruit_pioasm.Program(pioasm_text(size, size))
    assert list(ours[0]) == list(theirs.assembled)
    assert wrap_bounds(ours) == (theirs.pio_kwargs["wrap_target"], theirs.pio_kwargs["wrap"])
    assert ours[6] == [PIO.IN_LOW] * size  # rows open at start, output value 0
    assert ours[4] >> 30 == PIO.JOIN_RX
    assert len(ours[0]) <= 32


def test_the_assembler_encodes_the_rest_of_the_dsl_as_pioasm_does():
    """Side-set (optional), waits, out, pull, nop, irq modifiers, mov operations: every
    instruction form the stand-in encodes, against pioasm."""

    @asm_pio(sideset_init=(PIO.OUT_LOW, PIO.OUT_LOW), out_shiftdir=PIO.SHIFT_RIGHT)
    def ours():
        label("top")
        pull(block).side(1)
        pull(ifempty, noblock)
        out(x, 8)[2]
        out(pindirs, 3).side(2)[1]
        wait(1, gpio, 5)
        wait(0, pin, 2)
        wait(1, irq, rel(1))
        jmp(not_x, "top")
        jmp(y_dec, "top").side(3)
        jmp(pin, "top")
        jmp(not_osre, "top")
        mov(pins, reverse(osr))
        mov(exec, x)
        out(exec, 16)
        push(iffull, noblock)
        irq(clear, 2)
        irq(block, rel(3))
        set(x, 31)[3]
        nop()

    text = """.program other
.side_set 2 opt
top:
    pull block side 1
    pull ifempty noblock
    out x, 8 [2]
    out pindirs, 3 side 2 [1]
    wait 1 gpio 5
    wait 0 pin 2
    wait 1 irq 1 rel
    jmp !x top
    jmp y-- top side 3
    jmp pin top
    jmp !osre top
    mov pins, :: osr
    mov exec, x
    out exec, 16
    push iffull noblock
    irq clear 2
    irq wait 3 rel
    set x, 31 [3]
    nop
"""
    assert list(ours[0]) == list(adafruit_pioasm.Program(text).assembled)


# ---- the opcodes in the emulator, drained by the driver ------------------------------------


class Rig:
    """A PioKeypad on an emulated state machine; scan() is the keypad task."""

    def __init__(self, keymap=KEYS_4X4, emulated=True):
        rows = [Pin(6 + r, Pin.OPEN_DRAIN, value=1) for r in range(len(keymap))]
        cols = [Pin(11 + c, Pin.IN, Pin.PULL_UP) for c in range(len(keymap[0]))]
        self.matrix = KeypadMatrix(rows, cols, keymap)
        if emulated:
            self.sm = EmulatedSM(self.matrix)
        else:
            self.sm = StateMachine(0)
            self.sm.wire(rows + cols)
        self.keypad = PioKeypad(rows, cols, keymap, self.sm)
        self.ms = 0.0
        self.flag = Flag()
        self.keypad.start(self.flag, self.clock)
        self.events = []

    def clock(self):
        if isinstance(self.sm, EmulatedSM):  # the emulator's time, to the millisecond
            return self.sm.state.clock // self.sm.cycles_per_ms
        return int(self.ms)

    def run(self, ms, changes=()):
        """ms of scanning; changes: (ms from now, callable) on the matrix."""
        start = self.ms
        if isinstance(self.sm, EmulatedSM):
            self.sm.run_until(start + ms, [(start + at, change) for at, change in changes])
            self.ms = start + ms
            return
        for n in range(int(ms)):
            for at, change in changes:
                if at == n:
                    change()
            self.ms = start + n + 1
            self.sm.scan()

    def scan(self):
        self.keypad.scan(self.clock())
        event = self.keypad.pop()
        while event is not None:
            self.events.append(event)
            event = self.keypad.pop()


class Flag:
    def __init__(self):
        self.sets = 0

    def set(self):
        self.sets += 1


def taps(matrix, text, start, down=25, up=25):
    changes = []
    for n, key in enumerate(text):
        at = start + (down + up) * n
        changes.append((at, lambda key=key: matrix.press(key)))
        changes.append((at + down, lambda key=key: matrix.release(key)))
    return changes


def test_presses_and_releases_come_out_of_the_emulated_program():
    rig = Rig()
    rig.run(5)
    rig.scan()  # the baseline
    assert rig.events == [] and rig.keypad.drained == 1
    rig.run(100, [(10, lambda: rig.matrix.press("5")), (60, lambda: rig.matrix.release("5"))])
    rig.scan()
    assert rig.events == [(PRESS, "5"), (RELEASE, "5")]
    assert rig.keypad.drained == 3  # the baseline, down, up: nothing pushed while unchanged
    assert rig.sm.irqs == 3


def test_25_ms_taps_at_20_keys_a_second_are_never_lost_by_the_emulated_program():
    for phase in (0, 0.3, 0.6):  # against the 1 ms scan
        rig = Rig()
        rig.run(5)
        rig.scan()
        rig.run(300, taps(rig.matrix, "1.5M", 10 + phase))
        rig.scan()
        assert [key for kind, key in rig.events if kind == PRESS] == list("1.5M"), phase
        assert [key for kind, key in rig.events if kind == RELEASE] == list("1.5M"), phase


def test_a_45_ms_stall_of_the_drain_loses_no_key():
    """Interrupts off for 45 ms (a flash erase) while taps go on at 20 keys/s: the joined FIFO
    keeps the changes, and their times come out of the scan counts."""
    for stall_at in (0, 12, 24, 37):
        rig = Rig()
        rig.run(5)
        rig.scan()
        changes = taps(rig.matrix, "1.5M", 10)
        changes.append((stall_at, lambda rig=rig: rig.sm.mask(True)))
        changes.append((stall_at + 45, lambda rig=rig: rig.sm.mask(False)))
        changes.sort(key=lambda change: change[0])
        rig.run(300, changes)
        rig.scan()
        assert [key for kind, key in rig.events if kind == PRESS] == list("1.5M"), stall_at
        assert [key for kind, key in rig.events if kind == RELEASE] == list("1.5M"), stall_at
        assert rig.sm.state.receive_fifo == type(rig.sm.state.receive_fifo)()


def test_stamps_rebuilt_from_scan_counts_match_the_press_times():
    rig = Rig()
    rig.run(5)
    rig.scan()
    rig.sm.mask(True)  # every change waits in the FIFO: only the counts can time them
    rig.run(80, taps(rig.matrix, "12", 10, down=20, up=20))
    assert rig.keypad.drained == 1 and rig.sm.rx_fifo() == 8  # 4 changes, 2 words each
    rig.sm.mask(False)
    times = [rig.keypad._times[i] for i in range(1, 5)]  # noqa: SLF001 - the ring's stamps
    # Changes at 15, 35, 55, 75 ms of the run, each seen by the next scan (1 ms apart).
    assert [t - times[0] for t in times] == [0, 20, 40, 60]
    assert 15 <= times[0] <= 17


def test_ghost_and_power_up_rules_hold_on_the_emulated_program():
    rig = Rig()
    rig.matrix.press("9")  # held through power-up: muted until released
    rig.run(40)
    for key in ("1", "2", "4"):  # three corners: "5" reads pressed too
        rig.run(30, [(0, lambda key=key: rig.matrix.press(key))])
    rig.scan()
    assert rig.events == [(PRESS, "1"), (PRESS, "2")] and rig.keypad.ambiguous > 0
    rig.matrix.release_all()
    rig.run(40)
    rig.scan()
    assert sorted(rig.events[2:]) == [(RELEASE, "1"), (RELEASE, "2"), (RELEASE, "9")]


# ---- the behavioural model against the emulator --------------------------------------------


def history(matrix):
    """A recorded matrix history: taps, a chattering contact, a ghost rectangle, two keys
    in one column, a key held long, and changes closer than a scan apart."""
    k = matrix
    return [
        (3, lambda: k.press("5")),
        (30, lambda: k.release("5")),
        (40, lambda: (k.press("K"), k.bounce("K", 7))),
        (70, lambda: k.press("1")),
        (71, lambda: k.press("2")),
        (90, lambda: k.press("4")),
        (120, lambda: k.release("2")),
        (140, lambda: (k.release("K"), k.bounce("K", 5))),
        (150, lambda: k.press("7")),
        (160, lambda: (k.release("1"), k.release("4"))),
        (400, lambda: k.release("7")),
        (402, lambda: k.press("0")),
        (403, lambda: k.release("0")),
        (404, lambda: k.press("GO")),
        (460, lambda: k.release_all()),
    ]


@pytest.mark.parametrize("keymap", [KEYS_4X4, KEYS_5X5])
@pytest.mark.parametrize("steady", [False, True])
def test_the_model_pushes_the_emulators_words_at_the_emulators_scans(keymap, steady):
    """steady: the model skips the pin reads while no switch moves (as in the simulator)."""
    emulated = Rig(keymap)
    emulated.sm.run_until(500, [(at, c) for at, c in history(emulated.matrix)])
    modelled = Rig(keymap, emulated=False)
    if steady:
        modelled.sm.wire([], modelled.matrix.steady)
    pushed = []
    sm = modelled.sm
    sm.irq(None)
    changes = history(modelled.matrix)
    for scan in range(500):
        for at, change in changes:
            if at == scan:
                change()
        before = sm.pushes
        sm.scan()
        while sm.rx_fifo():
            pushed.append((scan, sm.get()))
        assert sm.pushes - before in (0, 1)
    assert len(emulated.sm.pushed) > 20
    assert pushed == emulated.sm.pushed
    assert sm.scan_us == 1000 and sm.cycles == cycles(len(keymap))


def test_the_model_stalls_on_a_full_fifo_as_the_emulator_does():
    emulated = Rig()
    emulated.sm.mask(True)
    flips = [(5 * n, n % 2) for n in range(1, 9)]  # "5" down at 5, up at 10, ... 8 changes

    def flip(matrix, down):
        return lambda: matrix.press("5") if down else matrix.release("5")

    emulated.sm.run_until(60, [(at, flip(emulated.matrix, down)) for at, down in flips])
    modelled = Rig(emulated=False)
    modelled.sm.mask(True)
    for scan in range(60):
        for at, down in flips:
            if at == scan:
                flip(modelled.matrix, down)()
        modelled.sm.scan()
    assert modelled.sm.rx_fifo() == emulated.sm.rx_fifo() == 8
    assert list(modelled.sm.fifo) == list(emulated.sm.state.receive_fifo)


def test_the_model_refuses_another_program():
    @asm_pio()
    def other():
        nop()

    with pytest.raises(ValueError):
        StateMachine(0, other)


def test_the_program_is_cached_so_the_pio_loads_it_once():
    assert program(5, 5) is program(5, 5)
    assert keypad_pio_program.cycles(5) * 1000 // keypad_pio_program.SCAN_MS == 177000
