# A whole unit on virtual parts, driven on a fake clock: the app's steps at their task periods.
import os

from app.build import build_unit
from peripherals.flash import VirtualFlash, empty_dir
from peripherals.wiring import VirtualBoard, VirtualParts, card_id
from store.store import Store


class Rig:
    """Real firmware (app, drivers, rules, journal) on a VirtualBoard with VirtualParts."""

    def __init__(self, flash_dir: str = "rig-flash.tmp", keep_flash: bool = False):
        self.now = 1000
        self.flash = VirtualFlash(flash_dir if keep_flash else empty_dir(flash_dir))
        if not keep_flash:
            # Virtual card n is player n's card, as if enrolled on an earlier day.
            Store(self.flash).append([("card", card_id(n), n) for n in range(1, 7)])
        self.board = VirtualBoard(clock=lambda: self.now)
        self.parts = VirtualParts(self.board, clock_us=lambda: self.now * 1000)
        self.unit = build_unit(self.board, fs=self.flash)
        self.unit.screen_log = []  # read back by screen()
        self.flash_dir = flash_dir
        self.polls = [0, 0]
        self.unit.boot(self.now)
        self.advance(100)  # first render

    def advance(self, ms: int) -> None:
        """Run every task whose period divides the current time, 1 ms at a time in 10 ms steps."""
        unit = self.unit
        end = self.now + ms
        while self.now < end:
            self.now += 10
            now = self.now
            unit.scan_keys(now)
            # A poll is two steps: the field on, then the read one 10 ms step later (>= the
            # card's 5 ms power-up time, which the readers' cards keep on this clock).
            period = unit.reader_poll_ms
            for slot, phase in ((0, now % period), (1, (now + period // 2) % period)):
                if phase == 0:
                    unit.start_poll(slot, now)
                elif phase == 10:
                    unit.poll_reader(slot, now)
                    self.polls[slot] += 1
            if now % unit.tick_ms == 0:
                unit.tick(now)
            if now % unit.render_ms == 0:
                unit.render_screen(now)
            if unit.piezo is not None:
                unit.piezo.step(now)

    def press(self, key: str) -> None:
        self.parts.keypad.press(key)
        self.advance(80)
        self.parts.keypad.release(key)
        self.advance(80)

    def type(self, text: str) -> None:
        for key in text:
            self.press(key)

    def insert(self, slot: int, number: int) -> None:
        self.parts.insert(slot, number)
        self.advance(400)

    def remove(self, slot: int) -> None:
        self.parts.remove(slot)
        self.advance(400)

    def screen(self) -> list:
        """Strings on the screen as the last render drew them."""
        return [entry[2] for entry in self.unit.screen_log if not entry[2].startswith("icon:")]

    def balance(self, number: int) -> int:
        return self.unit.edition.ledger.balance(number)

    def cleanup(self) -> None:
        empty_dir(self.flash_dir)
        os.rmdir(self.flash_dir)
