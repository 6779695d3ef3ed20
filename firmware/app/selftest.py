# Self-test for makers: checks each part once, on the screen and over USB serial, then a summary.
#
# Entered by holding C (CANCEL on a keypad without C, the Stock Exchange's) while the unit
# powers up (see main.py). A unit built for a card-less edition has no readers: their steps
# are left out (nothing to fail). Steps run in order; each step that
# waits for a person (a card, a key) gives up after its timeout and is marked FAIL, so a missing
# reader or a dead key ends in the summary instead of a hang. Every result is also printed: on
# the Pico, print() goes to the USB serial port, so `mpremote` shows the report.
# The key page asks for each key in turn, with its matrix row and column (R1 C4: the row and
# column wires of hardware/keypads.md), and names every switch pressed, where it is, and
# whether the keypad looks turned 180 degrees (the switch opposite the one asked for).
from app.power_on import HOLD_KEYS, hold_at_power_on, selftest_key  # noqa: F401 (re-exported)
from compat.const import const
from compat.ticks import ticks_diff
from drivers.keypad import Keypad
from ui.render import render

_PATTERN_MS = const(1500)
_CARD_WAIT_MS = const(20000)
_KEY_WAIT_MS = const(10000)
_TONE_MS = const(500)
# below this the Pico browns out; above VSYS_MAX_MV something is miswired
_VSYS_MIN_MV = const(2800)
_VSYS_MAX_MV = const(5500)
_TEST_TONE = const(((1000, _TONE_MS),))
SLOT_NAMES = ("GREEN", "RED")
# What to check on a reader whose VersionReg reads 0x00 (something holds MISO low: a part
# sharing its MISO line, a short) or 0xFF (nothing drives MISO): small-font lines of at most
# 21 characters, under "<slot> READER READS <value>" on the summary screen.
READER_HINTS = {
    0x00: ("MISO HELD LOW: CHECK", "ITS MISO IS ON ITS", "OWN BUS, NOT SHORTED"),
    0xFF: ("NO ANSWER: CHECK ITS", "3.3V, GND, SDA, SCK,", "MOSI, MISO AND RST"),
}


