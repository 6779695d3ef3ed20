"""The history chart's notes (issue 33, host_sim.history): a transaction taken back is
labelled, the final standings stand beside the chart, the Stock Exchange's companies are
named; in the chart's description (game()), which the web page draws too, and on the PNG."""

import csv
import io
import pathlib

import pytest
from editions.banker import deeds
from editions.banker.hints import GROUP_NAMES
from editions.stock_exchange.prices import LIST_PRICE
from PIL import Image

from host_sim import VirtualUnit, history
from host_sim.script import run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
M = 1000000
K = 1000


def _drawn(monkeypatch) -> dict:
    """Record what the next chart draws (legend entries, texts) instead of only its PNG."""
    seen: dict = {}
    save = history._save

    def recording(pyplot, figure, path, *args, **kwargs):
        seen["legends"] = [
            [text.get_text() for text in ax.get_legend().get_texts()] for ax in figure.axes
        ]
        seen["texts"] = [text.get_text() for ax in figure.axes for text in ax.texts]
        save(pyplot, figure, path, *args, **kwargs)

    monkeypatch.setattr(history, "_save", recording)
    return seen


def _readme_game(folder: pathlib.Path) -> None:
    out = io.StringIO()
    code = run_script(
        str(ROOT / "tests" / "scripts" / "history_game.txt"),
        out,
        edition="electronic_banking",
        flash_dir=str(folder),
        settings={"players": 4},
    )
    assert code == 0, out.getvalue()[-500:]


# ---- plain data ------------------------------------------------------------------------------


def _row(kind: str, number: int, undone: bool = False) -> dict:
    return {"kind": kind, "number": number, "undone": undone}


def test_an_undone_span_runs_from_the_transaction_to_its_undo() -> None:
    rows = [_row("go", 1), _row("tx", 2, True), _row("tx", 3), _row("undo", 2), _row("tx", 4)]
    assert history.undone_spans(rows) == [[2, 4, "#2 undone"]]
    # its transaction no longer on flash (an older generation removed): at the undo alone
    assert history.undone_spans([_row("undo", 9), _row("tx", 10)]) == [[1, 1, "#9 undone"]]
    assert history.undone_spans([_row("tx", 1), _row("gap", 1)]) == []


def test_standings_rank_the_highest_first_and_ties_share_a_place() -> None:
    ranked = history.ranked([("card 1", 5), ("card 2", 7), ("card 3", 5), ("card 4", 1)])
    assert ranked == [(1, "card 2", 7), (2, "card 1", 5), (2, "card 3", 5), (4, "card 4", 1)]
    assert history.standings_lines(ranked[:3], lambda v: "%dM" % v) == [
        "1st  card 2  7M",
        "2nd  card 1  5M",
        "2nd  card 3  5M",
    ]
    assert [history.place_name(n) for n in (1, 2, 3, 4, 11)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
    ]
    assert history.card_standings([1, 2], {1: 3, 2: 9}, []) == [(1, "card 2", 9), (2, "card 1", 3)]
    assert history.token_standings(["hat", "car"], [{"total_hat": 10, "total_car": None}]) == [
        (1, "hat", 10)
    ]  # a token out of play has no TOTAL: no place


def test_companies_are_named_by_the_colour_groups_of_the_board_they_stand_on() -> None:
    names = [history.company_name(code) for code in range(1, 23)]
    assert names[:6] == ["brown 1", "brown 2", "light blue 1", "light blue 2", "light blue 3",
                         "pink 1"]  # fmt: skip
    assert names[-2:] == ["dark blue 1", "dark blue 2"]
    assert history.company_label(7) == "07 pink 2"
    # The 22 companies are the classic board's 22 lots, in board order: same group, same price
    lots = [square for square in deeds.SQUARES if deeds.kind(square) == deeds.LOT]
    assert len(lots) == 22
    for code, square in enumerate(lots, 1):
        assert history.company_name(code).startswith(GROUP_NAMES[deeds.group(square)].lower())
        assert LIST_PRICE[code] == deeds.price(square), code


# ---- on the chart ----------------------------------------------------------------------------


