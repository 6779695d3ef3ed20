# Puts the virtual parts on a board's buses and pins, as a maker solders them to a real Pico.
# Works on any object with the board files' attribute names: VirtualBoard below (portable, for
# tests on both interpreters) or a real boards/*.py Board built on the machine stand-in.
from peripherals.battery_source import BatterySource
from peripherals.bus import ADC, I2C, PWM, SPI, Pin
from peripherals.keypad_matrix import KeypadMatrix
from peripherals.mfrc522_chip import MFRC522Chip, VirtualCard
from peripherals.ssd1306_panel import SSD1306Panel


def spi_bytes(board) -> int:
    """Bytes moved on the readers' SPI buses so far (a bus the two share counted once)."""
    green, red = board.green_spi, board.red_spi
    return green.bytes_moved + (red.bytes_moved if red is not green else 0)


def card_uid(number: int) -> bytes:
    """The 7-byte UID of virtual player card `number` (0x04: NXP's manufacturer byte)."""
    return bytes((0x04, 0x4D, 0x42, 0x41, 0x4E, 0x4B, number))


def card_id(number: int) -> str:
    """The card id the firmware derives from that UID (lowercase hex)."""
    return "".join("%02x" % byte for byte in card_uid(number))


SPARES = 8  # spare tags a café keeps to replace a lost card: spare 1..8


def spare_uid(number: int) -> bytes:
    """The UID of spare tag `number` (1..SPARES): no player card has it ("SPARE")."""
    return bytes((0x04, 0x53, 0x50, 0x41, 0x52, 0x45, number))


def spare_id(number: int) -> str:
    return "".join("%02x" % byte for byte in spare_uid(number))


def deed_uid(square: int) -> bytes:
    """The UID of the Banker's tag of the deed on `square` (1..39; "DEEDS")."""
    return bytes((0x04, 0x44, 0x45, 0x45, 0x44, 0x53, square))


def deed_id(square: int) -> str:
    return "".join("%02x" % byte for byte in deed_uid(square))


class VirtualBoard:
    """The attributes of boards/pico.py's Board, built on the fake buses."""

    name = "virtual"
    display_address = 0x3C
    vsys_divider = 3

    def __init__(self, matrix: str = "4x4", clock=None) -> None:
        size = int(matrix[0])
        self.matrix = matrix
        self.i2c = I2C(0)
        self.green_spi = SPI(0)  # each reader on its own bus, as on the Pico boards
        self.red_spi = SPI(1)
        self.green_cs = Pin(17, Pin.OUT, value=1)
        self.red_cs = Pin(20, Pin.OUT, value=1)
        self.green_rst = Pin(21, Pin.OUT, value=1)
        self.red_rst = Pin(22, Pin.OUT, value=1)
        self.rows = [Pin(6 + n, Pin.OPEN_DRAIN, value=1) for n in range(size)]
        self.cols = [Pin(11 + n, Pin.IN, Pin.PULL_UP) for n in range(size)]
        self.piezo = PWM(Pin(2), clock=clock)
        self.vsys = ADC(Pin(29))

    def keymap(self, edition: str) -> tuple:
        from boards.keymaps import keymap  # as boards/pico.py: app.config lets it go

        return keymap(self.matrix, edition)


class VirtualParts:
    """The parts soldered to one board: panel, two readers with cards, keypad, battery."""

    def __init__(
        self, board, edition: str = "electronic_banking", battery_mv: int = 4200, clock_us=None
    ):
        """clock_us: the unit's time in microseconds, for the readers' cards to count their
        power-up time (without it a card answers as soon as the field is on)."""
        self.board = board
        self.panel = SSD1306Panel()
        board.i2c.attach(board.display_address, self.panel)
        self.green_reader = MFRC522Chip(rst=board.green_rst, clock_us=clock_us)
        self.red_reader = MFRC522Chip(rst=board.red_rst, clock_us=clock_us)
        board.green_spi.attach(board.green_cs, self.green_reader)
        board.red_spi.attach(board.red_cs, self.red_reader)
        self.keypad = KeypadMatrix(board.rows, board.cols, board.keymap(edition))
        key_sm = getattr(board, "key_sm", None)  # the rp2 state machine scanning the keypad
        if key_sm is not None:
            key_sm.wire(board.rows + board.cols, self.keypad.steady)
        self.battery = BatterySource(battery_mv, board.vsys_divider)
        board.vsys.source = self.battery

    def reader(self, slot: int) -> MFRC522Chip:
        return self.green_reader if slot == 0 else self.red_reader

    def insert(self, slot: int, number: int, spare: bool = False, deed: bool = False) -> None:
        """Player card `number` in the slot, or spare tag `number` when `spare`, or the tag of
        the deed on square `number` when `deed`."""
        uid = spare_uid(number) if spare else deed_uid(number) if deed else card_uid(number)
        self.reader(slot).put_card(VirtualCard(uid))

    def remove(self, slot: int) -> None:
        self.reader(slot).remove_card()

    def unplug_display(self) -> None:
        self.board.i2c.detach(self.board.display_address)

    def plug_display(self) -> None:
        self.board.i2c.attach(self.board.display_address, self.panel)
