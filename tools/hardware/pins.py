"""The pin map of every board file, read by running boards/*.py against a recording `machine`.

Running the board files, rather than reading numbers out of their text, sees every Pin the
firmware would create, with the mode it gets, for every keypad matrix that boards/keymaps.py
has a layout for, including pins a subclass sets up on its own (the Pico W deselects its radio
on GP25). The recording `machine` only remembers what it was asked; it is put in sys.modules
for the duration of one load and the previous modules are put back afterwards, so a test
session that also runs the simulator is left as it was.
"""

import contextlib
import importlib
import sys
import types
from typing import NamedTuple

from tools.hardware import ROOT

BOARDS_DIR = ROOT / "boards"

# Header pin of each GPIO on the Pico form factor (Pico, Pico W and Pico 2 share it). GPIOs
# missing here (23, 24, 25, 29) are used on the board itself and reach no header pin.
HEADER_PIN = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
    13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31,
    27: 32, 28: 34,
}  # fmt: skip
POWER_PIN = {"VBUS": 40, "VSYS": 39, "GND": 38, "3V3_EN": 37, "3V3(OUT)": 36, "ADC_VREF": 35}
GROUND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
RUN_PIN = 30

# What each Board attribute is wired to: (part, part pin). "%d" is the 1-based index in a list.
# A board attribute holding a pin or bus that is not listed here stops the generator with a
# message, so a part added to a board file cannot be left out of the documents silently.
ROLES = {
    "i2c": ("SSD1306", {"sda": "SDA", "scl": "SCL"}),
    "green_spi": ("GREEN MFRC522", {"sck": "SCK", "mosi": "MOSI", "miso": "MISO"}),
    "red_spi": ("RED MFRC522", {"sck": "SCK", "mosi": "MOSI", "miso": "MISO"}),
    "green_cs": ("GREEN MFRC522", "SDA (chip select)"),
    "green_rst": ("GREEN MFRC522", "RST"),
    "red_cs": ("RED MFRC522", "SDA (chip select)"),
    "red_rst": ("RED MFRC522", "RST"),
    "rows": ("keypad", "row %d"),
    "cols": ("keypad", "column %d"),
    "piezo": ("piezo", "+"),
    "vsys": ("VSYS divider (on the board)", "ADC input"),
    "vbus": ("VBUS sense (on the board)", "1 on USB power"),
}
ON_BOARD = "on the board"


class Conn(NamedTuple):
    """One GPIO of one board and what it is wired to."""

    gpio: int
    part: str
    part_pin: str
    function: str  # RP2040/RP2350 pad function: "I2C0 SDA", "SPI0 SCK", "PWM1 A", "ADC3", "SIO"
    mode: str  # how the board file sets the pin up
    matrices: tuple  # the keypad matrices ("4x4", "5x5") whose Board uses this pin
    source: str  # "boards/pico.py:29", where the Pin object is created
    note: str

    @property
    def header(self) -> str:
        """The header pin number as text, or ON_BOARD for GP23/24/25/29."""
        pin = HEADER_PIN.get(self.gpio)
        return ON_BOARD if pin is None else str(pin)


class BoardPins(NamedTuple):
    name: str  # Board.name, as `make deploy BOARD=...` takes it
    path: str  # "boards/pico_w.py"
    title: str  # the board file's first comment line
    conns: tuple  # Conn, in board-file order
    buses: tuple  # lines such as "I2C0 at 400 kHz: SSD1306 at 0x3C"


# ---------------------------------------------------------------------------------------------
# The recording machine module


def _gpio_number(pin_id) -> int:
    if isinstance(pin_id, int) and 0 <= pin_id <= 47:
        return pin_id
    if isinstance(pin_id, str) and pin_id.upper().startswith("GP") and pin_id[2:].isdigit():
        return int(pin_id[2:])
    raise ValueError("pin id %r is not a GPIO number the generator understands" % (pin_id,))


