# The rp2 module's PIO side for the host: asm_pio encodes a program into 16-bit PIO opcodes, and
# StateMachine is a behavioural model of drivers.keypad_pio_program's scan program on virtual pins.
# MicroPython-compatible on purpose: the portable suites and the bench guest use it too.
#
# The assembler is written here because the firmware's programs are written in MicroPython's
# Python DSL (@rp2.asm_pio), which no PyPI package runs outside the rp2 port; its opcodes are
# checked against adafruit-circuitpython-pioasm, a maintained pioasm assembler, by
# tests/host/test_keypad_pio_emulated.py. Encodings: the RP2040 datasheet, 3.4 (instruction set).
#
# The model does not interpret opcodes: it does what the scan program does, one scan at a time
# (drive each row low in turn, read the columns, push the reading and the count of unchanged
# scans on a change, raise the IRQ). The same test runs the opcodes themselves in
# rp2040-pio-emulator against the same matrix and requires the same FIFO words.


class PIO:
    IN_LOW = 0
    IN_HIGH = 1
    OUT_LOW = 2
    OUT_HIGH = 3
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2
    IRQ_SM0 = 0x100
    IRQ_SM1 = 0x200
    IRQ_SM2 = 0x400
    IRQ_SM3 = 0x800


class PIOASMError(Exception):
    pass


# Where the fields sit in the list asm_pio returns (the layout the rp2 port's StateMachine takes).
PROG_DATA = 0
PROG_EXECCTRL = 3
PROG_SHIFTCTRL = 4
PROG_OUT_PINS = 5
PROG_SET_PINS = 6
PROG_SIDESET_PINS = 7

# Operand values of the DSL: sources/destinations (in, out, mov, set), jmp conditions, push/pull
# and irq flags. mov's destination 4 is "exec"'s slot on the RP2040 (out's is 7).
NAMES = {
    "gpio": 0,
    "pins": 0,
    "x": 1,
    "y": 2,
    "null": 3,
    "pindirs": 4,
    "pc": 5,
    "status": 5,
    "isr": 6,
    "osr": 7,
    "exec": 8,
    "invert": lambda v: v | 0x08,
    "reverse": lambda v: v | 0x10,
    "not_x": 1,
    "x_dec": 2,
    "not_y": 3,
    "y_dec": 4,
    "x_not_y": 5,
    "pin": 6,
    "not_osre": 7,
    "noblock": 0x01,
    "block": 0x21,
    "iffull": 0x40,
    "ifempty": 0x40,
    "clear": 0x40,
    "rel": lambda v: v | 0x10,
}


