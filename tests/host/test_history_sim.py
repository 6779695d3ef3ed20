"""Game history (issue 19): a card's history pages on the unit, REVIEW stepping back on the
Stock Exchange, VirtualUnit.history() / price_history(), and the export to CSV and chart.

Every figure is checked against what the unit itself holds (its balances, its market), so a
history that drifts from the ledger fails here."""

import csv
import pathlib
import subprocess

import pytest
from PIL import Image

from host_sim import VirtualUnit
from host_sim.__main__ import main as host_sim_main
from host_sim.history import CHART_DPI, CHART_SIZE, csv_columns, export, title_of
from peripherals.flash import PowerCut
from rules import history as rules_history
from store.store import Store

M = 1000000
K = 1000
START = 15 * M
ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def ready(unit: VirtualUnit, card: int, slot: str) -> None:
    unit.insert(card=card, slot=slot)
    unit.advance(1.2)
    unit.sounds()


def scripted_game(unit: VirtualUnit) -> None:
    """Card 2: GO, pays the bank 500K, pays card 3 1M (taken back with C), pays card 3 750K."""
    ready(unit, 2, "green")
    unit.press("go")
    unit.remove(slot="green")
    ready(unit, 2, "red")
    unit.type("500K")
    unit.insert(card=3, slot="green")
    unit.type("1M")
    unit.press("C")
    unit.type("750K")
    unit.remove(slot="red")
    unit.remove(slot="green")


CARD_2 = [  # (amount, other, balance, kind, undone), newest first
    (-750 * K, "CARD 3", 15750 * K, "tx", False),
    (1 * M, "UNDO", 16500 * K, "undo", False),
    (-1 * M, "CARD 3", 15500 * K, "tx", True),
    (-500 * K, "BANK", 16500 * K, "tx", False),
    (2 * M, "GO", 17 * M, "tx", False),
]


def page(unit: VirtualUnit) -> list:
    return unit.screen_text()


def expected_page(card: int, entry: dict, money=None) -> list:
    money = money or (lambda a: _eb_money(a))
    big = ("+" if entry["amount"] > 0 else "-") + money(abs(entry["amount"]))
    if entry["undone"]:
        detail = "%s: UNDONE" % entry["other"]
    else:
        detail = "%s  BAL %s" % (entry["other"], money(entry["balance"]))
    return ["CARD %d  #%d" % (card, entry["number"]), big, detail]


def _eb_money(amount: int) -> str:
    from rules.money import format_amount

    return format_amount(amount)


def shown(entries: list) -> list:
    return [(e["amount"], e["other"], e["balance"], e["kind"], e["undone"]) for e in entries]


# ---- on the unit: Electronic Banking ----------------------------------------------------------


def test_history_pages_after_a_scripted_game() -> None:
    with VirtualUnit() as unit:
        scripted_game(unit)
        history = unit.history(card=2)
        assert shown(history) == CARD_2
        assert history[0]["balance"] == unit.balance(2)
        seqs = [entry["seq"] for entry in history]
        assert seqs == sorted(seqs, reverse=True) and len(set(seqs)) == 5
        ready(unit, 2, "green")
        before = sorted(p.name for p in pathlib.Path(unit.flash_dir).iterdir())
        writes = unit.flash.bytes_written
        unit.hold("M", 2.5)
        for index in range(5):
            assert page(unit) == expected_page(2, history[index]), index
            unit.press("M")
        assert page(unit)[2] == "NO EARLIER ENTRY" and unit.sounds()[-1] == "error"
        unit.press("K")
        assert page(unit) == expected_page(2, history[3])
        unit.press("C")
        assert page(unit) == ["CARD 2 RECEIVES", "15.75M"]
        assert unit.flash.bytes_written == writes  # paging wrote nothing
        assert sorted(p.name for p in pathlib.Path(unit.flash_dir).iterdir()) == before
        unit.press("M")  # a tap of M after leaving: as before, nothing typed to finish
        assert page(unit) == ["CARD 2 RECEIVES", "15.75M", "TYPE DIGITS FIRST"]


