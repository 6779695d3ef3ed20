"""The Banker's game read back (issue 30): a card's history names each action with its deed's
square (BUY 39, RENT 39, LIFT 37) on the unit's page and in VirtualUnit.history(); the export's
CSV has a deed column and its chart marks the deeds bought."""

import csv
import io
import pathlib

from PIL import Image

from host_sim import VirtualUnit
from host_sim.__main__ import main as host_sim_main
from host_sim.history import card_game, export, open_folder, purchase_rows
from host_sim.script import run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
BANKER_GAME = ROOT / "tests" / "scripts" / "banker_game.txt"


def typed_deed(unit: VirtualUnit, square: int) -> None:
    unit.type(str(square))
    unit.press("deed")


def act(unit: VirtualUnit, square: int, key: str) -> None:
    typed_deed(unit, square)
    unit.press(key)
    unit.press("go")


def deed_game(unit: VirtualUnit) -> None:
    """Card 1 buys Park Place and Boardwalk, builds a house on Boardwalk; card 2 pays its rent;
    card 1 sells the house back, mortgages Park Place and lifts it; a salary and a payment to
    the bank are money alone."""
    unit.insert(card=1, slot="red")
    act(unit, 37, "buy")
    act(unit, 39, "buy")
    act(unit, 39, "build")
    unit.remove(slot="red")
    unit.insert(card=2, slot="red")
    act(unit, 39, "rent")
    unit.remove(slot="red")
    unit.insert(card=1, slot="green")
    act(unit, 39, "sell")
    act(unit, 37, "mortgage")
    unit.press("go")  # alone in GREEN: the salary
    unit.remove(slot="green")
    unit.insert(card=1, slot="red")
    act(unit, 37, "mortgage")  # in RED: the lift
    unit.type("15")
    unit.press("go")  # to the bank
    unit.remove(slot="red")


CARD_1 = [  # (number, amount, other, balance), newest first
    (9, -15, "BANK", 1017),
    (8, -193, "LIFT 37", 1032),
    (7, 200, "GO", 1225),
    (6, 175, "MORT 37", 1025),
    (5, 100, "SELL 39", 850),
    (4, 200, "RENT 39", 750),
    (3, -200, "BUILD 39", 550),
    (2, -400, "BUY 39", 750),
    (1, -350, "BUY 37", 1150),
]


def test_a_cards_history_names_what_it_did_with_which_deed() -> None:
    with VirtualUnit(edition="banker") as unit:
        deed_game(unit)
        history = unit.history(card=1)
        shown = [(e["number"], e["amount"], e["other"], e["balance"]) for e in history]
        assert shown == CARD_1
        assert history[0]["balance"] == unit.balance(1)
        assert [(e["amount"], e["other"]) for e in unit.history(card=2)] == [(-200, "RENT 39")]
        unit.insert(card=1, slot="green")
        unit.hold("bankrupt", 2.5)  # one card in: its history
        assert unit.screen_text() == ["CARD 1  #9", "-$15", "BANK  BAL $1017"]
        unit.press("bankrupt")  # older
        assert unit.screen_text() == ["CARD 1  #8", "-$193", "LIFT 37  BAL $1032"]
        for _ in range(6):
            unit.press("bankrupt")
        assert unit.screen_text() == ["CARD 1  #2", "-$400", "BUY 39  BAL $750"]
        unit.press("c")
        for line in unit.screen_text():
            assert len(line) <= 21


def test_trades_auctions_interest_and_an_undo_in_the_history() -> None:
    with VirtualUnit(edition="banker") as unit:
        unit.insert(card=1, slot="red")
        act(unit, 12, "buy")
        unit.remove(slot="red")
        unit.insert(card=1, slot="green")
        act(unit, 12, "mortgage")
        unit.insert(card=2, slot="red")
        typed_deed(unit, 12)
        unit.type("100")
        unit.press("sell")
        unit.press("go")  # the trade, and the 10 % on its mortgage
        unit.remove(slot="green")
        unit.remove(slot="red")
        unit.insert(deed=28, slot="green")
        unit.press("auction")
        unit.insert(card=3, slot="red")
        unit.type("90")
        unit.press("go")
        unit.advance(16)
        unit.press("go")  # sold to card 3 for $90
        unit.remove(slot="green")
        act(unit, 5, "buy")
        unit.press("c")  # taken back at once
        assert unit.deed(5)["owner"] is None
        others = [(e["other"], e["amount"], e["undone"]) for e in unit.history(card=2)]
        assert others == [("10% 12", -8, False), ("TRADE 12", -100, False)]
        assert [e["other"] for e in unit.history(card=1)] == ["TRADE 12", "MORT 12", "BUY 12"]
        history = [(e["other"], e["amount"], e["undone"]) for e in unit.history(card=3)]
        assert history == [("UNDO", 200, False), ("BUY 5", -200, True), ("AUCT 28", -90, False)]


