"""python -m host_sim run SCRIPT: the CI game passes, a failed expect and bad syntax fail."""

import io
import json
import pathlib
import subprocess
import sys

import pytest

from host_sim.script import ScriptError, parse, run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "tests" / "scripts" / "electronic_banking_game.txt"
SE_GAME = ROOT / "tests" / "scripts" / "stock_exchange_game.txt"
BANKER_GAME = ROOT / "tests" / "scripts" / "banker_game.txt"


def test_the_ci_game_passes_through_the_command_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "run", str(GAME)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    steps = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(steps) >= 30
    assert all(step["ok"] for step in steps)
    assert steps[-1]["balances"]["1"] == 15000000


def test_the_stock_exchange_game_passes_and_ends_on_its_totals() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "run", str(SE_GAME)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    steps = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(steps) >= 80 and all(step["ok"] for step in steps)
    assert "balances" not in steps[-1]
    assert steps[-1]["totals"] == {"hat": 110, "car": 240, "dog": 140, "shoe": 108}
    assert steps[-1]["screen"][0] == "TOTAL"
    heard = {cue for step in steps for cue in step["sounds"]}
    assert {"president", "monopoly", "liquidated", "done", "error", "cancel"} <= heard


def test_a_script_for_another_edition_is_refused(tmp_path: pathlib.Path) -> None:
    out = io.StringIO()
    assert run_script(str(SE_GAME), out, edition="revolution") == 2
    assert "for stock_exchange, not revolution" in out.getvalue()
    script = tmp_path / "late.txt"
    script.write_text("press 1\nedition stock_exchange\n")
    assert run_script(str(script), io.StringIO()) == 2


def test_stock_exchange_expects_fail_when_wrong(tmp_path: pathlib.Path) -> None:
    for line, message in (
        ("expect total hat 66", "total is 65"),
        ("expect shares hat 1 4", "holds 5 shares"),
        ("expect price 1 12", "is 13"),
        ("expect president 1 car", "is hat"),
        ("expect offices 1 1", "is 0"),
    ):
        script = tmp_path / "se.txt"
        script.write_text(
            "edition stock_exchange\npress bank_purchase\npress 1\ntype 01\npress confirm\n"
            + line
            + "\n"
        )
        out = io.StringIO()
        assert run_script(str(script), out) == 1, line
        assert message in json.loads(out.getvalue().splitlines()[-1])["error"], line


