# Virtual SSD1306 128x64 OLED for the fake I2C bus: control bytes, commands and GDDRAM, and what
# the glass shows. Plain Python that also runs under MicroPython (the driver suites use it there).
#
# The glass is modelled as a typical 0.96" module: mounted so that segment remap (0xA1) and COM
# scan from COM[N-1] (0xC8) give an upright picture, and wired for the alternative COM pin
# configuration (0xDA 0x12). Not modelled: scrolling (set-up bytes are parsed and ignored),
# the left/right COM remap bit, timing registers (stored only), and reads of GDDRAM.

ADDRESS = 0x3C
WIDTH = 128
HEIGHT = 64

HORIZONTAL = 0  # memory addressing modes set by 0x20
VERTICAL = 1
PAGE = 2

# Argument bytes after each multi-byte command (datasheet command table).
_ARGUMENT_COUNT = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address: first, last
    0x22: 2,  # page address: first, last
    0x26: 6,  # right horizontal scroll set-up
    0x27: 6,  # left horizontal scroll set-up
    0x29: 5,  # vertical and right horizontal scroll set-up
    0x2A: 5,  # vertical and left horizontal scroll set-up
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump: 0x14 on, 0x10 off
    0xA3: 2,  # vertical scroll area
    0xAD: 1,  # internal current reference select (0x30 on some modules' init sequences)
    0xA8: 1,  # multiplex ratio - 1
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide ratio / oscillator frequency
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins hardware configuration
    0xDB: 1,  # VCOMH deselect level
}


