# Builds a BankUnit from a board object: drivers on the board's buses, the edition, the store.
from app.unit import BankUnit
from drivers.battery import Battery
from drivers.keypad import Keypad
from drivers.mfrc522 import MFRC522
from drivers.piezo import Piezo
from drivers.ssd1306 import SSD1306
from store.fs import DeviceFS
from store.store import Store

EDITIONS = ("electronic_banking",)


def make_edition(name: str):
    if name == "electronic_banking":
        from rules.electronic_banking import ElectronicBanking

        return ElectronicBanking()
    raise ValueError("unknown edition " + name)


def build_unit(board, edition: str = "electronic_banking", fs=None):
    """Every driver is constructed here; none talks to its part until BankUnit.boot().
    fs: where the state lives; by default the "data" folder of the board's filesystem."""
    rules = make_edition(edition)
    keypad = Keypad(board.rows, board.cols, board.keymap(edition))
    display = SSD1306(board.i2c, board.display_address)
    readers = [
        MFRC522(board.spi, board.green_cs, board.green_rst),
        MFRC522(board.spi, board.red_cs, board.red_rst),
    ]
    piezo = Piezo(board.piezo)
    battery = Battery(board.vsys, divider=board.vsys_divider)
    store = Store(fs if fs is not None else DeviceFS("data"))
    return BankUnit(rules, keypad, display, readers, piezo, battery, store)
