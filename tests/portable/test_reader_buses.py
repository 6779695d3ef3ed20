# The readers' SPI buses: a reader that drives MISO while deselected breaks a shared bus, not two.
# micropython-heap: 288k (app.build and app.selftest imported with the whole firmware, plus every
# virtual part's model in one heap, as test_unit_cardless)
import os

from app.build import build_unit
from app.selftest import READER_HINTS, build_selftest
from drivers.mfrc522 import MFRC522, CardSlot
from peripherals.flash import VirtualFlash, empty_dir
from peripherals.mfrc522_chip import VirtualCard
from peripherals.wiring import VirtualBoard, VirtualParts, card_uid, spi_bytes

FLASH = "reader-buses-flash.tmp"


def readers(board) -> list:
    """The drivers as app.build makes them: each on its reader's bus."""
    return [
        MFRC522(board.green_spi, board.green_cs, board.green_rst),
        MFRC522(board.red_spi, board.red_cs, board.red_rst),
    ]


def versions(board) -> list:
    """VersionReg of each reader after init(), or what the driver read when it gave up."""
    found = []
    for reader in readers(board):
        try:
            found.append(reader.init())
        except OSError:
            found.append(reader.read_version())
    return found


def card_read(reader, chip, number: int) -> bool:
    chip.put_card(VirtualCard(card_uid(number)))
    slot = CardSlot(reader)
    for _ in range(3):
        reader.field_on()
        if slot.poll() == CardSlot.INSERTED:
            return True
    return False


def test_the_board_gives_each_reader_its_own_bus():
    board = VirtualBoard()
    assert board.green_spi is not board.red_spi
    assert (board.green_spi.id, board.red_spi.id) == (0, 1)


def test_a_reader_holding_miso_silences_the_other_on_a_shared_bus():
    board = VirtualBoard()
    board.red_spi = board.green_spi  # both on SPI0, as the boards were before issue 28
    parts = VirtualParts(board)
    assert versions(board) == [0x92, 0x92]  # well-behaved modules share a bus
    parts.green_reader.holds_miso = True  # GREEN keeps pulling MISO low while deselected
    assert versions(board) == [0x92, 0x00]  # RED reads as all zeros: "missing"


def test_the_self_test_names_the_reader_silenced_on_a_shared_bus():
    board = VirtualBoard()
    board.red_spi = board.green_spi
    parts = VirtualParts(board)
    parts.green_reader.holds_miso = True
    lines: list = []
    test = build_selftest(board, board.keymap("electronic_banking"), lines.append)
    now = 5000
    while test.step < 2:  # the display pattern, then both readers' versions
        test.run_step(now)
        now += 10
    assert "SELFTEST READER GREEN PASS VERSION 0x92" in lines
    assert "SELFTEST READER RED FAIL VERSION 0x00: " + " ".join(READER_HINTS[0x00]) in lines
    assert test.hint == ("RED READER READS 00",) + READER_HINTS[0x00]


def test_each_reader_answers_on_its_own_bus_while_the_other_holds_miso():
    board = VirtualBoard()
    parts = VirtualParts(board)
    parts.green_reader.holds_miso = True
    parts.red_reader.holds_miso = True
    assert versions(board) == [0x92, 0x92]
    green, red = readers(board)
    green.init()
    red.init()
    assert card_read(green, parts.green_reader, 1)
    assert card_read(red, parts.red_reader, 2)


def test_each_reader_talks_only_on_its_own_bus():
    board = VirtualBoard()
    parts = VirtualParts(board)
    green, red = readers(board)
    green.init()
    moved = (board.green_spi.bytes_moved, board.red_spi.bytes_moved)
    assert moved[0] > 0 and moved[1] == 0 and parts.red_reader.selects == 0
    red.init()
    assert board.green_spi.bytes_moved == moved[0] and board.red_spi.bytes_moved > 0
    assert spi_bytes(board) == board.green_spi.bytes_moved + board.red_spi.bytes_moved


def test_the_unit_builds_each_reader_on_its_own_bus():
    board = VirtualBoard()
    VirtualParts(board)
    try:
        unit = build_unit(board, fs=VirtualFlash(empty_dir(FLASH)))
        green, red = unit.readers
        assert green._spi is board.green_spi and red._spi is board.red_spi
    finally:
        empty_dir(FLASH)
        os.rmdir(FLASH)
