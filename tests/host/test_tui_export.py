"""The terminal UI's export key (issue 33): E writes the game so far as a CSV and a chart, as
`python -m host_sim export` does, and the status line says where (or why not)."""

import asyncio
import csv
import pathlib
import time

from PIL import Image

from host_sim import tui_export
from host_sim.tui import BankUnitApp
from host_sim.tui_keys import UI_KEYS, KeyTable, help_text, legend_text
from host_sim.virtual_unit import KEY_NAMES

SIZE = (160, 50)


async def until(pilot, condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there in %.0f s" % timeout
        await pilot.pause(0.02)


def run_app(script, **options) -> BankUnitApp:
    async def main() -> BankUnitApp:
        app = BankUnitApp(**options)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            await script(app, pilot)
        return app

    return asyncio.run(main())


def test_e_exports_the_game_and_says_where(tmp_path) -> None:
    out = tmp_path / "exports"

    async def script(app, pilot) -> None:
        await pilot.press("[", "2")
        await until(pilot, lambda: app.snapshot.slots["green"] == 2)
        await pilot.press("2", "6", "0", "k")
        await until(pilot, lambda: app.snapshot.balances[2] == 15_260_000)
        await pilot.press("E")
        await until(pilot, lambda: app.status.startswith("Exported"))

    app = run_app(script, export_dir=str(out))
    (table,) = sorted(out.glob("*.csv"))
    (chart,) = sorted(out.glob("*.png"))
    assert table.name.startswith("electronic_banking-") and chart.stem == table.stem
    said = "Exported electronic_banking: 1 transaction, 6 series on the chart: %s and .png"
    assert app.status == said % table  # tmp_path is not below the working folder: in full
    assert not app.status_error
    with open(table, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(row["payee"], row["amount"], row["card_2"]) for row in rows] == [
        ("CARD 2", "260000", "15260000")
    ]
    with Image.open(chart) as image:
        assert image.format == "PNG"


def test_an_export_below_the_working_folder_is_named_from_it(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)

    async def script(app, pilot) -> None:
        await pilot.press("]", "3", "5", "0", "k", "E")
        await until(pilot, lambda: app.status.startswith("Exported"))

    app = run_app(script, export_dir="build/exports")
    (table,) = (tmp_path / "build" / "exports").glob("*.csv")
    assert app.status.endswith(": build/exports/%s and .png" % table.name), app.status


def test_an_export_that_cannot_be_written_says_why(tmp_path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the folder should be")

    async def script(app, pilot) -> None:
        await pilot.press("E")
        await until(pilot, lambda: app.status.startswith("Export failed"))

    app = run_app(script, export_dir=str(blocker / "exports"))
    assert app.status_error and "Not a directory" in app.status, app.status


def test_an_export_before_anything_was_written_says_so(tmp_path) -> None:
    async def script(app, pilot) -> None:  # the Stock Exchange writes nothing until a transaction
        await pilot.press("E")
        await until(pilot, lambda: app.status.startswith("Export failed"))

    app = run_app(script, edition="stock_exchange", export_dir=str(tmp_path))
    assert app.status == "Export failed: nothing to export yet: the unit has written no game"
    assert app.status_error and list(tmp_path.iterdir()) == []


def test_names_never_overwrite_an_earlier_export(tmp_path) -> None:
    from host_sim import VirtualUnit

    flash = tmp_path / "flash"
    with VirtualUnit(flash_dir=str(flash)) as unit:
        unit.insert(card=1, slot="red")
        unit.type("1M")
    made = [
        tui_export.export_game(str(flash), str(tmp_path), "electronic_banking", now=0)
        for _ in range(3)
    ]
    stems = [pathlib.Path(done["csv"]).stem for done in made]
    assert stems[1] == stems[0] + "-2" and stems[2] == stems[0] + "-3"
    assert made[0]["summary"] == "electronic_banking: 1 transaction, 6 series on the chart"


def test_the_plural_of_a_count() -> None:
    assert tui_export.plural(1, "transaction") == "1 transaction"
    assert [tui_export.plural(n, "transaction") for n in (0, 2)] == [
        "0 transactions",
        "2 transactions",
    ]


def test_e_is_the_uis_own_key_named_in_the_legend_and_the_help() -> None:
    assert "E" in UI_KEYS
    keys = KeyTable({name: name for name in KEY_NAMES})  # every edition's keys: E is no unit key
    assert keys.unit_key("E") is None
    assert " E  export the game: CSV and chart" in legend_text(keys).plain
    assert "E            export the game so far" in help_text(keys, "electronic_banking").plain
