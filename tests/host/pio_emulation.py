"""drivers.keypad_pio_program's opcodes run in rp2040-pio-emulator against the virtual keypad
matrix, behind the rp2.StateMachine calls the driver makes (init, irq, active, rx_fifo, get).

What the emulator (0.88.0) lacks, and what is done instead, each by the RP2040 datasheet:
- `irq` ends its emulation (no IRQ support): the run stops before each `irq`, notes the IRQ
  and goes on from the next instruction, with the cycle the `irq` takes (3.4.9: it only sets
  the flag; `irq rel` without wait does not stall).
- FIFO join: its RX FIFO holds 4 words; FJOIN_RX gives 8 (3.2.3), so its fullness test is
  swapped for 8 words while a joined program runs.
- `in pins` reads its pin word from bit 0 (no IN_BASE): the columns are mapped to pins 0..n-1
  and the rows to SET_BASE = ROW_BASE; the program is relative to both bases, so this is the
  same program on other pins.
The matrix is read only when an `in pins` runs (the emulator asks for the pins before every
instruction): a chattering contact flips once per read, as in the other scanners' tests.
"""

from dataclasses import replace

import pioemu
import pioemu.instructions.push as pioemu_push

from peripherals.rp2_pio import PIO, PROG_DATA, PROG_SHIFTCTRL, wrap_bounds

ROW_BASE = 16
_IRQ = 0xC000
_IN_PINS = 0x4000


class EmulatedSM:
    """An rp2.StateMachine whose program runs in the emulator; time moves with run_until()."""

    def __init__(self, matrix) -> None:
        self.matrix = matrix
        self.handler = None
        self.running = False
        self.masked = False  # interrupts off: an IRQ waits until unmasked
        self.latched = False
        self.state = None
        self.cycles_per_ms = 0
        self.pushed: list = []  # (scan index, word) in push order
        self.scan_cycles = 0
        self.irqs = 0
        self._reading = 0

    # ---- what the driver calls ----

    def init(self, program, freq=-1, *, set_base=None, in_base=None) -> None:
        self.opcodes = list(program[PROG_DATA])
        self.n_rows = len(program[6])
        self.n_cols = [op & 0x1F for op in self.opcodes if op & 0xE0E0 == _IN_PINS][0]
        self.joined = program[PROG_SHIFTCTRL] >> 30 == PIO.JOIN_RX
        self.wrap_target, self.wrap_top = wrap_bounds(program)
        self.cycles_per_ms = freq // 1000
        self.scan_cycles = sum(
            1 + ((op >> 8) & 0x1F) for op in self.opcodes[self.wrap_target : self.wrap_top + 1]
        )
        self.state = pioemu.State()
        self.rows = self.matrix.rows
        self.cols = self.matrix.cols

    def irq(self, handler=None, trigger=1, hard=False) -> None:
        self.handler = handler

    def active(self, value=None):
        if value is not None:
            self.running = bool(value)
        return self.running

    def rx_fifo(self) -> int:
        return len(self.state.receive_fifo)

    def get(self, buf=None, shift=0) -> int:
        return self.state.receive_fifo.popleft() >> shift

    # ---- the test's side ----

    def mask(self, masked: bool) -> None:
        self.masked = masked
        if not masked and self.latched:
            self._fire()

    def _fire(self) -> None:
        self.latched = True
        if self.masked or self.handler is None:
            return
        self.latched = False
        self.handler(self)

    def _pins(self, state: pioemu.State) -> int:
        if self.opcodes[state.program_counter] & 0xE0E0 == _IN_PINS:
            driven = state.pin_directions >> ROW_BASE
            for r, row in enumerate(self.rows):
                row.value(0 if driven >> r & 1 else 1)
            reading = 0
            for c, col in enumerate(self.cols):
                reading |= col.value() << c
            self._reading = reading
        return self._reading

    def run_until(self, ms: float, changes=()) -> None:
        """Runs the state machine to `ms` from its start; changes: (ms, callable) applied to
        the matrix when the clock reaches them (sorted)."""
        end = int(ms * self.cycles_per_ms)
        pending = sorted(
            ((int(at * self.cycles_per_ms), n, change) for n, (at, change) in enumerate(changes)),
            key=lambda p: p[:2],
        )
        saved = pioemu_push.receive_fifo_full
        if self.joined:
            pioemu_push.receive_fifo_full = lambda state: len(state.receive_fifo) >= 8
        try:
            while True:
                while pending and pending[0][0] <= self.state.clock:
                    pending.pop(0)[2]()  # (one that fell inside an instruction: after it)
                if self.state.clock >= end:
                    break
                self._run(min([end] + [at for at, _, _ in pending]))
        finally:
            pioemu_push.receive_fifo_full = saved

    def _run(self, limit: int) -> None:
        opcodes = self.opcodes

        def stop(opcode, state):
            return state.clock >= limit or opcode & 0xE000 == _IRQ

        state = self.state
        fifo_before = len(state.receive_fifo)
        for _, after in pioemu.emulate(
            opcodes,
            stop_when=stop,
            initial_state=self.state,
            input_source=self._pins,
            shift_isr_right=False,
            set_base=ROW_BASE,
            set_count=self.n_rows,
            wrap_target=self.wrap_target,
            wrap_top=self.wrap_top,
        ):
            state = after
            if len(state.receive_fifo) > fifo_before:
                scan = (state.clock - 1) // self.scan_cycles if self.scan_cycles else 0
                self.pushed.append((scan, state.receive_fifo[-1]))
            fifo_before = len(state.receive_fifo)
        self.state = state
        opcode = opcodes[state.program_counter]
        if state.clock < limit and opcode & 0xE000 == _IRQ:
            delay = (opcode >> 8) & 0x1F
            pc = state.program_counter
            pc = self.wrap_target if pc == self.wrap_top else pc + 1
            self.state = replace(state, program_counter=pc, clock=state.clock + 1 + delay)
            self.irqs += 1
            self._fire()