class SSD1306Panel:
    """Attach with i2c.attach(0x3C, panel); read the glass with pixel(x, y) or rows()."""

    width = WIDTH
    height = HEIGHT

    def __init__(self):
        self.ram = bytearray(
            WIDTH * HEIGHT // 8
        )  # GDDRAM: ram[page * 128 + column], bit = row & 7
        self.unknown_commands = []  # command bytes the SSD1306 does not define
        self.ram_writes = 0  # data bytes stored into GDDRAM since power-up
        self.power_up()

    def power_up(self):
        """Reset values from the datasheet; GDDRAM holds noise until it is written."""
        seed = 0x2545
        for i in range(len(self.ram)):
            seed = (seed * 75 + 74) % 65537
            self.ram[i] = seed & 0xFF
        self.display_on = False
        self.charge_pump = False
        self.contrast = 0x7F
        self.addressing = PAGE
        self.column_start = 0
        self.column_end = WIDTH - 1
        self.page_start = 0
        self.page_end = HEIGHT // 8 - 1
        self.column = 0
        self.page = 0
        self.page_mode_column = 0  # column start set by the 0x00-0x1F nibble commands
        self.segment_remap = False
        self.com_remap = False
        self.multiplex = 64
        self.offset = 0
        self.start_line = 0
        self.inverse = False
        self.entire_on = False
        self.com_pins = 0x12
        self.clock = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.scrolling = False
        self._pending = -1  # a command still waiting for argument bytes
        self._arguments = []
        self._needed = 0

    # ---- the bus side ----------------------------------------------------------------------

    def i2c_write(self, data):
        i = 0
        n = len(data)
        while i < n:
            control = data[i]  # Co = bit 7, D/C# = bit 6
            i += 1
            is_data = control & 0x40
            if control & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    if is_data:
                        self._store(data[i])
                    else:
                        self._command_byte(data[i])
                    i += 1
                continue
            while i < n:  # Co=0: the rest of the transaction is data or commands
                if is_data:
                    self._store(data[i])
                else:
                    self._command_byte(data[i])
                i += 1

    def i2c_read(self, nbytes):
        status = 0x00 if self.display_on else 0x40  # status register: D6 = display off
        return bytes([status]) * nbytes

    # ---- the glass -------------------------------------------------------------------------

    def pixel(self, x, y):
        """1 if the pixel at (x, y) of the glass is lit, (0, 0) being the top left."""
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            return 0
        if not (self.display_on and self.charge_pump):
            return 0  # asleep, or no panel voltage without the charge pump
        if self.entire_on:
            return 1
        row = self._ram_row(y)
        if row < 0:
            return 0  # a COM line beyond the multiplex ratio is not driven
        bit = (self.ram[(row >> 3) * WIDTH + x] >> (row & 7)) & 1
        return bit ^ 1 if self.inverse else bit

    def column_byte(self, page, column):
        """The GDDRAM byte a write to (page, column address) would land on, under today's remap."""
        segment = column if self.segment_remap else WIDTH - 1 - column
        return self.ram[page * WIDTH + segment]

    def rows(self):
        """The glass as 64 strings of '#' (lit) and '.' (dark), for debugging and tests."""
        return [
            "".join("#" if self.pixel(x, y) else "." for x in range(WIDTH)) for y in range(HEIGHT)
        ]

    def _ram_row(self, y):
        com = HEIGHT - 1 - y  # the module's glass is upside down: COM63 on the top row
        if not self.com_pins & 0x10:
            # Sequential COM configuration on glass wired for alternative: the halves interleave.
            com = (com >> 1) + (32 if com & 1 else 0)
        scan = self.multiplex - 1 - com if self.com_remap else com
        if scan < 0 or scan >= self.multiplex:
            return -1
        return (scan + self.start_line + self.offset) & 63

    # ---- GDDRAM ----------------------------------------------------------------------------

    def _store(self, byte):
        # RAM is kept by segment (glass column). Segment remap picks the segment a column
        # address lands on as the byte is written: the datasheet says 0xA0/0xA1 only affect
        # data written after them, so remapping never moves what is already on the glass.
        segment = self.column if self.segment_remap else WIDTH - 1 - self.column
        self.ram[self.page * WIDTH + segment] = byte
        self.ram_writes += 1
        if self.addressing == HORIZONTAL:
            self.column += 1
            if self.column > self.column_end:
                self.column = self.column_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
        elif self.addressing == VERTICAL:
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.column = (
                    self.column_start if self.column >= self.column_end else self.column + 1
                )
        else:  # page addressing: the column wraps within the page
            self.column = self.page_mode_column if self.column >= WIDTH - 1 else self.column + 1

    # ---- commands --------------------------------------------------------------------------

    def _command_byte(self, byte):
        if self._pending >= 0:
            self._arguments.append(byte)
            if len(self._arguments) == self._needed:
                code = self._pending
                self._pending = -1
                self._execute(code, self._arguments)
            return
        needed = _ARGUMENT_COUNT.get(byte, 0)
        if needed:
            self._pending = byte
            self._arguments = []
            self._needed = needed
            return
        self._execute(byte, ())

    def _execute(self, code, arguments):
        if code <= 0x0F:  # lower column nibble, page addressing only
            if self.addressing == PAGE:
                self.page_mode_column = (self.page_mode_column & 0x70) | code
                self.column = self.page_mode_column
        elif code <= 0x1F:  # upper column nibble (3 bits), page addressing only
            if self.addressing == PAGE:
                self.page_mode_column = ((code & 0x07) << 4) | (self.page_mode_column & 0x0F)
                self.column = self.page_mode_column
        elif code == 0x20:
            if arguments[0] & 0x03 != 0x03:  # 11b is invalid
                self.addressing = arguments[0] & 0x03
        elif code == 0x21:
            self.column_start = arguments[0] & 0x7F
            self.column_end = arguments[1] & 0x7F
            self.column = self.column_start
        elif code == 0x22:
            self.page_start = arguments[0] & 0x07
            self.page_end = arguments[1] & 0x07
            self.page = self.page_start
        elif code in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # scroll set-up: parsed, not modelled
        elif code == 0x2E:
            self.scrolling = False
        elif code == 0x2F:
            self.scrolling = True
        elif 0x40 <= code <= 0x7F:
            self.start_line = code & 0x3F
        elif code == 0x81:
            self.contrast = arguments[0]
        elif code == 0x8D:
            self.charge_pump = bool(arguments[0] & 0x04)
        elif code in (0xA0, 0xA1):
            self.segment_remap = code == 0xA1
        elif code in (0xA4, 0xA5):
            self.entire_on = code == 0xA5
        elif code in (0xA6, 0xA7):
            self.inverse = code == 0xA7
        elif code == 0xA8:
            if arguments[0] & 0x3F >= 15:  # 0-14 are invalid
                self.multiplex = (arguments[0] & 0x3F) + 1
        elif code in (0xAE, 0xAF):
            self.display_on = code == 0xAF
        elif 0xB0 <= code <= 0xB7:  # page start, page addressing only
            if self.addressing == PAGE:
                self.page = code & 0x07
        elif 0xC0 <= code <= 0xCF:
            self.com_remap = bool(code & 0x08)
        elif code == 0xD3:
            self.offset = arguments[0] & 0x3F
        elif code == 0xD5:
            self.clock = arguments[0]
        elif code == 0xD9:
            self.precharge = arguments[0]
        elif code == 0xDA:
            self.com_pins = arguments[0]
        elif code == 0xDB:
            self.vcomh = arguments[0]
        elif code == 0xE3:
            pass  # NOP
        else:
            self.unknown_commands.append(code)
