# The virtual MFRC522's own registers (FIFO, CRC coprocessor, Mem, RST), poked over the fake SPI.
# CPython only: the simulator's internals need no MicroPython run, and the portable MFRC522 suite
# already fills much of the 64 KB MicroPython heap.
from drivers.mfrc522 import MFRC522
from peripherals.bus import SPI, Pin
from peripherals.mfrc522_chip import MFRC522Chip, crc_a

COMMAND = 0x01
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
MODE = 0x11
TX_CONTROL = 0x14
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
VERSION = 0x37


def raises_oserror(fn, text):
    try:
        fn()
    except OSError as error:
        return text in str(error)
    return False


def reg_write(spi, cs, reg, *values):
    cs(0)
    spi.write(bytes([reg << 1]) + bytes(values))
    cs(1)


def reg_read(spi, cs, reg):
    cs(0)
    data = spi.read(2, 0x80 | reg << 1)
    cs(1)
    return data[1]


def chip_alone():
    spi = SPI(0)
    cs = Pin(9, Pin.OUT, value=1)
    chip = MFRC522Chip()
    spi.attach(cs, chip)
    return spi, cs, chip


def test_chip_fifo_level_flush_and_overflow():
    spi, cs, chip = chip_alone()
    reg_write(spi, cs, FIFO_DATA, 1, 2, 3)
    assert reg_read(spi, cs, FIFO_LEVEL) == 3
    assert reg_read(spi, cs, FIFO_DATA) == 1
    assert reg_read(spi, cs, FIFO_LEVEL) == 2
    reg_write(spi, cs, FIFO_LEVEL, 0x80)  # FlushBuffer
    assert reg_read(spi, cs, FIFO_LEVEL) == 0
    reg_write(spi, cs, FIFO_DATA, *range(65))
    assert reg_read(spi, cs, FIFO_LEVEL) == 64
    assert reg_read(spi, cs, ERROR) & 0x10  # BufferOvfl
    reg_write(spi, cs, FIFO_LEVEL, 0x80)
    assert reg_read(spi, cs, ERROR) & 0x10 == 0


def test_chip_crc_coprocessor_uses_mode_preset():
    spi, cs, chip = chip_alone()
    reg_write(spi, cs, MODE, 0x3D)  # CRCPreset 01: 0x6363
    reg_write(spi, cs, FIFO_DATA, 0x50, 0x00)
    reg_write(spi, cs, COMMAND, 0x03)  # CalcCRC
    assert reg_read(spi, cs, CRC_RESULT_L) == 0x57  # HLTA is sent as 50 00 57 CD
    assert reg_read(spi, cs, CRC_RESULT_H) == 0xCD
    assert crc_a(b"\x50\x00\x57\xcd", 4) == 0  # CRC over data + its CRC_A is 0
    reg_write(spi, cs, MODE, 0x3F)  # reset value: preset 0xFFFF gives another CRC
    reg_write(spi, cs, COMMAND, 0x00)
    reg_write(spi, cs, FIFO_DATA, 0x50, 0x00)
    reg_write(spi, cs, COMMAND, 0x03)
    assert reg_read(spi, cs, CRC_RESULT_L) | reg_read(spi, cs, CRC_RESULT_H) << 8 != 0xCD57


def test_chip_mem_command_round_trip():
    spi, cs, chip = chip_alone()
    reg_write(spi, cs, FIFO_DATA, *range(100, 125))
    reg_write(spi, cs, COMMAND, 0x01)  # Mem: FIFO -> internal buffer
    assert reg_read(spi, cs, FIFO_LEVEL) == 0
    reg_write(spi, cs, COMMAND, 0x01)  # empty FIFO: internal buffer -> FIFO
    assert reg_read(spi, cs, FIFO_LEVEL) == 25
    assert reg_read(spi, cs, FIFO_DATA) == 100


def test_chip_held_in_reset_does_not_answer():
    spi = SPI(0)
    cs = Pin(9, Pin.OUT, value=1)
    rst = Pin(10, Pin.OUT, value=0)
    chip = MFRC522Chip(rst=rst)
    spi.attach(cs, chip)
    assert reg_read(spi, cs, VERSION) == 0xFF  # VersionReg: MISO not driven
    reader = MFRC522(spi, cs)  # RST not wired to the driver: stays low
    assert raises_oserror(reader.init, "not found")
    rst(1)
    assert MFRC522(spi, cs).init() == 0x92


def test_chip_soft_power_down_keeps_its_registers_and_wakes_after_a_read() -> None:
    spi, cs, chip = chip_alone()
    reg_write(spi, cs, MODE, 0x3D)
    reg_write(spi, cs, TX_CONTROL, 0x83)  # antenna on
    assert chip.field
    reg_write(spi, cs, COMMAND, 0x10)  # PowerDown
    assert chip.asleep and not chip.field
    assert reg_read(spi, cs, COMMAND) & 0x10
    reg_write(spi, cs, COMMAND, 0x00)  # PowerDown cleared: the wake-up starts
    assert reg_read(spi, cs, COMMAND) & 0x10  # 1024 clocks: not yet
    assert reg_read(spi, cs, COMMAND) == 0x00
    assert reg_read(spi, cs, MODE) == 0x3D and chip.field  # kept through the power-down


def test_chip_counts_the_time_its_timer_waits_for_no_answer() -> None:
    spi, cs, chip = chip_alone()
    reg_write(spi, cs, 0x2A, 0x80)  # TAuto, TPrescaler high nibble 0
    reg_write(spi, cs, 0x2B, 169)  # 25 us per tick
    reg_write(spi, cs, 0x2D, 199)  # TReload 199: 200 ticks
    reg_write(spi, cs, TX_CONTROL, 0x83)
    reg_write(spi, cs, FIFO_DATA, 0x52)  # WUPA, nobody in the field
    reg_write(spi, cs, 0x0D, 0x07)
    reg_write(spi, cs, COMMAND, 0x0C)  # Transceive
    reg_write(spi, cs, 0x0D, 0x87)  # StartSend
    assert reg_read(spi, cs, 0x04) & 0x01  # TimerIRq
    assert chip.timer_us == 5000