def test_a_failed_expect_stops_with_exit_1(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("insert 1 green\ntype 1M\nexpect balance 1 99\ninsert 2 red\n")
    out = io.StringIO()
    assert run_script(str(script), out) == 1
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last["ok"] is False and "expected 99" in last["error"]
    assert len(out.getvalue().splitlines()) == 3  # nothing ran after the failure


def test_a_refused_call_is_a_failure_too(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("press zone\n")
    out = io.StringIO()
    assert run_script(str(script), out) == 1


@pytest.mark.parametrize(
    "line",
    [
        "jump 3",
        "press",
        "hold C soon",
        "expect colour red",
        'expect screen "open',
        "insert x green",
        "expect total hat",
        "expect shares hat 1",
        "expect price x 10",
        "edition",
    ],
)
def test_malformed_lines_are_rejected_with_their_line_number(line: str) -> None:
    with pytest.raises(ScriptError, match="line 2"):
        parse("press 1\n" + line + "\n")


def test_shot_writes_next_to_the_script(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "shot.txt"
    script.write_text("insert 1 green\nshot card.png\n")
    assert run_script(str(script), io.StringIO()) == 0
    assert (tmp_path / "card.png").stat().st_size > 100


def test_screen_expects_match_whole_lines_or_substrings_and_balances_take_amounts(
    tmp_path: pathlib.Path,
) -> None:
    """Issue 17: `expect screen "CARD 1"` failed against the line `CARD 2 > CARD 1` with nothing
    to say why, and `expect balance 1 15M` was refused as malformed."""
    script = tmp_path / "game.txt"
    script.write_text(
        "insert 1 red\ninsert 2 green\n"
        'expect screen-has "CARD 2"\n'
        'expect no-screen "CARD 2"\n'
        'expect no-screen-has "CARD 9"\n'
        "type 1M\n"
        "expect balance 1 14M\nexpect balance 2 16000000\nexpect balance 2 16.0M\n"
    )
    out = io.StringIO()
    assert run_script(str(script), out) == 0, out.getvalue()
    script.write_text('insert 1 red\ninsert 2 green\nexpect screen-has "CARD 9"\n')
    out = io.StringIO()
    assert run_script(str(script), out) == 1
    assert "no line contains 'CARD 9'" in json.loads(out.getvalue().splitlines()[-1])["error"]
    with pytest.raises(ScriptError, match="line 1"):
        parse("expect balance 1 lots\n")


def test_an_unknown_setting_is_named_with_the_valid_ones() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "--set", "foo=1", "run", str(GAME)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    said = json.loads(run.stdout.splitlines()[0])["error"]
    assert "UNKNOWN SETTING 'foo'" in said and "players" in said, said


def _refusal(argv: list, capsys) -> str:
    from host_sim.__main__ import main

    assert main(argv) == 2
    return json.loads(capsys.readouterr().out.splitlines()[0])["error"]


def test_an_unknown_setting_lists_this_editions_settings_only(capsys) -> None:
    # The Stock Exchange has no players, start or go: they are not offered to it (issue 33).
    said = _refusal(["--edition", "stock_exchange", "--set", "foo=1", "run", str(SE_GAME)], capsys)
    assert said == (
        "UNKNOWN SETTING 'foo'; the stock_exchange settings are: edition, volume, standby, hold,"
        " lang"
    )
    said = _refusal(["--set", "foo=1", "run", str(GAME)], capsys)
    assert said.endswith("the electronic_banking settings are: " + ", ".join(
        ("edition", "players", "start", "go", "volume", "standby", "hold", "lang")))  # fmt: skip
    assert "fine" not in said and "chance" not in said  # Classic's and Revolution's
    # an edition set with it: that edition's settings
    said = _refusal(["--set", "edition=classic", "--set", "foo=1", "run", str(GAME)], capsys)
    assert "the classic settings are: " in said and "fine, currency" in said


def test_a_setting_of_another_edition_is_named_with_this_editions_settings(capsys) -> None:
    said = _refusal(["--edition", "stock_exchange", "--set", "players=3", "run", str(SE_GAME)],
                    capsys)  # fmt: skip
    assert said == (
        "NOT IN THIS EDITION: players; the stock_exchange settings are: edition, volume, "
        "standby, hold, lang"
    )


def test_the_banker_game_plays_from_setup_to_a_bankruptcy() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "run", str(BANKER_GAME)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert '"ok": false' not in run.stdout


def test_the_classic_game_plays_to_its_winner() -> None:
    out = io.StringIO()
    assert run_script(str(ROOT / "tests" / "scripts" / "classic_game.txt"), out) == 0
    steps = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(steps) >= 60 and all(step["ok"] for step in steps)
    assert steps[-1]["action"] == "expect screen WINNER"


def test_the_revolution_game_plays_zones_chance_and_the_totals() -> None:
    out = io.StringIO()
    assert run_script(str(ROOT / "tests" / "scripts" / "revolution_game.txt"), out) == 0
    steps = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(steps) >= 150 and all(step["ok"] for step in steps)
    heard = {cue for step in steps for cue in step["sounds"]}
    assert {"go", "transfer", "undo", "zone_car", "zone_space", "debit", "auction_end"} <= heard
    assert {"winner", "new_game", "error"} <= heard
    # the Chance card drawn with no card in, paid by card 5 when it came in: 2M to the bank
    paid = next(i for i, step in enumerate(steps) if "CHANCE -2M" in step["screen"])
    assert steps[paid]["balances"]["5"] == 13000000
    assert steps[paid - 1]["balances"]["5"] == 15000000
    before_end = next(step for step in steps if step["screen"][:1] == ["NEW GAME?"])
    assert before_end["balances"] == {"1": 18010000, "2": 14250000, "3": 15000000,
                                      "4": 15000000, "5": 13000000, "6": 15000000}  # fmt: skip
    assert set(steps[-1]["balances"].values()) == {15000000}
