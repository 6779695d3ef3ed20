"""The README for players first (issue 33): three lines to play at its top, every edition's
player page linked, the maker's path and then development; every cue, history() field and CSV
column explained; its history recipe repeatable."""

import csv
import os
import pathlib
import re
import shlex
import subprocess
import sys

from host_sim import VirtualUnit
from host_sim.history import export
from ui.sounds import MELODIES

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
README = (ROOT / "README.md").read_text()
PLAYER_PAGES = ("electronic-banking", "revolution", "classic", "banker", "stock-exchange")


def _section(title: str) -> str:
    start = README.index("\n## " + title)
    end = README.find("\n## ", start + 4)
    return README[start : end if end > 0 else None]


def _blocks(text: str) -> list:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def _commands(block: str) -> list:
    return [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]


def test_three_lines_to_play_come_first() -> None:
    headings = re.findall(r"(?m)^## (.+)$", README)
    assert headings[0] == "Play now"
    play = _section("Play now")
    assert _commands(_blocks(play)[0]) == [
        "make sim",
        "make web",
        "make sim SCRIPT=tests/scripts/electronic_banking_game.txt",
    ]
    assert (ROOT / "tests" / "scripts" / "electronic_banking_game.txt").is_file()
    # players, then makers, then development
    at = {title: headings.index(title) for title in headings}
    assert at["Play now"] < at["Play without hardware: the simulator"]
    assert at["Game history: settle a dispute"] < at["Build a unit (makers)"] < at["Test"]
    assert at["Build a unit (makers)"] < at["The VirtualUnit API (a public interface)"]
    assert at["Build a unit (makers)"] < at["Layout"]
    assert at["Build a unit (makers)"] < at["How an edition talks to the rest"]


def test_every_editions_player_page_is_linked_from_play_now() -> None:
    play = _section("Play now")
    for page in PLAYER_PAGES:
        assert "(docs/%s.md)" % page in play, page
        assert (ROOT / "docs" / ("%s.md" % page)).is_file()
    # and no edition's page is missing from the list: one per edition with hints
    from app.editions import EDITIONS

    assert len(PLAYER_PAGES) == len(EDITIONS)


def test_every_cue_is_in_the_cue_list() -> None:
    talk = _section("How an edition talks to the rest")
    cues = talk[talk.index("`take_cues()`") :].split("\n- ")[0]
    named = set(re.findall(r"`([a-z_]+)`", cues))
    assert set(MELODIES) <= named, sorted(set(MELODIES) - named)
    assert {"undo", "confirm"} <= named


def test_every_field_of_history_is_explained() -> None:
    with VirtualUnit() as unit:
        unit.insert(card=2, slot="red")
        unit.type("500K")
        fields = set(unit.history(card=2)[0])
    api = _section("The VirtualUnit API (a public interface)")
    comment = api[api.index("unit.history(card=2)") :].split("\nse.history()")[0]
    for name in fields:
        assert '"%s"' % name in comment, name
    history = _section("Game history: settle a dispute")
    said = history[history.index("In Python:") :]
    for name in fields:
        assert "`%s`" % name in said, name


def _column_names(rows: list) -> set:
    names = set()
    for row in rows:
        for name in row:
            names.add(re.sub(r"^(card|price|total)_\w+$", r"\1", name))
    return names


def test_every_column_of_the_csv_is_explained(tmp_path) -> None:
    columns: set = set()
    for edition, play in (
        ("banker", lambda unit: (unit.insert(card=1, slot="red"), unit.type("20"),
                                 unit.press("go"))),
        ("electronic_banking", lambda unit: (unit.insert(card=1, slot="red"), unit.type("1M"))),
        ("stock_exchange", lambda unit: (unit.press("bank_purchase"), unit.type("101"),
                                         unit.press("confirm"), unit.press("confirm"))),
    ):  # fmt: skip
        folder = tmp_path / edition
        with VirtualUnit(edition=edition, flash_dir=str(folder)) as unit:
            play(unit)
        export(str(folder), str(tmp_path / (edition + ".csv")))
        with open(tmp_path / (edition + ".csv"), newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert rows, edition
        columns |= _column_names(rows)
    columns.add("note")  # a gap row's (tests/host/test_faults.py makes one)
    table = _section("Game history: settle a dispute")
    explained = set()
    for line in table.splitlines():
        if line.startswith("| `"):
            cell = line.split("|")[1]
            explained |= {re.sub(r"_(\d+|hat|boat)$", "", n) for n in re.findall(r"`(\w+)`", cell)}
    assert columns <= explained, sorted(columns - explained)
    assert {"seq", "number"} <= explained


def _recipe() -> list:
    history = _section("Game history: settle a dispute")
    (block,) = [b for b in _blocks(history) if "history_game.txt" in b]
    return _commands(block)


def test_the_history_recipe_is_repeatable_and_writes_no_tracked_file(tmp_path) -> None:
    lines = _recipe()
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for line in lines:
        words = shlex.split(line)
        assert words[0] in ("rm", ".venv-sim/bin/python", ".venv/bin/python"), line
        assert not any(
            word in tracked for word in words[1:] if "/" in word and "tests/" not in word
        )
    # Run twice in a copy of the layout the recipe expects (tests/ beside it), the venv's
    # python standing for .venv-sim/bin/python; this checkout's host_sim first on the path.
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = []
    for _ in range(2):
        for line in lines:
            command = line.replace(".venv-sim/bin/python", shlex.quote(sys.executable))
            done = subprocess.run(command, shell=True, cwd=tmp_path, env=env,
                                  capture_output=True, text=True, timeout=300)  # fmt: skip
            assert done.returncode == 0, (line, done.stdout[-1000:], done.stderr[-2000:])
        runs.append((tmp_path / "build" / "history-game.csv").read_text())
        assert (tmp_path / "build" / "history-chart.png").is_file()
    assert runs[0] == runs[1] and len(runs[0].splitlines()) == 39  # a header and 38 rows
