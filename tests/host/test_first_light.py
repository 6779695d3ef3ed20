"""Power-on: the panel shows its first frame before the rules, settings and journal load."""

import json
import pathlib
import subprocess
import sys

from app.build import build_unit
from app.first_light import first_light
from peripherals.flash import VirtualFlash
from peripherals.wiring import VirtualBoard, VirtualParts

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent

# The modules main.py has loaded when the first frame is on the glass (besides the stand-ins).
PROBE = """
import json, sys
root = %r
sys.path[:0] = [root + "/host_sim/standins", root + "/host_sim", root, root + "/firmware"]
from peripherals.wiring import VirtualBoard, VirtualParts
before = set(sys.modules)
from app.first_light import first_light
board = VirtualBoard()
parts = VirtualParts(board)
display = first_light(board)
lit = parts.panel.display_on and any(parts.panel.pixel(x, 3) for x in range(128))
print(json.dumps({"lit": bool(lit), "loaded": sorted(set(sys.modules) - before)}))
"""


def lit_pixels(panel) -> int:
    return sum(panel.pixel(x, y) for y in range(64) for x in range(128))


def test_the_first_frame_needs_only_the_display_driver_and_the_renderer():
    run = subprocess.run(
        [sys.executable, "-c", PROBE % str(ROOT)],
        capture_output=True,
        text=True,
        check=True,
        cwd=str(ROOT),
    )
    probe = json.loads(run.stdout)
    assert probe["lit"]
    firmware = [name for name in probe["loaded"] if name.split(".")[0] in FIRMWARE_PACKAGES]
    assert sorted(firmware) == [
        "app",
        "app.first_light",
        "compat",
        "compat.const",
        "drivers",
        "drivers.ssd1306",
        "ui",
        "ui.draw",
        "ui.fonts",
        "ui.icons",
        "ui.render",
        "ui.windows",  # the windows layout ui.render writes (and the Stock Exchange's drawer)
    ]


FIRMWARE_PACKAGES = ("app", "compat", "drivers", "editions", "rules", "store", "ui")


def test_the_unit_takes_over_the_lit_panel_without_blanking_it(tmp_path):
    board = VirtualBoard()
    parts = VirtualParts(board)
    display = first_light(board)
    assert display is not None and parts.panel.display_on
    title_frame = lit_pixels(parts.panel)
    assert title_frame > 0
    writes_before = board.i2c.bytes_written
    unit = build_unit(board, fs=VirtualFlash(str(tmp_path)), display=display)
    unit.boot(1000)
    assert parts.panel.display_on  # not configured a second time: no dark moment
    assert board.i2c.bytes_written == writes_before  # nothing sent until the first render
    unit.render_screen(1100)
    assert parts.panel.display_on
    assert unit.display_ok
    # The game's first screen replaced the title frame, and only changed pages were sent.
    assert board.i2c.bytes_written - writes_before < 1034


def test_no_display_fitted_leaves_the_unit_to_look_for_it():
    board = VirtualBoard()
    parts = VirtualParts(board)
    parts.unplug_display()
    assert first_light(board) is None


def frame_of(view: dict, lang) -> list:
    """The pixels `view` makes on a blank canvas of the panel's size, drawn in `lang`."""
    import framebuf

    from ui.render import Screen

    canvas = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    screen = Screen(canvas)
    screen.lang = lang
    screen.draw(view)
    return [canvas.pixel(x, y) for y in range(64) for x in range(128)]


def test_a_french_unit_draws_its_first_frame_again_in_french_once_its_settings_are_read(
    tmp_path,
):
    """The first frame is drawn before the settings are read, so in English; once they name
    French (and its table is loaded) it is drawn again in French, before the journal and the
    boot summary's wait, not left in English until the unit's first screen."""
    from lang_tables import TablesFS

    from app.first_light import TITLE
    from host_sim.virtual_unit import VirtualUnit
    from ui import lang

    with VirtualUnit(settings={"lang": "fr"}, flash_dir=str(tmp_path)) as made:
        assert made.language == "fr"
    board = VirtualBoard()
    parts = VirtualParts(board)
    display = first_light(board)
    view = {"title": TITLE, "detail": "STARTING", "display_on": True}
    panel = [parts.panel.pixel(x, y) for y in range(64) for x in range(128)]
    assert panel == frame_of(view, None)  # English: nothing is known yet
    board.lang_fs = TablesFS()
    unit = build_unit(board, fs=VirtualFlash(str(tmp_path)), display=display, summary=True)
    french = lang.load(board, "fr")
    assert french("STARTING") == "DÉMARRAGE"  # (the table has the frame's texts)
    panel = [parts.panel.pixel(x, y) for y in range(64) for x in range(128)]
    assert panel == frame_of(view, french)
    assert panel != frame_of(view, None)
    assert unit.screen.lang is not None


def test_an_english_unit_draws_its_first_frame_once(tmp_path):
    board = VirtualBoard()
    VirtualParts(board)
    display = first_light(board)
    sent = board.i2c.bytes_written
    build_unit(board, fs=VirtualFlash(str(tmp_path)), display=display, summary=True)
    assert board.i2c.bytes_written == sent
