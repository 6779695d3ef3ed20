"""A game kept between simulator runs (issue 33): `--flash-dir` (make sim FLASH=DIR) refuses a
folder that is no unit's flash, goes on in the edition of the game it holds, and refuses to run
another edition on it (which would lose that game)."""

import io
import json
import pathlib

import pytest

from host_sim import VirtualUnit
from host_sim import __main__ as cli
from host_sim.history import guess_edition, open_folder, settings_edition
from host_sim.script import run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "tests" / "scripts" / "electronic_banking_game.txt"


def _tui_options(monkeypatch, argv: list) -> dict:
    """What `python -m host_sim ARGS` would start the terminal UI with."""
    started: dict = {}
    import host_sim.tui

    monkeypatch.setattr(host_sim.tui, "run_tui", lambda **options: started.update(options))
    assert cli.main(argv) == 0
    return started


def _refused(argv: list, capsys) -> str:
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    assert ended.value.code == 2
    return capsys.readouterr().err


def test_a_folder_that_is_no_units_flash_is_refused(tmp_path, capsys) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    said = _refused(["--flash-dir", str(afile), "run", str(GAME)], capsys)
    assert said == "python -m host_sim: --flash-dir %s is a file, not a folder\n" % afile
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for name in ("README.md", "a.py", "b.py", "c.py", "log.0"):
        (mixed / name).write_text("")
    said = _refused(["--flash-dir", str(mixed)], capsys)
    assert "holds files no unit wrote (README.md, a.py, b.py ...)" in said
    assert "give a new or empty folder" in said
    assert sorted(p.name for p in mixed.iterdir()) == ["README.md", "a.py", "b.py", "c.py",
                                                       "log.0"]  # fmt: skip


def test_a_new_folder_kept_names_its_edition_and_goes_on_in_it(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "games" / "tuesday"
    options = _tui_options(monkeypatch, ["--edition", "classic", "--flash-dir", str(folder)])
    assert options["settings"] == {"edition": "classic"} and options["flash_dir"] == str(folder)
    assert options["export_dir"] == "."
    with VirtualUnit(**{k: v for k, v in options.items() if k != "export_dir"}) as unit:
        unit.insert(card=2, slot="red")
        unit.type("300")
        unit.press("go")
        assert unit.balance(2) == 1200
    assert settings_edition(open_folder(folder)) == "classic"
    # the next run, with no edition given (make sim FLASH=games/tuesday): the classic game
    options = _tui_options(monkeypatch, ["--flash-dir", str(folder), "--export-dir", "out"])
    assert options["edition"] == "classic" and "settings" not in options
    assert options["export_dir"] == "out"
    with VirtualUnit(**{k: v for k, v in options.items() if k != "export_dir"}) as unit:
        assert unit.balance(2) == 1200 and unit.unit.edition.name == "classic"


def test_another_edition_on_a_kept_game_is_refused(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "flash"
    with VirtualUnit(edition="classic", flash_dir=str(folder), settings={"edition": "classic"}):
        pass
    said = _refused(["--edition", "revolution", "--flash-dir", str(folder)], capsys)
    assert said == (
        "python -m host_sim: %s holds a game of classic: leave --edition out (EDITION=) to go "
        "on with it, or give another folder for revolution\n" % folder
    )
    assert _tui_options(monkeypatch, ["--edition", "classic", "--flash-dir", str(folder)])


def test_the_edition_of_a_game_whose_settings_set_only_the_players(tmp_path) -> None:
    """A unit deployed as Classic whose menu set only the players: its settings file records
    the game's edition, not an edition setting; the export must not take it for the default."""
    folder = tmp_path / "flash"
    with VirtualUnit(edition="classic", flash_dir=str(folder), settings={"players": 3}) as unit:
        unit.insert(card=1, slot="red")
        unit.type("250")
        unit.press("go")
    assert settings_edition(open_folder(folder)) == "classic"
    assert guess_edition(open_folder(folder)) == "classic"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert settings_edition(open_folder(empty)) is None


def test_a_scripted_game_goes_on_where_the_last_run_left_it(tmp_path) -> None:
    folder = tmp_path / "flash"
    script = tmp_path / "pay.txt"
    script.write_text("insert 2 red\ntype 500K\nremove red\n")
    for balance in (14500000, 14000000):
        out = io.StringIO()
        assert run_script(str(script), out, flash_dir=str(folder)) == 0
        last = json.loads(out.getvalue().splitlines()[-1])
        assert last["balances"]["2"] == balance