def _creation_site() -> tuple:
    """(path relative to the repository, line) of the boards/ frame that is creating an object."""
    frame = sys._getframe(2)
    boards = str(BOARDS_DIR)
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith(boards):
            rel = str(ROOT.joinpath(filename).relative_to(ROOT))
            return rel, frame.f_lineno
        frame = frame.f_back
    return "?", 0


def _make_machine(created: list) -> types.ModuleType:
    """A `machine` module whose Pin/I2C/SPI/PWM/ADC only record their arguments."""
    machine = types.ModuleType("machine")
    machine.__doc__ = "tools/hardware recording stand-in for MicroPython's machine"

    class Pin:
        IN = "in"
        OUT = "out"
        OPEN_DRAIN = "open drain"
        ALT = "alt"
        PULL_UP = "pull-up"
        PULL_DOWN = "pull-down"
        IRQ_FALLING = 4
        IRQ_RISING = 8

        def __init__(self, id, mode=None, pull=None, value=None, **settings):
            self.id = _gpio_number(id)
            self.mode = mode
            self.pull = pull
            self.site = _creation_site()
            created.append(self)

        def init(self, mode=None, pull=None, value=None, **settings):
            if mode is not None:
                self.mode = mode
            if pull is not None:
                self.pull = pull

        def value(self, level=None):
            return 0 if level is None else None

        __call__ = value

        def on(self):
            pass

        off = high = low = on

        def irq(self, *args, **kwargs):
            return None

    class I2C:
        def __init__(self, id=0, scl=None, sda=None, freq=400000, **settings):
            self.id = id
            self.scl = scl
            self.sda = sda
            self.freq = freq

    class SPI:
        def __init__(self, id=0, baudrate=1000000, sck=None, mosi=None, miso=None, **settings):
            self.id = id
            self.baudrate = baudrate
            self.sck = sck
            self.mosi = mosi
            self.miso = miso

        def init(self, baudrate=None, **settings):
            if baudrate is not None:
                self.baudrate = baudrate

    class PWM:
        def __init__(self, pin, **settings):
            self.pin = pin

        def freq(self, value=None):
            return 1000 if value is None else None

        def duty_u16(self, value=None):
            return 0 if value is None else None

        def deinit(self):
            pass

    class ADC:
        def __init__(self, pin):
            if isinstance(pin, int):  # a channel (0..3) or a GPIO (26..29)
                pin = Pin(pin + 26 if pin < 4 else pin)
            self.pin = pin

        def read_u16(self):
            return 0

    class Timer:  # no pins: a board's timer (the keypad's sampling) is not wiring
        ONE_SHOT = 0
        PERIODIC = 1

        def __init__(self, id=-1, **settings):
            self.id = id

        def init(self, **settings):
            pass

        def deinit(self):
            pass

    def unsupported(name):
        raise AttributeError(
            "boards use machine.%s, which tools/hardware/pins.py does not record yet" % name
        )

    for cls in (Pin, I2C, SPI, PWM, ADC, Timer):
        setattr(machine, cls.__name__, cls)
    machine.lightsleep = lambda ms=None: None  # type: ignore[attr-defined]  # no pins
    machine.__getattr__ = unsupported  # type: ignore[attr-defined]
    return machine


def _make_rp2() -> types.ModuleType:
    """An `rp2` module for the board files: a state machine not yet given a program takes no
    pin (the keypad's, drivers/keypad_pio_program.py, gets the keypad's rows and columns at
    start)."""
    rp2 = types.ModuleType("rp2")
    rp2.__doc__ = "tools/hardware stand-in for MicroPython's rp2"

    class StateMachine:
        def __init__(self, id, program=None, **settings):
            if program is not None:
                raise AttributeError("tools/hardware/pins.py does not record PIO pins yet")
            self.id = id

    rp2.StateMachine = StateMachine  # type: ignore[attr-defined]
    return rp2


