# The settings menu run by the real shell on virtual parts: saved, rebuilt, kept over a reboot.
# micropython-heap: 304k (as test_unit: firmware plus every virtual part's model in one heap;
# here also the settings code, loaded mid-game into a heap the game's glyph bitmaps have cut
# up; the device loads it before the game, alone)
import gc

from unit_rig import Rig

from app.editions import make_edition

M = 1000000


def open_menu(rig):
    """What a power-on with GO held gives: the menu over the booted game (question answered).
    The settings code loads here, as the shell loads it (and drops it again after the menu)."""
    from app.config import Config
    from rules.settings_menu import SettingsMenu

    unit = rig.unit
    config = Config(rig.flash, "electronic_banking", lambda: ("electronic_banking",))
    config.make = lambda settings: make_edition("electronic_banking", 0, settings)
    config.keymap = rig.board.keymap("electronic_banking")
    unit.config = config
    unit.overlay = SettingsMenu(config.settings, config.menu_keys(), False)
    unit.rendered_version = -1
    rig.advance(100)


def set_go_in_the_menu_and_play() -> str:
    """The first power-on; returns its flash folder. Its unit is gone once this returns (a
    frame's stale slots could keep it alive under MicroPython's collector if it were built in
    the test's own frame, and then two units would share the heap)."""
    rig = Rig()
    rig.insert(0, 2)
    rig.type("1M")
    rig.remove(0)
    open_menu(rig)
    assert rig.screen()[0] == "SETTINGS 1/8"
    rig.type("MMM")  # edition, players, start, go
    rig.press("GO")
    rig.type("5M")
    rig.press("GO")
    assert "SAVED" in rig.screen()
    rig.press("C")  # leave: the edition is rebuilt from the settings, the game replayed
    assert rig.unit.overlay is None and rig.unit.config is None
    assert "INSERT A CARD" in rig.screen()
    assert rig.balance(2) == 16 * M
    rig.insert(0, 3)
    rig.advance(1200)
    rig.press("GO")
    assert rig.balance(3) == 20 * M
    return rig.flash_dir


def test_menu_saves_go_the_shell_rebuilds_and_a_reboot_keeps_it():
    flash_dir = set_go_in_the_menu_and_play()
    gc.collect()  # power off
    again = Rig(flash_dir=flash_dir, keep_flash=True)
    assert again.balance(2) == 16 * M and again.balance(3) == 20 * M
    assert again.unit.edition.go_amount == 5 * M
    again.cleanup()


def test_out_of_range_and_full_flash_change_nothing():
    rig = Rig()
    open_menu(rig)
    rig.type("M")  # players
    rig.press("GO")
    rig.type("9")
    rig.press("GO")
    assert "PLAYERS: 2 TO 8" in rig.screen()
    rig.press("C")  # the refused typing is gone already: out of the edit
    rig.type("MM")  # go
    rig.press("GO")
    rig.type("1M")
    rig.flash.fill(0)
    rig.press("GO")
    assert "FLASH FULL: SEE GUIDE" in rig.screen()
    rig.flash.fill(None)
    rig.press("C")
    rig.press("C")  # leave: nothing was saved, the edition stays as it was
    assert rig.unit.edition.go_amount == 2 * M and len(rig.unit.edition.ledger.balances) == 7
    rig.cleanup()