class Emitter:
    """Two passes over the program function: the first finds the labels, the second encodes."""

    def __init__(self, settings):
        from array import array

        self.settings = settings
        side = settings.get("sideset_init")
        self.side_bits = 0 if side is None else (1 if isinstance(side, int) else len(side))
        execctrl = settings.get("side_pindir", False) << 29
        shiftctrl = (
            settings.get("fifo_join", PIO.JOIN_NONE) << 30
            | (settings.get("pull_thresh", 32) & 0x1F) << 25
            | (settings.get("push_thresh", 32) & 0x1F) << 20
            | settings.get("out_shiftdir", PIO.SHIFT_LEFT) << 19
            | settings.get("in_shiftdir", PIO.SHIFT_LEFT) << 18
            | settings.get("autopull", False) << 17
            | settings.get("autopush", False) << 16
        )
        self.prog = [
            array("H"),
            -1,
            -1,
            execctrl,
            shiftctrl,
            settings.get("out_init"),
            settings.get("set_init"),
            side,
        ]
        self.labels = {}
        self.wrapped = False
        self.count = 0
        self.sides = 0
        self.pass_ = 0
        self.delay_max = 31
        self.side_opt = False

    def start(self, pass_):
        if pass_ == 1:
            if not self.wrapped and self.count:
                self.wrap()
            if self.side_bits:
                # Side-set on only some instructions: one more bit says which (EXECCTRL.SIDE_EN).
                self.side_opt = self.sides != self.count
                if self.side_opt:
                    self.prog[PROG_EXECCTRL] |= 1 << 30
                    self.side_bits += 1
            self.delay_max = 31 >> self.side_bits
        self.pass_ = pass_
        self.count = 0
        self.sides = 0

    # ---- delay and side-set: program[n] and .side(v) on the instruction just emitted --------

    def __getitem__(self, delay):
        if self.pass_:
            if not 0 <= delay <= self.delay_max:
                raise PIOASMError("delay %d out of range 0..%d" % (delay, self.delay_max))
            self.prog[PROG_DATA][-1] |= delay << 8
        return self

    def side(self, value):
        self.sides += 1
        if self.pass_:
            bits = self.side_bits
            if not bits:
                raise PIOASMError("side-set without sideset_init")
            if not 0 <= value < 1 << (bits - self.side_opt):
                raise PIOASMError("side-set value %d too large" % value)
            self.prog[PROG_DATA][-1] |= self.side_opt << 12 | value << (13 - bits)
        return self

    # ---- directives -------------------------------------------------------------------------

    def wrap_target(self):
        self.prog[PROG_EXECCTRL] |= self.count << 7

    def wrap(self):
        if not self.count:
            raise PIOASMError("wrap before any instruction")
        self.prog[PROG_EXECCTRL] |= (self.count - 1) << 12
        self.wrapped = True

    def label(self, name):
        if self.pass_ == 0:
            if name in self.labels:
                raise PIOASMError("label %s defined twice" % name)
            self.labels[name] = self.count

    # ---- instructions (RP2040 datasheet 3.4.2 to 3.4.10) ------------------------------------

    def word(self, opcode, label=None):
        self.count += 1
        if self.count > 32:
            raise PIOASMError("more than 32 instructions")
        if self.pass_:
            target = 0
            if label is not None:
                if label not in self.labels:
                    raise PIOASMError("no label %s" % label)
                target = self.labels[label]
            self.prog[PROG_DATA].append(opcode | target)
        return self

    def nop(self):
        return self.word(0xA042)  # mov y, y

    def jmp(self, cond, label=None):
        if label is None:
            cond, label = 0, cond
        return self.word(cond << 5, label)

    def wait(self, polarity, source, index):
        source = 1 if source == 6 else (2 if source else 0)  # gpio 0, pin 1, irq 2
        return self.word(0x2000 | polarity << 7 | source << 5 | index)

    def in_(self, source, bits):
        return self.word(0x4000 | source << 5 | _bit_count(bits))

    def out(self, destination, bits):
        destination = 7 if destination == 8 else destination  # exec
        return self.word(0x6000 | destination << 5 | _bit_count(bits))

    def push(self, flag=0, flag2=0):
        flag |= flag2
        if not flag & 0x01:
            flag |= 0x20  # blocking unless noblock
        return self.word(0x8000 | flag & 0x60)

    def pull(self, flag=0, flag2=0):
        flag |= flag2
        if not flag & 0x01:
            flag |= 0x20
        return self.word(0x8080 | flag & 0x60)

    def mov(self, destination, source):
        destination = 4 if destination == 8 else destination  # exec
        return self.word(0xA000 | destination << 5 | source)

    def irq(self, mode, index=None):
        if index is None:
            mode, index = 0, mode
        return self.word(0xC000 | mode & 0x60 | index)

    def set(self, destination, value):
        if not 0 <= value <= 31:
            raise PIOASMError("set value %d out of range" % value)
        return self.word(0xE000 | destination << 5 | value)


def _bit_count(bits):
    if not 0 < bits <= 32:
        raise PIOASMError("bit count %d out of range 1..32" % bits)
    return bits & 0x1F


_DIRECTIVES = ("wrap_target", "wrap", "label")
_INSTRUCTIONS = ("word", "nop", "jmp", "wait", "in_", "out", "push", "pull", "mov", "irq", "set")


def asm_pio(**settings):
    """rp2.asm_pio: the decorated function is run twice with the DSL's names as its globals
    (as the rp2 port does, so only closures and builtins reach it); returns the program list."""
    emit = Emitter(settings)

    def assemble(fn):
        names = fn.__globals__
        kept = dict(names)
        names.clear()
        names.update(NAMES)
        for name in _DIRECTIVES + _INSTRUCTIONS:
            names[name] = getattr(emit, name)
        try:
            emit.start(0)
            fn()
            emit.start(1)
            fn()
        finally:
            names.clear()
            names.update(kept)
        return emit.prog

    return assemble


def wrap_bounds(prog):
    """(wrap_target, wrap) of an assembled program."""
    execctrl = prog[PROG_EXECCTRL]
    return (execctrl >> 7) & 0x1F, (execctrl >> 12) & 0x1F


# ---- the keypad scan program's state machine ------------------------------------------------

FIFO_WORDS = 4  # each direction; joined (fifo_join=PIO.JOIN_RX): 8 for RX
_COUNT_BITS_OP = 0x4020  # in x, n: the count word's field (drivers.keypad_pio_program)
_IN_PINS = 0x4000
_MASK32 = 0xFFFFFFFF


