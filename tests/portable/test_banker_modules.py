# The Banker's deeds' code on the interpreter that runs it: the common flows loaded at the game's
# first quiet second, the seldom actions' modules (auction, trade, bankruptcy) loaded by their key
# and let go after use, the buildings' and mortgages' loaded by their keys and let go at the next
# quiet second (issue 30), played through a Table.
# micropython-heap: 128k (the Banker, its estate, its flows and one seldom module at a time keep
# about 86 KB live on the 64-bit unix port; 112k is the measured floor)
import sys

from editions.banker.edition import Banker
from table import GREEN, RED, Table

from app.memory import forget_module
from rules import keys
from rules.cards import CardRegistry

COMMON = ("editions.banker.flows", "editions.banker.actions", "editions.banker.modes")
SELDOM = ("editions.banker.auction", "editions.banker.trade", "editions.banker.bankruptcy")
HOLDINGS = "editions.banker.holdings"


def _table() -> Table:
    for name in SELDOM + (HOLDINGS,):
        forget_module(name)  # (an earlier test of this suite may have left one)
    return Table(unit=Banker(registry=CardRegistry(6)))


def _loaded() -> list:
    """The seldom modules loaded: in sys.modules, and each its package's attribute."""
    import editions.banker as package

    found = [name for name in SELDOM if name in sys.modules]
    named = [name for name in SELDOM if hasattr(package, name[name.rfind(".") + 1 :])]
    assert found == named, (found, named)
    return found


def _deed(table: Table, square: int, key: str) -> None:
    """The square typed (a card in), DEED, then the action's key."""
    table.type(str(square))
    table.press(keys.DEED)
    table.press(key)


def test_the_flows_load_at_the_first_quiet_second():
    table = _table()
    part = table.unit.part
    table.advance(500)
    assert part.flows is None
    for _ in range(4):  # a key each half second: never quiet
        table.press("5")
        table.advance(400)
    assert part.flows is None
    table.press(keys.CLEAR)
    table.advance(1100)
    assert part.flows is not None
    for name in COMMON:
        assert name in sys.modules, name
    assert _loaded() == []


def test_an_auction_is_loaded_while_it_runs_and_let_go_when_it_ends():
    table = _table()
    table.insert(RED, 2)
    _deed(table, 39, keys.AUCTION)
    assert _loaded() == ["editions.banker.auction"]
    table.type("120")
    table.press(keys.GO)
    table.advance(16000)
    assert table.view()["title"] == "SOLD TO CARD 2"
    assert _loaded() == []  # the sale's offer needs none of it
    table.press(keys.GO)
    assert table.unit.part.estate.owner(39) == 2 and table.balance(2) == 1380
    _deed(table, 39, keys.AUCTION)  # refused (DEED OWNED): let go at once
    assert table.view()["error"] and _loaded() == []
    table.press(keys.CLEAR)
    _deed(table, 37, keys.AUCTION)
    assert _loaded() == ["editions.banker.auction"]  # read again
    table.press(keys.CLEAR)  # stopped
    assert _loaded() == []
    table.advance(1100)  # the buildings' module it loaded goes at the next quiet second
    assert HOLDINGS not in sys.modules


def test_a_trade_is_loaded_while_its_offer_is_open_and_a_bankruptcy_not_after_its_offer():
    table = _table()
    table.insert(RED, 1)
    _deed(table, 12, keys.BUY)
    table.press(keys.GO)
    table.remove(RED)
    table.insert(GREEN, 1)
    table.insert(RED, 3)
    table.type("12")
    table.press(keys.DEED)
    table.type("50")
    table.press(keys.SELL)
    assert table.view()["title"] == "TRADE: 1 TO 3"
    assert _loaded() == ["editions.banker.trade"]
    table.press(keys.GO)
    assert table.unit.part.estate.owner(12) == 3 and table.balance(3) == 1450
    assert _loaded() == []
    table.remove(GREEN)
    table.press(keys.BANKRUPT)  # card 3 in RED: to the bank
    assert table.view()["title"] == "BANKRUPT 3>BANK" and _loaded() == []
    table.press(keys.GO)
    assert table.balance(3) == 0 and table.unit.part.estate.owner(12) is None
    assert table.unit.part.for_auction == [12]


def test_buildings_and_mortgages_load_by_their_keys_and_go_at_the_next_quiet_second():
    table = _table()
    part = table.unit.part
    table.advance(1100)  # the flows, at the first quiet second
    assert part.flows is not None and HOLDINGS not in sys.modules
    table.insert(RED, 1)
    for square in (1, 3):
        _deed(table, square, keys.BUY)
        table.press(keys.GO)
    assert HOLDINGS not in sys.modules  # buying needs none of it
    for square in (1, 3, 1):  # a house on each lot of the brown group, then a second
        _deed(table, square, keys.BUILD)
        table.press(keys.GO)
        table.advance(300)  # a burst of builds: it stays loaded
        assert HOLDINGS in sys.modules
    assert part.estate.buildings_on(1) == 2 and part.estate.buildings_on(3) == 1
    assert table.balance(1) == 1500 - 60 - 60 - 3 * 50
    table.advance(1100)  # quiet: let go
    assert HOLDINGS not in sys.modules and part.for_now is None
    _deed(table, 3, keys.BUILD)  # loaded again by the key
    assert HOLDINGS in sys.modules and table.view()["title"] == "HOUSE 2: CARD 1"
    table.advance(1100)  # an open offer keeps it
    assert HOLDINGS in sys.modules
    table.press(keys.GO)
    table.remove(RED)
    table.insert(GREEN, 1)
    table.advance(1100)
    assert HOLDINGS not in sys.modules
    _deed(table, 5, keys.MORTGAGE)  # the bank's: refused, loaded all the same
    assert table.view()["error"] and HOLDINGS in sys.modules
    table.advance(1100)
    assert HOLDINGS not in sys.modules


def test_a_module_kept_for_now_gives_way_to_the_next():
    table = _table()
    part = table.unit.part
    table.advance(1100)
    table.insert(RED, 1)
    _deed(table, 1, keys.BUY)
    table.press(keys.GO)
    _deed(table, 1, keys.MORTGAGE)  # the lift of an unmortgaged deed: refused, holdings loaded
    assert HOLDINGS in sys.modules and part.for_now == HOLDINGS
    part.keep_for_now("editions.banker.enrolment")  # (as a key while enrolling does)
    assert HOLDINGS not in sys.modules and part.for_now == "editions.banker.enrolment"