# ---- the export ------------------------------------------------------------------------------


def played_game(folder: pathlib.Path) -> None:
    out = io.StringIO()
    code = run_script(str(BANKER_GAME), out, flash_dir=str(folder))
    assert code == 0, out.getvalue()[-500:]


def test_export_of_a_banker_game_has_a_deed_column_and_marks_purchases(
    tmp_path: pathlib.Path, capsys
) -> None:
    """The scripted whole game (setup to two bankruptcies) through `python -m host_sim export`:
    every row's deed is the square its action was on, none for money alone; the balances add up
    to the unit's; the chart marks each deed bought and not taken back."""
    folder = tmp_path / "flash"
    played_game(folder)
    table, chart = tmp_path / "game.csv", tmp_path / "game.png"
    code = host_sim_main(["export", str(folder), "--csv", str(table), "--chart", str(chart)])
    assert code == 0
    with open(table, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert "banker: %d transactions, 6 series on the chart" % len(rows) in capsys.readouterr().out
    assert "deed" in rows[0]
    kinds = {row["kind"] for row in rows}
    assert {"buy", "auction", "rent", "build", "sell", "mortgage", "lift", "bankrupt"} <= kinds
    for row in rows:
        if row["kind"] == "bankrupt":
            assert row["deed"] == "", row  # the cash alone: no buildings stood
        else:
            assert int(row["deed"]) in range(1, 40), row
    first_buy = next(row for row in rows if row["kind"] == "buy")
    assert (first_buy["payer"], first_buy["amount"], first_buy["deed"]) == ("CARD 1", "350", "37")
    undo = next(row for row in rows if row["kind"] == "undo")
    taken = next(row for row in rows if row["number"] == undo["number"] and row["kind"] != "undo")
    assert taken["undone"] == "True" and undo["deed"] == taken["deed"] == "39"
    with VirtualUnit(edition="banker", flash_dir=str(folder)) as unit:
        balances = unit.balances()
    for card in range(1, 7):
        assert int(rows[-1]["card_%d" % card]) == balances[card], card
    bought = [
        row for row in rows if row["kind"] in ("buy", "auction") and row["undone"] == "False"
    ]
    with Image.open(chart) as image:
        assert image.text["Description"] == "series=6 purchases=%d" % len(bought)
    assert len(bought) >= 5


def test_purchases_are_the_deeds_bought_and_kept(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition="banker", flash_dir=str(folder)) as unit:
        deed_game(unit)
        unit.insert(card=2, slot="red")
        act(unit, 5, "buy")
        unit.press("c")  # taken back: not marked
        act(unit, 6, "buy")
        unit.remove(slot="red")
    rows = card_game(open_folder(str(folder)), "banker", True)[3]
    assert purchase_rows(rows) == [(1, 1, 37), (2, 1, 39), (12, 2, 6)]
    assert [row["deed"] for row in rows] == [37, 39, 39, 39, 39, 37, "", 37, "", 5, 5, 6]
    done = export(str(folder), None, str(tmp_path / "game.png"))
    assert done == {"edition": "banker", "rows": 12, "series": 6}
    with Image.open(tmp_path / "game.png") as image:
        assert image.text["Description"] == "series=6 purchases=3"


def test_other_editions_export_no_deed_column(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition="classic", flash_dir=str(folder)) as unit:
        unit.insert(card=1, slot="green")
        unit.press("go")
    export(str(folder), str(tmp_path / "game.csv"), str(tmp_path / "game.png"))
    with open(tmp_path / "game.csv", newline="") as handle:
        assert "deed" not in next(csv.DictReader(handle))
    with Image.open(tmp_path / "game.png") as image:
        assert image.text["Description"] == "series=6"