def test_taking_the_card_out_leaves_and_a_tap_of_m_is_unchanged() -> None:
    with VirtualUnit() as unit:
        scripted_game(unit)
        ready(unit, 2, "red")
        unit.press("M")  # tapped: what M always did with nothing typed
        assert page(unit) == ["CARD 2 PAYS", "15.75M", "TYPE DIGITS FIRST"]
        unit.hold("M", 2.5)
        assert page(unit)[0] == "CARD 2  #4"
        unit.remove(slot="red")
        assert page(unit) == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        ready(unit, 2, "red")
        assert page(unit) == ["CARD 2 PAYS", "15.75M"]  # not reopened


def test_history_does_not_open_with_two_cards_or_an_amount_typed() -> None:
    with VirtualUnit() as unit:
        scripted_game(unit)
        ready(unit, 2, "red")
        ready(unit, 3, "green")
        unit.hold("M", 2.5)
        assert page(unit)[0] == "CARD 2 > CARD 3"
        unit.remove(slot="green")
        unit.type("5")
        unit.hold("M", 2.5)  # finishes the amount as M always does: 5M to the bank
        assert unit.balance(2) == 15750 * K - 5 * M
        assert page(unit)[0] == "CARD 2 PAYS"


def test_a_card_with_no_transactions_says_so() -> None:
    with VirtualUnit() as unit:
        ready(unit, 5, "green")
        unit.hold("M", 2.5)
        assert page(unit) == ["CARD 5 HISTORY", "----", "NO TRANSACTIONS YET"]
        unit.press("M")
        assert unit.sounds()[-1] == "error"
        unit.press("C")
        assert page(unit) == ["CARD 5 RECEIVES", "15M"]


# ---- other card editions ----------------------------------------------------------------------


def test_classic_history_names_the_helpers() -> None:
    with VirtualUnit(edition="classic") as unit:
        ready(unit, 2, "red")
        unit.type("75")
        unit.press("mortgage")
        unit.press("go")  # lifted: $83
        unit.press("fine")
        unit.press("go")  # the $50 fine
        unit.remove(slot="red")
        ready(unit, 4, "red")
        ready(unit, 2, "green")
        unit.press("bankrupt")
        unit.press("go")  # card 4's $1500 to card 2
        unit.remove(slot="red")
        assert shown(unit.history(card=2)) == [
            (1500, "BANKRUPT", 2867, "tx", False),
            (-50, "FINE", 1367, "tx", False),
            (-83, "MORTGAGE", 1417, "tx", False),
        ]
        assert unit.balance(2) == 2867
        unit.hold("bankrupt", 2.5)
        assert page(unit) == ["CARD 2  #3", "+$1500", "BANKRUPT  BAL $2867"]
        unit.press("bankrupt")  # older
        assert page(unit) == ["CARD 2  #2", "-$50", "FINE  BAL $1367"]
        unit.press("mortgage")  # newer
        assert page(unit)[0] == "CARD 2  #3"


def test_revolution_history_after_a_scripted_game() -> None:
    with VirtualUnit(edition="revolution", settings={"chance": "off"}) as unit:
        scripted_game(unit)
        assert shown(unit.history(card=2)) == CARD_2
        ready(unit, 2, "green")
        unit.hold("M", 2.5)
        assert page(unit) == ["CARD 2  #4", "-750K", "CARD 3  BAL 15.75M"]
        unit.press("M")
        unit.press("M")
        assert page(unit) == ["CARD 2  #3", "-1M", "CARD 3: UNDONE"]


# ---- power cuts -------------------------------------------------------------------------------


def test_history_after_a_power_cycle_equals_history_before() -> None:
    with VirtualUnit() as unit:
        scripted_game(unit)
        before = {card: unit.history(card=card) for card in (2, 3)}
        unit.power_cycle()
        unit.advance(1.5)
        assert {card: unit.history(card=card) for card in (2, 3)} == before
        ready(unit, 3, "green")
        unit.hold("M", 2.5)
        assert page(unit) == expected_page(3, before[3][0])
        assert [e["other"] for e in before[3]] == ["CARD 2", "UNDO", "CARD 2"]