def test_the_readme_game_labels_its_undo_and_ends_on_the_standings(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "flash"
    _readme_game(folder)
    drawn = _drawn(monkeypatch)
    done = history.export(str(folder), str(tmp_path / "game.csv"), str(tmp_path / "game.png"))
    assert done["series"] == 4
    with open(tmp_path / "game.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    undone = [row for row in rows if row["undone"] == "True"]
    assert len(undone) == 1
    label = "#%s undone" % undone[0]["number"]
    assert label in drawn["texts"]
    last = {n: int(rows[-1]["card_%d" % n]) for n in range(1, 5)}
    (box,) = [text for text in drawn["texts"] if text.startswith(history.STANDINGS_TITLE)]
    lines = box.splitlines()[1:]
    assert len(lines) == 4 and lines[0].startswith("1st  card ")
    from rules.money import format_amount

    best = max(last, key=lambda n: last[n])
    assert lines[0] == "1st  card %d  %s" % (best, format_amount(last[best]))
    with Image.open(tmp_path / "game.png") as image:
        assert image.text["Description"] == "series=4"


def test_classic_standings_are_in_its_own_money(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition="classic", flash_dir=str(folder), settings={"players": 2}) as unit:
        unit.insert(card=1, slot="red")
        unit.type("250")
        unit.press("go")
        unit.remove(slot="red")
        assert unit.balances() == {1: 1250, 2: 1500}
    # the settings file names no edition (only players were set): its game's record does
    assert history.guess_edition(history.open_folder(folder)) == "classic"
    drawn = _drawn(monkeypatch)
    history.export(str(folder), chart_path=str(tmp_path / "classic.png"))
    (box,) = [text for text in drawn["texts"] if text.startswith(history.STANDINGS_TITLE)]
    assert box.splitlines()[1:] == ["1st  card 2  $1500", "2nd  card 1  $1250"]


def test_the_stock_exchange_chart_names_its_companies_and_ranks_the_totals(
    tmp_path, monkeypatch
) -> None:
    folder = tmp_path / "flash"
    out = io.StringIO()
    code = run_script(str(ROOT / "tests" / "scripts" / "stock_exchange_game.txt"), out,
                      flash_dir=str(folder))  # fmt: skip
    assert code == 0, out.getvalue()[-500:]
    with VirtualUnit(edition="stock_exchange", flash_dir=str(folder)) as se:
        totals = se.totals()
    drawn = _drawn(monkeypatch)
    done = history.export(str(folder), chart_path=str(tmp_path / "se.png"))
    prices, tokens = drawn["legends"]
    assert prices and all(label == history.company_label(int(label[:2])) for label in prices)
    assert "01 brown 1" in prices
    (box,) = [text for text in drawn["texts"] if text.startswith(history.STANDINGS_TITLE)]
    ranked = sorted(totals.items(), key=lambda item: -item[1])
    assert [line.split()[1:] for line in box.splitlines()[1:]] == [
        [token.lower(), str(total)] for token, total in ranked
    ]
    with Image.open(tmp_path / "se.png") as image:
        assert image.text["Description"] == "series=%d" % done["series"]


@pytest.mark.parametrize("edition", ["electronic_banking", "banker"])
def test_a_game_with_no_transaction_yet_still_charts(tmp_path, edition) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition=edition, flash_dir=str(folder)):
        pass
    done = history.export(str(folder), chart_path=str(tmp_path / "empty.png"))
    assert done["rows"] == 0
    with Image.open(tmp_path / "empty.png") as image:
        assert image.format == "PNG"


def test_the_charts_description_carries_the_notes(tmp_path) -> None:
    """game()'s plain-data chart (what the web page draws from) holds them too."""
    folder = tmp_path / "flash"
    _readme_game(folder)
    made = history.game(history.open_folder(folder))
    (panel,) = made["chart"]["panels"]
    (undone,) = [row for row in made["rows"] if row["undone"]]
    x = made["rows"].index(undone) + 1
    assert panel["undone"] == [[x, x + 1, "#%d undone" % undone["number"]]]
    assert len(panel["standings"]) == 4 and panel["standings"][0].startswith("1st  card ")
    se = tmp_path / "se"
    out = io.StringIO()
    assert run_script(str(ROOT / "tests" / "scripts" / "stock_exchange_game.txt"), out,
                      flash_dir=str(se)) == 0  # fmt: skip
    prices, totals = history.game(history.open_folder(se))["chart"]["panels"]
    assert prices["standings"] == [] and prices["undone"] == [] and totals["undone"] == []
    assert [line[:3] for line in totals["standings"]] == ["1st", "2nd", "3rd", "4th"]
    assert prices["series"][0]["label"] == "01 brown 1"
