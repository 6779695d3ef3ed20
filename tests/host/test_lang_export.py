# The export of a French unit's game (host_sim.history): the CSV as English's (whole currency
# units, machine-readable), the chart in French, its amounts as the unit's screen wrote them.
import csv
import json
import pathlib
import subprocess

import pytest
from test_chart_notes import _drawn

from host_sim import VirtualUnit, history
from host_sim.lang_tables import TablesFS

M = 1000000


def played(folder: pathlib.Path, edition: str, lang: str, amounts: tuple) -> dict:
    """A short game into `folder` (card 2 pays card 1 each amount, then card 3 pays card 2
    the first): every card's balance as its screen shows it at the end."""
    shown = {}
    with VirtualUnit(
        edition=edition, flash_dir=str(folder), settings={"lang": lang, "players": 3}
    ) as unit:
        unit.insert(2, "red")
        unit.insert(1, "green")
        unit.advance(1.5)
        finish = "M" if edition == "electronic_banking" else "go"
        for amount in amounts:
            unit.type(amount)
            unit.press(finish)
            unit.advance(1)
        unit.remove("green")
        unit.remove("red")
        unit.insert(3, "red")
        unit.insert(2, "green")
        unit.advance(1.5)
        unit.type(amounts[0])
        unit.press(finish)
        unit.advance(1)
        unit.remove("green")
        unit.remove("red")
        for card in (1, 2, 3):
            unit.insert(card, "green")
            unit.advance(1.5)
            shown[card] = unit.screen_text()[1]  # the big line: the balance
            unit.remove("green")
    return shown


def exported(tmp_path: pathlib.Path, monkeypatch, name: str, edition: str, lang: str, amounts):
    folder = tmp_path / name
    shown = played(folder, edition, lang, amounts)
    drawn = _drawn(monkeypatch)
    out = tmp_path / (name + ".csv")
    history.export(str(folder), str(out), str(tmp_path / (name + ".png")))
    with open(out, newline="") as handle:
        rows = list(csv.DictReader(handle))
    made = history.game(history.open_folder(str(folder)), None, TablesFS())
    return shown, rows, drawn, made


def test_a_french_units_csv_is_englishs_and_its_chart_is_french(tmp_path, monkeypatch) -> None:
    amounts = ("1.5", "2.25")
    _, english, _, _ = exported(tmp_path, monkeypatch, "en", "electronic_banking", "en", amounts)
    monkeypatch.undo()  # (the next chart recorded alone)
    shown, rows, drawn, made = exported(
        tmp_path, monkeypatch, "fr", "electronic_banking", "fr", amounts
    )
    assert shown == {1: "18,75M", 2: "12,75M", 3: "13,5M"}  # the screen's decimal comma
    # the CSV: the same cells in either language, amounts in whole currency units
    assert rows == english
    assert [row["amount"] for row in rows] == ["1500000", "2250000", "1500000"]
    # the chart: its words in French, its amounts as the screen wrote them
    chart = made["chart"]
    assert chart["title"] == "Banque électronique" and chart["point"] == ","
    (panel,) = chart["panels"]
    assert (panel["ylabel"], panel["xlabel"]) == ("solde", "opération")
    assert [line["label"] for line in panel["series"]] == ["carte 1", "carte 2", "carte 3"]
    assert panel["standings"] == [
        "1er  carte 1  " + shown[1],
        "2e   carte 3  " + shown[3],
        "3e   carte 2  " + shown[2],
    ]
    (box,) = [text for text in drawn["texts"] if text.startswith("Classement final")]
    assert box.splitlines()[1:] == panel["standings"]
    assert history.axis_amount(17250000, chart["point"]) == "17,25M"
    assert drawn["legends"] == [["carte 1", "carte 2", "carte 3"]]


def test_an_english_units_chart_is_as_it_was(tmp_path, monkeypatch) -> None:
    shown, _, drawn, made = exported(
        tmp_path, monkeypatch, "en", "electronic_banking", "en", ("1.5",)
    )
    chart = made["chart"]
    assert "point" not in chart and chart["title"] == "Electronic Banking"
    assert chart["words"]["standings"] == "Final standings"
    assert chart["words"]["purchases"] == "deed bought (square)"
    assert chart["words"]["over"] == "%s, over %d transactions"
    assert chart["panels"][0]["standings"][0] == "1st  card 1  " + shown[1] == "1st  card 1  16.5M"


def test_a_french_classic_writes_its_euros(tmp_path, monkeypatch) -> None:
    shown, rows, _, made = exported(tmp_path, monkeypatch, "classic", "classic", "fr", ("35",))
    assert shown == {1: "€1535", 2: "€1500", 3: "€1465"}
    assert [row["amount"] for row in rows] == ["35", "35"]
    standings = made["chart"]["panels"][0]["standings"]
    assert standings[0] == "1er  carte 1  €1535"
    assert not made["chart"]["panels"][0]["money"]  # its axis in whole units, no K or M


WEB = pathlib.Path(__file__).resolve().parents[2] / "web"


def described(made: dict) -> str:
    """The page's words for the chart (web/chart.js describeChart: the canvas's accessible
    name), run by node on the export's description (its transactions: the rows, as
    web/bridge.py counts them)."""
    script = (
        "import { describeChart } from %s;\n"
        "const made = JSON.parse(process.argv[1]);\n"
        "console.log(describeChart(made.chart, made.rows.length));\n"
    ) % json.dumps((WEB / "chart.js").as_uri())
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(made)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


@pytest.mark.needs_tool("node")
def test_the_charts_words_for_a_screen_reader_are_in_the_units_language(
    tmp_path, monkeypatch
) -> None:
    amounts = ("1.5", "2.25")
    _, _, _, french = exported(tmp_path, monkeypatch, "fr", "electronic_banking", "fr", amounts)
    _, _, _, english = exported(tmp_path, monkeypatch, "en", "electronic_banking", "en", amounts)
    said = described(french)
    assert said.startswith("Banque électronique, sur %d opérations; " % len(french["rows"]))
    assert "Classement final: 1er  carte 1" in said
    assert "over" not in said and "Final" not in said  # no English word left
    assert described(english).startswith(
        "Electronic Banking, over %d transactions; " % len(english["rows"])
    )
    assert "Final standings: 1st  card 1" in described(english)


def test_every_word_the_chart_says_has_its_french() -> None:
    # a French chart never says an English word of its own (CHART_WORDS by the English text)
    french = history.CHART_WORDS["fr"]
    for english in list(history.DESCRIBED.values()) + [
        history.STANDINGS_TITLE,
        history.PURCHASES_LABEL,
    ]:
        assert english in french, english
        assert french[english].count("%") == english.count("%"), english