@contextlib.contextmanager
def _recording_imports(created: list):
    """Imports boards.* afresh against the recording machine, then restores sys.modules."""

    def ours(name: str) -> bool:
        return name in ("machine", "rp2", "boards") or name.startswith("boards.")

    saved = {name: module for name, module in sys.modules.items() if ours(name)}
    for name in saved:
        del sys.modules[name]
    added_path = str(ROOT) not in sys.path
    if added_path:
        sys.path.insert(0, str(ROOT))
    sys.modules["machine"] = _make_machine(created)
    sys.modules["rp2"] = _make_rp2()
    try:
        yield
    finally:
        for name in [name for name in sys.modules if ours(name)]:
            del sys.modules[name]
        sys.modules.update(saved)
        if added_path:
            sys.path.remove(str(ROOT))


# ---------------------------------------------------------------------------------------------
# Pad functions (RP2040 datasheet, GPIO function table; RP2350A has the same for GP0..GP29)


def i2c_function(gpio: int, bus: int, signal: str) -> str:
    if (gpio >> 1) & 1 != bus or (gpio & 1) != (signal == "scl"):
        raise ValueError("GP%d cannot be I2C%d %s" % (gpio, bus, signal.upper()))
    return "I2C%d %s" % (bus, signal.upper())


def spi_function(gpio: int, bus: int, signal: str) -> str:
    names = {"miso": (0, "RX (MISO)"), "sck": (2, "SCK"), "mosi": (3, "TX (MOSI)")}
    position, name = names[signal]
    if (gpio >> 3) & 1 != bus or gpio & 3 != position:
        raise ValueError("GP%d cannot be SPI%d %s" % (gpio, bus, signal.upper()))
    return "SPI%d %s" % (bus, name)


def pwm_function(gpio: int) -> str:
    return "PWM%d %s" % ((gpio >> 1) & 7, "B" if gpio & 1 else "A")


def adc_function(gpio: int) -> str:
    if not 26 <= gpio <= 29:
        raise ValueError("GP%d has no ADC input" % gpio)
    return "ADC%d" % (gpio - 26)


def _mode(pin) -> str:
    if pin.mode == "open drain":
        return "open-drain output"
    if pin.mode == "out":
        return "output"
    if pin.mode == "in":
        return "input, " + (pin.pull or "no pull")
    return "input" if pin.mode is None else str(pin.mode)


def _comment(path: str, line: int) -> str:
    """The last comment on a source line that is not a type-checker or linter directive."""
    if path == "?":
        return ""
    text = (ROOT / path).read_text().splitlines()[line - 1]
    parts = [part.strip() for part in text.split("#")[1:]]
    parts = [part for part in parts if part and not part.startswith(("type:", "noqa"))]
    return parts[-1] if parts else ""


def _site_text(pin) -> str:
    return "%s:%d" % pin.site