def test_a_power_cut_mid_transaction_leaves_a_history_that_matches_the_balances(
    tmp_path: pathlib.Path,
) -> None:
    outcomes = set()
    points = 0
    while True:
        points += 1
        with VirtualUnit(flash_dir=str(tmp_path / str(points))) as unit:
            scripted_game(unit)
            history = unit.history(card=2)
            ready(unit, 2, "green")
            unit.flash.cut_after(points)
            try:
                unit.type("1M")
            except PowerCut:
                pass
            else:
                break
            unit.flash.restore_power()
            unit.parts.keypad.release_all()
            unit.power_cycle()
            unit.advance(1.5)
            after = unit.history(card=2)
            assert after[0]["balance"] == unit.balance(2)
            assert after[-len(history) :] == history  # nothing before the cut changed
            assert len(after) - len(history) in (0, 1), points
            outcomes.add(len(after) - len(history))
            unit.advance(9)  # past a boot notice (STORAGE REPAIRED) on the bottom line
            unit.hold("M", 2.5)
            assert page(unit) == expected_page(2, after[0])
    assert points > 2 and outcomes == {0, 1}


# ---- a long game: snapshots, windows, heap ----------------------------------------------------


def test_a_long_game_pages_through_snapshots_a_window_at_a_time(monkeypatch) -> None:
    monkeypatch.setattr(Store, "compact_every", 25)  # several snapshots in the game
    reads = []
    real = Store.history_records

    def counted(self, generation, snapshot=False):
        reads.append(generation)
        return real(self, generation, snapshot)

    monkeypatch.setattr(Store, "history_records", counted)
    with VirtualUnit() as unit:
        ready(unit, 1, "red")
        ready(unit, 2, "green")
        for i in range(60):
            unit.type("%dK" % (10 * (i % 7 + 1)))
            if i % 9 == 4:
                unit.press("C")
        unit.remove(slot="red")
        unit.remove(slot="green")
        assert unit.unit.store.compactions >= 2
        history = unit.history(card=2)
        # The older generations stay on flash (store.HISTORY_BYTES): the whole game is there.
        assert len(history) == 60 + 7
        assert history[0]["balance"] == unit.balance(2)
        for newer, older in zip(history, history[1:], strict=False):
            assert newer["balance"] - newer["amount"] == older["balance"] or older["undone"]
        ready(unit, 2, "green")
        reads.clear()
        unit.hold("M", 2.5)
        for index in range(len(history)):
            assert page(unit) == expected_page(2, history[index]), index
            held = rules_history.shown(unit.unit.edition)
            assert len(held.kept) <= rules_history.WINDOW  # never the whole journal in RAM
            unit.press("M")
        for _ in range(len(history) - 1):  # the last M was refused: on the oldest page
            unit.press("K")
        assert page(unit) == expected_page(2, history[0])
        # A generation read to open, one per window or generation stepped past (each way).
        windows = -(-len(history) // rules_history.WINDOW)
        generations = len(unit.unit.store.history_generations())
        assert generations >= 3 and reads[0] == max(reads)  # the newest generation first
        assert len(reads) <= 1 + 2 * (windows + generations), reads


# ---- the Stock Exchange -----------------------------------------------------------------------


def se_game(se: VirtualUnit) -> None:
    for keys in (
        ("bank_purchase", "1", "0", "1", "confirm"),
        ("bank_purchase", "1", "0", "2", "confirm"),
        ("offices", "0", "1", "1", "1", "confirm"),
        ("bank_purchase", "2", "0", "1", "2", "confirm"),
        ("bank_purchase", "3", "0", "3", "confirm"),
        ("interest", "3", "0", "1", "confirm"),
    ):
        for key in keys:
            se.press(key)


def test_review_steps_back_through_every_transaction() -> None:
    with VirtualUnit(edition="stock_exchange") as se:
        se_game(se)
        history = se.history()
        assert [row["kind"] for row in history] == [
            "interest",
            "intro",
            "buy",
            "offices",
            "intro",
            "intro",
        ]
        assert [row["tokens"] for row in history] == ["DOG", "DOG", "CAR", "", "HAT", "HAT"]
        se.press("review")
        text = se.screen_text()
        assert text[0] == "INTEREST" and "BEFORE LAST" not in " ".join(text)
        titles = {"buy": "BANK PURCHASE", "intro": "INTRODUCTION", "offices": "OFFICES"}
        for back in range(1, len(history)):
            se.press("review")
            text = se.screen_text()
            assert text[0] == titles[history[back]["kind"]], back
            assert "%d BEFORE LAST" % back in text
        se.press("review")
        assert se.screen_text()[-1] == "NO EARLIER ENTRY"
        assert se.sounds()[-1] == "error"
        se.press("cancel")
        se.power_cycle()
        assert se.history() == history  # the same after a reboot
        se.press("review")
        se.press("review")
        assert "1 BEFORE LAST" in se.screen_text()


def test_price_history_ends_at_the_price_now() -> None:
    with VirtualUnit(edition="stock_exchange") as se:
        se_game(se)
        for code in (1, 2, 3, 4):
            prices = se.price_history(code)
            assert len(prices) == 6
            assert prices[-1][1] == se.price(code)
        assert se.price_history(4)[-1][1] == 0  # never listed


# ---- export: CSV and chart --------------------------------------------------------------------


def test_export_csv_rows_and_sums_match_the_balances(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(flash_dir=str(folder)) as unit:
        scripted_game(unit)
        ready(unit, 4, "red")
        unit.type("3M")
        unit.remove(slot="red")
        balances = unit.balances()
        done = export(str(folder), str(tmp_path / "game.csv"), str(tmp_path / "game.png"))
    assert done == {"edition": "electronic_banking", "rows": 6, "series": 6}
    with open(tmp_path / "game.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6  # 5 records for card 2 (one an undo) and card 4's payment
    assert [row["kind"] for row in rows] == ["go", "tx", "tx", "undo", "tx", "tx"]
    assert rows[2]["undone"] == "True" and rows[3]["undone"] == "False"
    for card in range(1, 7):
        flow = 0
        for row in rows:
            if row["payee"] == "CARD %d" % card:
                flow += int(row["amount"])
            if row["payer"] == "CARD %d" % card:
                flow -= int(row["amount"])
        assert START + flow == balances[card] == int(rows[-1]["card_%d" % card]), card
    with Image.open(tmp_path / "game.png") as image:
        assert image.format == "PNG"
        assert image.size == (int(CHART_SIZE[0] * CHART_DPI), int(CHART_SIZE[1] * CHART_DPI))
        assert image.text["Description"] == "series=6"


def test_a_game_of_several_compactions_is_whole_in_the_history_and_the_csv(
    tmp_path: pathlib.Path, monkeypatch
) -> None:
    """A game of 300 transactions, a snapshot every 40: its first transaction (card 2's GO) is
    still the oldest page of card 2's history and the CSV's first row, and the CSV's flows
    add up to the balances."""
    monkeypatch.setattr(Store, "compact_every", 40)
    folder = tmp_path / "flash"
    with VirtualUnit(flash_dir=str(folder)) as unit:
        ready(unit, 2, "green")
        unit.press("go")
        unit.remove(slot="green")
        ready(unit, 1, "red")
        ready(unit, 3, "green")
        for i in range(150):
            unit.type("%dK" % (10 * (1 + i % 5)))
        unit.remove(slot="red")
        unit.remove(slot="green")
        ready(unit, 3, "red")
        ready(unit, 1, "green")
        for i in range(148):
            unit.type("%dK" % (10 * (1 + i % 5)))
        unit.remove(slot="red")
        unit.remove(slot="green")
        store = unit.unit.store
        assert store.compactions >= 7 and store.seq >= 299
        names = sorted(p.name for p in folder.iterdir())
        assert "log.0" in names  # kept for the history, not read at boot
        balances = unit.balances()
        history = unit.history(card=2)
        assert len(history) == 1 and history[0]["other"] == "GO"
        first = unit.history(card=1)[-1]
        assert first["amount"] == -10 * K and first["other"] == "CARD 3"
        assert len(unit.history(card=1)) == 298
        done = export(str(folder), str(tmp_path / "game.csv"))
    assert done["rows"] == 299
    with open(tmp_path / "game.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["kind"] == "go" and rows[0]["payee"] == "CARD 2"
    assert int(rows[0]["amount"]) == 2 * M
    for card in range(1, 7):
        flow = 0
        for row in rows:
            if row["payee"] == "CARD %d" % card:
                flow += int(row["amount"])
            if row["payer"] == "CARD %d" % card:
                flow -= int(row["amount"])
        assert START + flow == balances[card] == int(rows[-1]["card_%d" % card]), card


def test_export_of_the_stock_exchange(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition="stock_exchange", flash_dir=str(folder)) as se:
        se_game(se)
        totals = se.totals()
        prices = {code: se.price(code) for code in range(1, 23)}
    chart = tmp_path / "se.png"
    code = host_sim_main(
        ["export", str(folder), "--csv", str(tmp_path / "se.csv"), "--chart", str(chart)]
    )
    assert code == 0
    with open(tmp_path / "se.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6
    last = rows[-1]
    assert {t: int(last["total_" + t]) for t in totals} == totals
    assert {c: int(last["price_%02d" % c]) for c in range(1, 23)} == prices
    listed = [c for c in range(1, 23) if any(int(row["price_%02d" % c]) for row in rows)]
    with Image.open(chart) as image:
        assert image.text["Description"] == "series=%d" % (len(listed) + len(totals))
        assert image.size == (800, 450)


def test_export_refusals(tmp_path: pathlib.Path, capsys) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit) as ended:
        host_sim_main(["export", str(tmp_path / "empty"), "--csv", str(tmp_path / "x.csv")])
    assert ended.value.code == 2 and "holds no unit's files" in capsys.readouterr().err
    with pytest.raises(SystemExit) as ended:
        host_sim_main(["export", str(tmp_path / "empty")])
    assert ended.value.code == 2 and "--csv" in capsys.readouterr().err
    assert not (tmp_path / "x.csv").exists()


def test_make_pull_copies_data_off_the_unit_with_mpremote() -> None:
    made = subprocess.run(
        ["make", "-n", "pull", "PORT=/dev/ttyACM0", "PULL_DIR=out"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert ".venv/bin/mpremote connect /dev/ttyACM0 cp -r :data out/ + reset" in made.stdout
    refused = subprocess.run(
        ["make", "-o", ".venv/bin/.installed", "pull"], cwd=ROOT, capture_output=True, text=True
    )
    assert refused.returncode != 0 and "usage: make pull PORT=" in refused.stdout


def test_the_readme_chart_game_plays_and_exports(tmp_path: pathlib.Path) -> None:
    """tests/scripts/history_game.txt, the game of docs/history-chart.png."""
    import io

    from host_sim.script import run_script

    folder = tmp_path / "flash"
    out = io.StringIO()
    code = run_script(
        str(ROOT / "tests" / "scripts" / "history_game.txt"),
        out,
        edition="electronic_banking",
        flash_dir=str(folder),
        settings={"players": 4},
    )
    assert code == 0, out.getvalue()[-500:]
    done = export(str(folder), str(tmp_path / "game.csv"), str(tmp_path / "game.png"))
    assert done == {"edition": "electronic_banking", "rows": 38, "series": 4}
    with open(tmp_path / "game.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["kind"] for row in rows].count("undo") == 1
    assert sum(1 for row in rows if row["undone"] == "True") == 1


def test_the_csv_columns_keep_one_order_whatever_order_the_rows_keys_are_in() -> None:
    """The columns are put in order by name (MicroPython's dicts keep none, and the web page's
    CSV must be this one): the leading ones, the cards by number, the tokens' TOTALs in the
    tokens' order, the prices by code, a gap's note, then any other by name."""
    rows = [
        {"card_10": 1, "note": "2 RECORDS MISSING", "card_2": 1, "kind": "gap", "seq": 7},
        {"undone": False, "deed": 39, "payer": "CARD 1", "amount": 350, "zeta": 1, "alpha": 2},
    ]
    assert csv_columns(rows) == [
        "seq", "kind", "payer", "amount", "deed", "undone", "card_2", "card_10", "note", "alpha",
        "zeta",
    ]  # fmt: skip
    market = [{"price_12": 1, "total_boat": 5, "price_02": 1, "total_hat": 2, "code": 1}]
    assert csv_columns(market) == ["code", "total_hat", "total_boat", "price_02", "price_12"]
    assert title_of("electronic_banking") == "Electronic Banking"
    assert title_of("stock_exchange") == "Stock Exchange"
