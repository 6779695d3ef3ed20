# Builds a BankUnit from a board object: drivers on the board's buses, the edition, the store.
from app.unit import BankUnit
from drivers.battery import Battery
from drivers.keypad import Keypad
from drivers.mfrc522 import MFRC522
from drivers.piezo import Piezo
from drivers.ssd1306 import SSD1306
from store.fs import DeviceFS
from store.store import Store

EDITIONS = ("electronic_banking", "revolution", "stock_exchange")
# Editions played without cards (their rules have uses_cards = False): their unit is built
# without card readers, so a Stock Exchange unit needs none fitted.
CARDLESS = ("stock_exchange",)


def uses_cards(name: str) -> bool:
    return name not in CARDLESS


def make_edition(name: str, seed: int = 0):
    """seed: where an edition that draws cards starts its PRNG on a fresh flash (once it has
    drawn, the generator's state is journaled and restored instead)."""
    if name == "electronic_banking":
        from rules.electronic_banking import ElectronicBanking

        return ElectronicBanking()
    if name == "revolution":
        from rules.revolution import Revolution

        return Revolution(seed=seed)
    if name == "stock_exchange":
        from rules.stock_exchange import StockExchange

        return StockExchange()
    raise ValueError("unknown edition " + name)


def build_unit(board, edition: str = "electronic_banking", fs=None, seed: int = 0):
    """Every driver is constructed here; none talks to its part until BankUnit.boot().
    fs: where the state lives; by default the "data" folder of the board's filesystem.
    A card-less edition gets no readers: nothing polls the SPI bus, nothing says one is
    missing, and no card event can reach it."""
    rules = make_edition(edition, seed)
    keypad = Keypad(board.rows, board.cols, board.keymap(edition))
    display = SSD1306(board.i2c, board.display_address)
    readers: list = [None, None]
    if getattr(rules, "uses_cards", True):
        readers = [
            MFRC522(board.spi, board.green_cs, board.green_rst),
            MFRC522(board.spi, board.red_cs, board.red_rst),
        ]
    piezo = Piezo(board.piezo)
    battery = Battery(board.vsys, divider=board.vsys_divider)
    store = Store(fs if fs is not None else DeviceFS("data"))
    return BankUnit(rules, keypad, display, readers, piezo, battery, store)
