# A unit built for the Stock Exchange, which is played without cards: no readers, no card events.
# micropython-heap: 304k (firmware, the Stock Exchange and its screens plus every virtual part's
# model in one heap, on the 64-bit unix port: about 175 KB live in the second test; the first
# builds every edition in turn, one edition's modules in the heap at a time)
import gc
import os
import sys

from app.build import build_unit
from app.editions import EDITIONS, make_edition, uses_cards
from app.memory import forget_module
from peripherals.flash import VirtualFlash, empty_dir
from peripherals.wiring import VirtualBoard, VirtualParts, spi_bytes

FLASH = "cardless-flash.tmp"


class CardlessRig:
    def __init__(self, keep_flash: bool = False) -> None:
        self.now = 1000
        self.flash = VirtualFlash(FLASH if keep_flash else empty_dir(FLASH))
        self.board = VirtualBoard("5x5", clock=lambda: self.now)
        self.parts = VirtualParts(self.board, "stock_exchange")
        self.unit = build_unit(self.board, "stock_exchange", fs=self.flash)
        self.unit.screen_log = []
        self.unit.boot(self.now)
        self.advance(100)

    def advance(self, ms: int) -> None:
        unit = self.unit
        end = self.now + ms
        while self.now < end:
            self.now += 10
            now = self.now
            unit.scan_keys(now)
            if now % unit.reader_poll_ms == 0:
                unit.poll_reader(0, now)
                unit.poll_reader(1, now)
            if now % unit.tick_ms == 0:
                unit.tick(now)
            if now % unit.render_ms == 0:
                unit.render_screen(now)

    def press(self, *keys) -> None:
        for key in keys:
            self.parts.keypad.press(key)
            self.advance(80)
            self.parts.keypad.release(key)
            self.advance(80)

    def screen(self) -> list:
        return [entry[2] for entry in self.unit.screen_log if not entry[2].startswith("icon:")]


def cleanup() -> None:
    empty_dir(FLASH)
    os.rmdir(FLASH)


def test_the_build_knows_which_editions_use_cards():
    for name in EDITIONS:  # main.py asks uses_cards(name) before any edition is built
        loaded = set(sys.modules)
        assert uses_cards(name) == getattr(make_edition(name), "uses_cards", True), name
        for module in set(sys.modules) - loaded:  # one edition's code in the heap at a time
            forget_module(module)
        gc.collect()
    assert not uses_cards("stock_exchange")


def test_no_readers_are_built_polled_or_missed():
    assert not uses_cards("stock_exchange") and uses_cards("electronic_banking")
    rig = CardlessRig()
    try:
        # No reader is built (app.config builds them if the menu switches to a card edition).
        assert rig.unit.readers == [None, None] and not rig.unit.uses_cards
        assert rig.unit.slots == [None, None]
        rig.parts.insert(0, 1)  # a card laid on the (unfitted) reader's place: nothing reads it
        rig.advance(2000)
        assert spi_bytes(rig.board) == 0
        assert rig.unit.notice() == ""
        assert "READER" not in " ".join(rig.screen())
        assert rig.screen()[0] == "01-05"
    finally:
        cleanup()


def test_keys_make_records_that_survive_a_reboot():
    rig = CardlessRig()
    try:
        rig.press("BANK", "1", "0", "1", "CONFIRM")
        market = rig.unit.edition.market
        assert market.president[1] == 0 and market.holdings[1][0] == 5
        rig = market = None  # the power goes: one unit in the heap at a time
        gc.collect()
        rebooted = CardlessRig(keep_flash=True)
        assert rebooted.unit.edition.market.holdings[1][0] == 5
        rebooted.press("REVIEW")
        assert rebooted.screen()[0] == "INTRODUCTION"
    finally:
        cleanup()