class StateMachine:
    """rp2.StateMachine running drivers.keypad_pio_program's program, as a model: scan() is one
    pass of its loop (the caller clocks it every scan_us). The pins come from wire(): every Pin the
    program may touch, by GPIO number (a real state machine reaches any GPIO by number).

    Hardware facts kept: rows driven through pin directions (a driven row reads low to the
    matrix, output value 0); rows left as the scan leaves them (row 0 driven) between scans; a
    push into a full RX FIFO stalls the machine (no scan runs until the drain makes room); the
    IRQ handler runs at once, in the push's scan (a hard IRQ)."""

    def __init__(self, id=0, program=None, **settings):
        self.id = id
        self.gpio = {}
        self.steady = None
        self._steady = None
        self._reading = 0
        self.running = False
        self.handler = None
        self.fifo = []
        self.stalled = []  # words a blocking push could not place yet
        self.scans = 0  # scan passes run since init (the hardware's own work)
        self.pushes = 0
        self.on_fire = None  # device-time mode: on_fire(handler, sm) runs the handler
        self.masked = False  # interrupts off (a flash erase): the IRQ waits, latched
        self._latched = False
        self._in_handler = False
        self.program = None
        if program is not None:
            self.init(program, **settings)

    def wire(self, pins, steady=None):
        """pins: every Pin the program may reach. steady: the matrix's steady() (see there),
        so that a scan reads the pins only when a switch moved."""
        for pin in pins:
            self.gpio[pin.id] = pin
        self.steady = steady

    def init(self, program, freq=-1, *, set_base=None, in_base=None, **settings):
        opcodes = list(program[PROG_DATA])
        rows = len(program[PROG_SET_PINS] or ())
        ins = [op for op in opcodes if op & 0xE0E0 == _IN_PINS]  # in pins, n
        counts = [op for op in opcodes if op & 0xE0E0 == _COUNT_BITS_OP]  # in x, n
        if not rows or len(ins) != rows or len(counts) != 1:
            raise ValueError("this model runs drivers.keypad_pio_program's scan program only")
        self.program = program
        self.n_rows = rows
        self.n_cols = ins[0] & 0x1F
        self.count_mask = (1 << (counts[0] & 0x1F)) - 1
        self.depth = FIFO_WORDS * 2 if program[PROG_SHIFTCTRL] >> 30 == PIO.JOIN_RX else 4
        target, top = wrap_bounds(program)
        cycles = 0
        for op in opcodes[target : top + 1]:  # the loop with no change: every instruction once
            cycles += 1 + ((op >> 8) & 0x1F)
        self.cycles = cycles
        self.freq = freq
        self.scan_us = cycles * 1000000 // freq
        self.rows = [self.gpio[set_base.id + r] for r in range(rows)]
        self.cols = [self.gpio[in_base.id + c] for c in range(self.n_cols)]
        self.fifo = []
        self.stalled = []
        self._steady = None  # read the pins at the first scan
        self.x = 0  # a restarted state machine's scratch registers are 0
        self.y = _MASK32  # mov y, ~null: no reading yet, so the first scan is pushed
        self.running = False
        for row in self.rows:
            row.init(row.OPEN_DRAIN, value=1)  # set_init IN_LOW: released, output value 0

    def irq(self, handler=None, trigger=1, hard=False):
        self.handler = handler

    def active(self, value=None):
        if value is not None:
            self.running = bool(value)
        return self.running

    def rx_fifo(self):
        return len(self.fifo)

    def get(self, buf=None, shift=0):
        if not self.fifo:
            raise RuntimeError("the model's RX FIFO is empty: get() would block for ever")
        word = self.fifo.pop(0)
        if self.stalled:  # the stalled push completes as soon as there is room
            self.fifo.append(self.stalled.pop(0))
            if not self.stalled:
                self._irq()
        return word >> shift

    def read(self):
        """One pass of the row loop: the raw reading, row r in bits r * n_cols (1: open)."""
        rows = self.rows
        cols = self.cols
        reading = 0
        for r in range(self.n_rows - 1, -1, -1):
            for other in range(self.n_rows):
                rows[other].value(0 if other == r else 1)
            bits = 0
            for c in range(self.n_cols):
                if cols[c].value():
                    bits |= 1 << c
            reading = (reading << self.n_cols) | bits
        return reading

    def scan(self):
        """One scan period (the caller clocks it every scan_us)."""
        if not self.running or self.stalled:
            return
        self.scans += 1
        # No switch moved since the last read and none chatters: the same rows driven in the
        # same order read the same, so the pins need not be read again (a cheap millisecond).
        steady = self.steady() if self.steady is not None else None
        if steady is None or steady != self._steady:
            self._reading = self.read()
            self._steady = steady
        reading = self._reading
        if reading == self.y:
            self.x = (self.x - 1) & _MASK32
            return
        self.y = reading
        count = ~self.x & self.count_mask
        self.x = _MASK32
        self.pushes += 1
        for word in (reading, count):
            if len(self.fifo) < self.depth:
                self.fifo.append(word)
            else:
                self.stalled.append(word)
        if not self.stalled:
            self._irq()

    def mask(self, masked):
        """Interrupts off (True) or on again (False): a latched IRQ runs its handler then."""
        self.masked = masked
        if not masked and self._latched:
            self._irq()

    def _irq(self):
        """The IRQ flag is set: the handler runs now, or once interrupts are on again; set while
        the handler runs, it runs the handler again after it returns (never inside it)."""
        self._latched = True
        if self.handler is None or self.masked or self._in_handler:
            return
        self._in_handler = True
        try:
            while self._latched:
                self._latched = False
                if self.on_fire is not None:
                    self.on_fire(self.handler, self)
                else:
                    self.handler(self)
        finally:
            self._in_handler = False