def _board_conns(board, created: list, matrix: str, path: str) -> list:
    """Conns of one Board instance (one keypad matrix)."""
    conns = []
    claimed = set()

    def add(pin, part, part_pin, function, mode, note=""):
        claimed.add(pin.id)
        conns.append(
            Conn(pin.id, part, part_pin, function, mode, (matrix,), _site_text(pin), note)
        )

    for attr, value in vars(board).items():
        role = ROLES.get(attr)
        kind = type(value).__name__
        if role is None:
            if kind in ("Pin", "I2C", "SPI", "PWM", "ADC", "list", "tuple"):
                if kind in ("list", "tuple") and not any(
                    type(item).__name__ == "Pin" for item in value
                ):
                    continue
                raise LookupError(
                    "%s: Board.%s (%s) is not in ROLES in tools/hardware/pins.py; say what it "
                    "is wired to there" % (path, attr, kind)
                )
            continue
        part, what = role
        if value is None:
            continue  # a part this board does without (the Pico W's VBUS sense: pico_w.py)
        if kind == "I2C":
            for signal in ("sda", "scl"):
                pin = getattr(value, signal)
                function = i2c_function(pin.id, value.id, signal)
                add(pin, part, what[signal], function, "I2C, %d kHz" % (value.freq // 1000))
        elif kind == "SPI":
            for signal in ("sck", "mosi", "miso"):
                pin = getattr(value, signal)
                function = spi_function(pin.id, value.id, signal)
                mhz = "%g" % (value.baudrate / 1e6)
                add(pin, part, what[signal], function, "SPI, %s MHz" % mhz)
        elif kind == "PWM":
            add(value.pin, part, what, pwm_function(value.pin.id), "PWM")
        elif kind == "ADC":
            add(value.pin, part, what, adc_function(value.pin.id), "ADC")
        elif kind in ("list", "tuple"):
            function = "SIO"
            key_sm = getattr(board, "key_sm", None)
            if attr == "rows" and key_sm is not None:
                # The state machine drives the rows (drivers/keypad_pio_program.py): PIO0 for 0..3.
                function = "PIO%d (keypad scan)" % (key_sm.id // 4)
            for index, pin in enumerate(value):
                add(pin, part, what % (index + 1), function, _mode(pin))
        elif kind == "Pin":
            add(value, part, what, "SIO", _mode(value))
        else:
            raise LookupError("%s: Board.%s is a %s, expected a pin or bus" % (path, attr, kind))
    for pin in created:  # set up by the board file but kept by no attribute
        if pin.id not in claimed:
            add(pin, ON_BOARD, "", "SIO", _mode(pin), _comment(*pin.site))
    return conns


def _merge(per_matrix: list) -> tuple:
    """One Conn per (gpio, part, part pin), with every matrix that uses it."""
    merged: dict = {}
    for conns in per_matrix:
        for conn in conns:
            key = (conn.gpio, conn.part, conn.part_pin)
            if key in merged:
                old = merged[key]
                merged[key] = old._replace(matrices=old.matrices + conn.matrices)
            else:
                merged[key] = conn
    return tuple(merged.values())


def _title(path: str) -> str:
    first = (ROOT / path).read_text().splitlines()[0]
    return first.lstrip("# ").strip()


def _buses(board) -> tuple:
    lines = []
    for attr, value in vars(board).items():
        kind = type(value).__name__
        if kind == "I2C":
            lines.append(
                "I2C%d at %d kHz: SSD1306 at address 0x%02X"
                % (value.id, value.freq // 1000, getattr(board, "display_address", 0x3C))
            )
        elif kind == "SPI":
            lines.append(
                "SPI%d at %g MHz, mode 0: %s alone on it"
                % (value.id, value.baudrate / 1e6, ROLES[attr][0])
            )
    divider = getattr(board, "vsys_divider", None)
    if divider:
        lines.append("VSYS read through the board's divider by %d" % divider)
    return tuple(lines)


class Hardware(NamedTuple):
    boards: tuple  # BoardPins, the base board first
    layouts: dict  # {(matrix, edition): rows of key names (None: no switch)}


def load() -> Hardware:
    """Every board file's pin map and every keypad layout, as the firmware would see them."""
    created: list = []
    with _recording_imports(created):
        keymaps = importlib.import_module("boards.keymaps")
        layouts = dict(keymaps.LAYOUTS)
        matrices = sorted({matrix for matrix, _ in layouts})
        found = []
        for path in sorted(BOARDS_DIR.glob("*.py")):
            if path.stem.startswith("_") or path.stem == "web":
                continue  # boards/web.py: the web page's parts, not a board anyone solders
            module = importlib.import_module("boards." + path.stem)
            board_class = getattr(module, "Board", None)
            if board_class is None:
                continue
            rel = "boards/%s.py" % path.stem
            per_matrix = []
            board = None
            for matrix in matrices:
                created.clear()
                board = board_class(matrix)
                per_matrix.append(_board_conns(board, list(created), matrix, rel))
            name = getattr(board_class, "name", path.stem)
            found.append(
                (
                    len(board_class.__mro__),
                    name,
                    BoardPins(name, rel, _title(rel), _merge(per_matrix), _buses(board)),
                )
            )
    found.sort(key=lambda item: (item[0], item[1]))
    return Hardware(tuple(item[2] for item in found), layouts)


def matrix_size(matrix: str) -> tuple:
    """ "4x4" -> (4, 4): rows, columns."""
    rows, cols = matrix.lower().split("x")
    return int(rows), int(cols)
