# Raspberry Pi Pico (RP2040): the pin map of the banking unit; builds every bus and pin object.
#
#   GP4  I2C0 SDA   SSD1306          GP18 SPI0 SCK   GREEN MFRC522   GP26 SPI1 SCK   RED MFRC522
#   GP5  I2C0 SCL   SSD1306          GP19 SPI0 MOSI  GREEN MFRC522   GP27 SPI1 MOSI  RED MFRC522
#   GP2  PWM1 A     piezo            GP16 SPI0 MISO  GREEN MFRC522   GP28 SPI1 MISO  RED MFRC522
#   GP6..GP10  keypad rows (open drain)  GP17 GREEN reader SDA (chip select)
#   GP11..GP15 keypad columns (in)   GP20 RED reader SDA (chip select)
#   GP29 ADC3  VSYS/3 (on the board) GP21 GREEN reader RST, GP22 RED reader RST
#   GP24 VBUS sense (on the board: 1 on USB power)
# Each reader has its own SPI bus: many RC522 modules keep driving MISO while deselected, and
# on a shared bus that one stops the other answering (issue 28).
import rp2
from machine import ADC, I2C, PWM, SPI, Pin, Timer, lightsleep

NAME = "pico"
ROW_PINS = (6, 7, 8, 9, 10)
COL_PINS = (11, 12, 13, 14, 15)
VBUS_GPIO = 24  # VBUS sense on the Pico and Pico 2; on the Pico W the radio's data line


class Board:
    name = NAME
    display_address = 0x3C
    i2c_hz = 400000  # SSD1306 fast mode
    spi_hz = 4000000  # MFRC522 allows 10 MHz; 4 MHz keeps margin on hand-wired leads
    vsys_divider = 3  # the Pico has R5/R6 dividing VSYS by 3 into ADC3

    def __init__(self, matrix: str = "4x4") -> None:
        size = int(matrix[0])
        self.matrix = matrix
        self.i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=self.i2c_hz)
        self.green_spi = SPI(0, baudrate=self.spi_hz, sck=Pin(18), mosi=Pin(19), miso=Pin(16))
        self.red_spi = SPI(1, baudrate=self.spi_hz, sck=Pin(26), mosi=Pin(27), miso=Pin(28))
        self.green_cs = Pin(17, Pin.OUT, value=1)
        self.red_cs = Pin(20, Pin.OUT, value=1)
        self.green_rst = Pin(21, Pin.OUT, value=1)
        self.red_rst = Pin(22, Pin.OUT, value=1)
        # Open drain: two keys down in one column would otherwise short a low row to a high one.
        self.rows = [Pin(n, Pin.OPEN_DRAIN, value=1) for n in ROW_PINS[:size]]
        self.cols = [Pin(n, Pin.IN, Pin.PULL_UP) for n in COL_PINS[:size]]
        # The keypad is scanned by PIO0's state machine 0 (drivers.keypad_pio_program: rows and
        # columns each on consecutive pins, as above); the timer is the software sampler's, for a
        # build that needs the state machine elsewhere (drivers.keypad: set key_sm to None).
        self.key_sm = rp2.StateMachine(0)
        self.key_timer = Timer(-1)
        self.piezo = PWM(Pin(2))
        self.piezo.duty_u16(0)
        self.vsys = self._vsys_adc()
        # Light sleep in standby (app.power), never while GP24 (VBUS sense) reads USB power
        self.vbus, self.lightsleep = self._sleep()

    def _sleep(self) -> tuple:
        return Pin(VBUS_GPIO, Pin.IN), lightsleep

    def _vsys_adc(self):
        return ADC(Pin(29))

    def keymap(self, edition: str) -> tuple:
        # Imported here: the layouts are read at power-on only, and app.config lets the
        # module go with the settings code (about 2 KB of heap).
        from boards.keymaps import keymap

        return keymap(self.matrix, edition)
