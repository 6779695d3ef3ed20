"""The Banker's game read back (issue 30): a card's history names each action with its deed's
square (BUY 39, RENT 39, LIFT 37) on the unit's page and in VirtualUnit.history()."""

from host_sim import VirtualUnit


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