class SelfTest:
    def __init__(self, display, readers, keypad, keymap, piezo, battery, out=print) -> None:
        self.display = display
        self.readers = readers  # [green MFRC522 or None, red MFRC522 or None], or None: a
        # card-less build, whose reader and card steps are skipped
        self.slots: list = [None, None]
        self.field_at = 0  # `waited` when the card step switched its reader's field on
        self.hint: tuple | None = None  # READER_HINTS lines of the first reader that failed
        self.keypad = keypad  # its keymap is positions(keymap): it names a switch by position
        self.keys = [key for row in keymap for key in row if key is not None]
        self.keymap = keymap
        self.n_rows = len(keymap)
        self.n_cols = len(keymap[0])
        # each key's position in the matrix, r * n_cols + c, in the order self.keys asks them
        self.key_at = [
            r * self.n_cols + c
            for r in range(self.n_rows)
            for c in range(self.n_cols)
            if keymap[r][c] is not None
        ]
        self.got = "PRESS THIS KEY"  # the key page's bottom line: the last switch pressed
        self.piezo = piezo
        self.battery = battery
        self.out = out
        self.results: list = []  # (part, passed, detail)
        self.step = 0
        self.step_at = 0
        # True until a step (or a key of the key page) has drawn its page: it starts at the
        # next call, 10 ms or so after the last step ended, never at the same ticks
        self.fresh = True
        self.started = False
        self.key_index = 0
        self.done = False
        self.screen_log: list = []

    # ---- reporting --------------------------------------------------------------------------

    def _result(self, part: str, passed: bool, detail: str) -> None:
        self.results.append((part, passed, detail))
        self.out("SELFTEST %s %s %s" % (part, "PASS" if passed else "FAIL", detail))

    def _show(self, title: str, big: str, detail: str, error: bool = False, lines=None) -> None:
        if self.display is None:
            return
        view = {
            "display_on": True,
            "title": title,
            "lines": lines,
            "big": big,
            "detail": detail,
            "message": detail if error else "",
            "error": error,
            "green": None,
            "red": None,
            "sound": True,
            "mode": "selftest",
        }
        try:
            self.screen_log = []
            render(self.display.canvas, view, None, self.screen_log)
            self.display.show()
        except OSError:
            self.display = None  # reported by the display step; the rest goes on

    def failures(self) -> list:
        return [part for part, passed, _ in self.results if not passed]

    # ---- the steps ---------------------------------------------------------------------------

    def run_step(self, now: int) -> bool:
        """Advance the test; True while it still runs."""
        if self.done:
            return False
        if not self.started:
            self.started = True
            self.step_at = now
            self.keypad.scan(now)  # the baseline: C, held to get here, counts only once let go
        waited = ticks_diff(now, self.step_at)
        step = self.step
        if step == 0:
            self._display_pattern()
        elif step == 1:
            if waited < _PATTERN_MS:
                return True
            self._reader_versions()
        elif step == 2 or step == 3:
            if self.readers is not None and not self._card(step - 2, waited):
                return True
        elif step == 4:
            if not self._keys(now):
                return True
        elif step == 5:
            if self.fresh:
                self.fresh = False
                self._tone()
            if waited < _TONE_MS and self.piezo is not None:
                self.piezo.step(now)
                return True
            if self.piezo is not None:
                self.piezo.stop()
        elif step == 6:
            self._battery()
        else:
            self._summary()
            self.done = True
            return False
        self.step += 1
        self.step_at = now
        self.fresh = True
        return True

    def _display_pattern(self) -> None:
        display = self.display
        if display is None:
            self._result("DISPLAY", False, "NOT FOUND")
            return
        try:
            display.init_display()
            canvas = display.canvas
            canvas.fill(0)
            for y in range(0, 64, 8):  # checkerboard of 8x8 squares, every pixel used once
                for x in range(0, 128, 8):
                    if (x + y) & 8:
                        canvas.fill_rect(x, y, 8, 8, 1)
            canvas.rect(0, 0, 128, 64, 1)
            display.show()
            self._result("DISPLAY", True, "PATTERN SHOWN")
        except OSError:
            self.display = None
            self._result("DISPLAY", False, "NO ANSWER ON I2C")

    def _reader_versions(self) -> None:
        if self.readers is None:
            return
        # Not imported with this module: main.py loads it at every power-on, and a card-less
        # unit never loads the reader driver.
        from drivers.mfrc522 import CardSlot

        for slot in (0, 1):
            reader = self.readers[slot]
            name = "READER " + SLOT_NAMES[slot]
            if reader is None:
                self._result(name, False, "NOT BUILT")
                continue
            try:
                version = reader.init()
            except OSError:
                self._reader_failed(slot, reader.read_version())
                continue
            self.slots[slot] = CardSlot(reader)
            self._result(name, True, "VERSION 0x%02X" % version)

    def _reader_failed(self, slot: int, version: int) -> None:
        name = "READER " + SLOT_NAMES[slot]
        hint = READER_HINTS.get(version)
        if hint is None:  # no version read (a reset that never ended)
            self._result(name, False, "NOT FOUND")
            return
        self._result(name, False, "VERSION 0x%02X: %s" % (version, " ".join(hint)))
        if self.hint is None:
            self.hint = ("%s READER READS %02X" % (SLOT_NAMES[slot], version),) + hint

    def _card(self, slot: int, waited: int) -> bool:
        """True when this slot's step is finished."""
        name = "CARD " + SLOT_NAMES[slot]
        card_slot = self.slots[slot]
        if card_slot is None:
            self._result(name, False, "NO READER")
            return True
        if self.fresh:
            self.fresh = False
            self._show("SELF-TEST", "CARD", "CARD IN " + SLOT_NAMES[slot])
        change = card_slot.NOTHING
        try:
            if not card_slot.reader.field:  # a poll is field on, the card's power-up, a read
                card_slot.reader.field_on()
                self.field_at = waited
            elif waited - self.field_at >= card_slot.power_up_ms:
                change = card_slot.poll()  # the field goes off again
        except OSError:
            pass
        if change == card_slot.INSERTED:
            self._result(name, True, card_slot.uid_hex or "")
            return True
        if waited >= _CARD_WAIT_MS:
            self._result(name, False, "NO CARD SEEN")
            return True
        return False

    def _keys(self, now: int) -> bool:
        """True when every key was pressed or timed out."""
        keys = self.keys
        if self.key_index >= len(keys):
            return True
        key = keys[self.key_index]
        at = self.key_at[self.key_index]
        if self.fresh:
            self.fresh = False
            self._ask_key(False)
        self.keypad.scan(now)
        event = self.keypad.pop()
        while event is not None:
            kind, pressed = event
            if kind == Keypad.PRESS:
                if pressed == at:
                    self.got = "GOT %s AT %s" % (key, self.where(at))
                    self._result("KEY " + key, True, self.where(at))
                    return self._next_key(now)
                self._other_switch(pressed, at)
            event = self.keypad.pop()
        if ticks_diff(now, self.step_at) >= _KEY_WAIT_MS:
            self._result("KEY " + key, False, "NOT PRESSED AT " + self.where(at))
            return self._next_key(now)
        return False

    def where(self, at: int) -> str:
        """A matrix position as the wiring names it: "R1 C4" (row 1, column 4)."""
        return "R%d C%d" % (at // self.n_cols + 1, at % self.n_cols + 1)

    def _ask_key(self, error: bool) -> None:
        """The key page: which key, where it is, and the last switch pressed."""
        index = self.key_index
        title = "KEY %d/%d AT %s" % (index + 1, len(self.keys), self.where(self.key_at[index]))
        self._show(title, self.keys[index], self.got, error)

    def _other_switch(self, pressed: int, wanted: int) -> None:
        """A switch pressed that is not the key asked for: named on the page and over USB."""
        where = self.where(pressed)
        key = self.keymap[pressed // self.n_cols][pressed % self.n_cols]
        turned = pressed == self.n_rows * self.n_cols - 1 - wanted  # the opposite switch
        if turned:
            self.got = where + ": TURNED 180?"
        elif key is None:
            self.got = "NO KEY AT " + where
        else:
            self.got = "GOT %s AT %s" % (key, where)
        said = "%s AT %s" % (key, where) if key is not None else where + ": NO KEY THERE"
        self.out("SELFTEST PRESSED " + said + (" (KEYPAD TURNED 180?)" if turned else ""))
        self._ask_key(True)

    def _next_key(self, now: int) -> bool:
        self.key_index += 1
        self.step_at = now
        self.fresh = True
        return self.key_index >= len(self.keys)

    def _tone(self) -> None:
        if self.piezo is None:
            self._result("PIEZO", False, "NOT BUILT")
            return
        self.piezo.play(_TEST_TONE)
        self._result("PIEZO", True, "1 KHZ TONE PLAYED")
        self._show("SELF-TEST", "BEEP", "A TONE PLAYS NOW")

    def _battery(self) -> None:
        if self.battery is None:
            self._result("BATTERY", False, "NOT BUILT")
            return
        mv = self.battery.read_mv()
        text = "VSYS %d.%02d V %d%%" % (mv // 1000, mv % 1000 // 10, self.battery.percent())
        self._result("BATTERY", _VSYS_MIN_MV <= mv <= _VSYS_MAX_MV, text)

    def _summary(self) -> None:
        failed = self.failures()
        if failed and self.hint is not None:  # what to check on that reader, for the maker
            self._show("SELF-TEST FAIL", "", "%d CHECKS FAILED" % len(failed), True, self.hint)
        elif failed:
            # "1 FAIL: READER GREEN" is 20 characters of the 21 a line holds
            self._show("SELF-TEST", "FAIL", "%d FAIL: %s" % (len(failed), failed[0]), True)
        else:
            self._show("SELF-TEST", "PASS", "ALL %d CHECKS OK" % len(self.results))
        self.out(
            "SELFTEST SUMMARY %s %d/%d"
            % ("FAIL" if failed else "PASS", len(self.results) - len(failed), len(self.results))
        )


def positions(keymap) -> tuple:
    """The keymap's shape with every switch named by its position, r * columns + c: the
    self-test's keypad reports switches with no key in the layout too."""
    n_cols = len(keymap[0])
    return tuple(tuple(r * n_cols + c for c in range(n_cols)) for r in range(len(keymap)))


def build_selftest(board, keymap, out=print, cards: bool = True) -> SelfTest:
    """The self-test on a board's parts (the same drivers the unit uses). cards=False: the
    unit is built for a card-less edition, without readers."""
    from drivers.battery import Battery
    from drivers.mfrc522 import MFRC522
    from drivers.piezo import Piezo
    from drivers.ssd1306 import SSD1306

    readers = None
    if cards:
        readers = [
            MFRC522(board.green_spi, board.green_cs, board.green_rst),
            MFRC522(board.red_spi, board.red_cs, board.red_rst),
        ]
    return SelfTest(
        SSD1306(board.i2c, board.display_address),
        readers,
        Keypad(board.rows, board.cols, positions(keymap)),
        keymap,
        Piezo(board.piezo),
        Battery(board.vsys, divider=board.vsys_divider),
        out,
    )
