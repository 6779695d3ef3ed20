# The self-test on virtual parts: all good, a missing reader, a dead key, entering it at power-on.
# The key page: each key asked with its row and column, every switch pressed named.
# micropython-heap: 192k (firmware plus every virtual part's model in one heap, as test_unit)
from app.selftest import READER_HINTS as HINTS
from app.selftest import build_selftest, hold_at_power_on, selftest_key
from peripherals.wiring import VirtualBoard, VirtualParts


class Bench:
    """A board with its parts, the self-test, and a person following the screen."""

    def __init__(self, dead_key=None, red_reader=True, finger=None) -> None:
        self.board = VirtualBoard()
        self.parts = VirtualParts(self.board)
        self.parts.red_reader.present = red_reader
        self.lines: list = []
        keymap = self.board.keymap("electronic_banking")
        self.test = build_selftest(self.board, keymap, self.lines.append)
        self.dead_key = dead_key
        # finger(key index, key) -> the matrix positions (row, column) the person presses, one
        # after the other, when that key is asked: by default the key's own, as the legend shows
        self.finger = finger or (lambda index, key: [self.parts.keypad.position(key)])
        self.now = 5000
        self.screens: list = []  # the texts of every screen drawn, in order

    def run(self) -> None:
        test = self.test
        keypad = self.parts.keypad
        presses: list = []  # what the person still presses for the key asked
        pressed = None  # (row, column) held down, and since when
        since = 0
        asked = None
        log = None
        while test.run_step(self.now):
            if test.screen_log is not log:  # each screen drawn gets a log of its own
                log = test.screen_log
                texts = [entry[2] for entry in log]
                self.screens.append([text for text in texts if not text.startswith("icon:")])
            self.now += 10
            if test.step == 2 and self.parts.green_reader.card is None:
                self.parts.insert(0, 1)
            if test.step == 3 and self.parts.red_reader.card is None:
                self.parts.insert(1, 2)
            if test.step == 4 and test.key_index < len(test.keys) and asked != test.key_index:
                asked = test.key_index
                key = test.keys[asked]
                presses = [] if key == self.dead_key else list(self.finger(asked, key))
            if pressed is not None and self.now - since >= 50:  # a 50 ms press, then let go
                keypad.release_at(*pressed)
                pressed = None
                since = self.now
            elif pressed is None and presses and self.now - since >= 50:
                pressed = presses.pop(0)
                keypad.press_at(*pressed)
                since = self.now
            assert self.now < 5000 + 400000, "the self-test never ended"


def test_every_part_passes():
    bench = Bench()
    bench.run()
    assert bench.test.failures() == []
    assert bench.lines[-1] == "SELFTEST SUMMARY PASS %d/%d" % (
        len(bench.test.results),
        len(bench.test.results),
    )
    assert "SELFTEST READER GREEN PASS VERSION 0x92" in bench.lines
    assert "SELFTEST KEY GO PASS R3 C4" in bench.lines
    assert "SELFTEST KEY 1 PASS R1 C1" in bench.lines
    assert "SELFTEST KEY C PASS R4 C3" in bench.lines
    assert not [line for line in bench.lines if line.startswith("SELFTEST PRESSED")]
    assert "PASS" in [entry[2] for entry in bench.test.screen_log]
    assert len([line for line in bench.lines if line.startswith("SELFTEST KEY ")]) == 15


def test_a_missing_reader_fails_its_checks_and_the_rest_goes_on():
    bench = Bench(red_reader=False)
    bench.run()
    assert bench.test.failures() == ["READER RED", "CARD RED"]
    assert "SELFTEST READER RED FAIL VERSION 0xFF: " + " ".join(HINTS[0xFF]) in bench.lines
    assert "SELFTEST CARD GREEN PASS 044d42414e4b01" in bench.lines
    assert bench.lines[-1].startswith("SELFTEST SUMMARY FAIL")
    assert "SELF-TEST FAIL" in [entry[2] for entry in bench.test.screen_log]


def screen(bench) -> list:
    return [entry[2] for entry in bench.test.screen_log if not entry[2].startswith("icon:")]


def test_a_reader_reading_ff_is_named_with_what_to_check():
    bench = Bench(red_reader=False)  # nothing drives RED's MISO: the pull-up reads 0xFF
    bench.run()
    assert screen(bench) == ["SELF-TEST FAIL", "RED READER READS FF"] + list(HINTS[0xFF]) + [
        "2 CHECKS FAILED"
    ]
    assert HINTS[0xFF] == ("NO ANSWER: CHECK ITS", "3.3V, GND, SDA, SCK,", "MOSI, MISO AND RST")


def test_a_reader_reading_00_is_named_with_what_to_check():
    bench = Bench()
    bench.parts.green_reader.present = False
    bench.parts.green_reader.absent_miso = 0x00  # something holds GREEN's MISO low
    bench.run()
    assert bench.test.failures() == ["READER GREEN", "CARD GREEN"]
    assert "SELFTEST READER GREEN FAIL VERSION 0x00: " + " ".join(HINTS[0x00]) in bench.lines
    assert "SELFTEST CARD RED PASS 044d42414e4b02" in bench.lines  # RED still works
    assert screen(bench) == ["SELF-TEST FAIL", "GREEN READER READS 00"] + list(HINTS[0x00]) + [
        "2 CHECKS FAILED"
    ]
    assert HINTS[0x00] == ("MISO HELD LOW: CHECK", "ITS MISO IS ON ITS", "OWN BUS, NOT SHORTED")


def test_every_reader_hint_fits_a_line_of_the_panel():
    for value, hint in HINTS.items():
        for line in ("GREEN READER READS %02X" % value,) + hint:
            assert len(line) <= 21, line  # 128 px / 6 px per small-font character


def test_a_dead_key_times_out_and_is_named():
    bench = Bench(dead_key="7")
    bench.run()
    assert bench.test.failures() == ["KEY 7"]
    assert "SELFTEST KEY 7 FAIL NOT PRESSED AT R3 C1" in bench.lines
    assert "SELFTEST KEY 8 PASS R3 C2" in bench.lines  # the keys after it are still asked
    assert "1 FAIL: KEY 7" in [entry[2] for entry in bench.test.screen_log]


def test_the_summary_names_a_failed_reader_in_one_line():
    """The summary names the first failure in one line of the small font (21 characters):
    "1 FAILED: READER GREEN" was 22 and lost its last letter."""
    bench = Bench()
    bench.test.readers[0] = None  # GREEN not built: a failure with no reader hint
    bench.run()
    assert bench.test.failures()[0] == "READER GREEN"
    shown = [entry[2] for entry in bench.test.screen_log]
    assert "%d FAIL: READER GREEN" % len(bench.test.failures()) in shown
    assert all(len(text) <= 21 for text in shown), shown


def test_the_battery_reading_is_reported():
    bench = Bench()
    bench.parts.battery.mv = 4200
    bench.run()
    assert [line for line in bench.lines if "BATTERY" in line] == [
        "SELFTEST BATTERY PASS VSYS 4.20 V 75%"
    ]


def test_entered_only_while_c_is_held_at_power_on():
    board = VirtualBoard()
    parts = VirtualParts(board)
    keymap = board.keymap("electronic_banking")
    assert not hold_at_power_on(board.rows, board.cols, keymap)
    parts.keypad.press("C")
    assert hold_at_power_on(board.rows, board.cols, keymap)
    parts.keypad.release("C")
    parts.keypad.press("5")
    assert not hold_at_power_on(board.rows, board.cols, keymap)


def test_the_stock_exchange_keypad_enters_with_cancel_and_skips_the_readers():
    board = VirtualBoard("5x5")
    parts = VirtualParts(board, "stock_exchange")
    keymap = board.keymap("stock_exchange")
    assert selftest_key(keymap) == "CANCEL" and selftest_key(board.keymap("revolution")) == "C"
    assert not hold_at_power_on(board.rows, board.cols, keymap)
    parts.keypad.press("CANCEL")
    assert hold_at_power_on(board.rows, board.cols, keymap)
    parts.keypad.release("CANCEL")
    lines: list = []
    test = build_selftest(board, keymap, lines.append, cards=False)
    now = 5000
    pressed = None
    while test.run_step(now):
        now += 10
        if test.step == 4 and test.key_index < len(test.keys):
            key = test.keys[test.key_index]
            if pressed != key:
                if pressed is not None:
                    parts.keypad.release(pressed)
                parts.keypad.press(key)
                pressed = key
        elif pressed is not None:
            parts.keypad.release(pressed)
            pressed = None
        assert now < 5000 + 400000, "the self-test never ended"
    assert test.failures() == []
    assert len([line for line in lines if line.startswith("SELFTEST KEY ")]) == 23
    assert "SELFTEST KEY OFFICES PASS R3 C4" in lines
    assert "SELFTEST KEY NEWGAME PASS R5 C3" in lines
    assert not [line for line in lines if "READER" in line or "CARD" in line]
    assert lines[-1] == "SELFTEST SUMMARY PASS %d/%d" % (len(test.results), len(test.results))


def test_every_step_that_waits_for_a_person_draws_its_page():
    """Each step is entered at a call after the one that ended the last (10 ms later on the
    unit): its page, and the tone, come at that first call."""
    bench = Bench()
    bench.run()
    assert ["SELF-TEST", "CARD", "CARD IN GREEN"] in bench.screens
    assert ["SELF-TEST", "CARD", "CARD IN RED"] in bench.screens
    assert ["SELF-TEST", "BEEP", "A TONE PLAYS NOW"] in bench.screens
    assert "SELFTEST PIEZO PASS 1 KHZ TONE PLAYED" in bench.lines
    assert any(freq == 1000 and duty for _, freq, duty in bench.board.piezo.log)
    assert len(key_pages(bench)) == 15


def key_pages(bench) -> list:
    """(title, big, bottom) of each key page drawn."""
    return [tuple(texts) for texts in bench.screens if texts and texts[0].startswith("KEY ")]


def test_each_key_is_asked_with_its_row_and_column():
    bench = Bench()
    bench.run()
    pages = key_pages(bench)
    assert pages[0] == ("KEY 1/15 AT R1 C1", "1", "PRESS THIS KEY")
    assert pages[1] == ("KEY 2/15 AT R1 C2", "2", "GOT 1 AT R1 C1")  # the last one, named
    assert ("KEY 15/15 AT R4 C3", "C", "GOT 0 AT R4 C2") in pages
    assert all(len(text) <= 21 for page in pages for text in page)


def test_a_wrong_switch_is_named_with_where_it_is():
    def finger(index, key):
        if key == "1":  # a slip onto 5 first, then 1
            return [(1, 1), bench.parts.keypad.position(key)]
        return [bench.parts.keypad.position(key)]

    bench = Bench(finger=finger)
    bench.run()
    assert "SELFTEST PRESSED 5 AT R2 C2" in bench.lines
    assert ("KEY 1/15 AT R1 C1", "1", "GOT 5 AT R2 C2") in key_pages(bench)
    assert bench.test.failures() == []  # 1 was pressed after the slip


def test_a_keypad_turned_180_degrees_is_named():
    """The membrane stuck on upside down (its ribbon at the top): the key printed top left is
    the switch at R4 C4, which this layout has no key at."""

    def finger(index, key):
        row, column = bench.parts.keypad.position(key)
        if index < 2:  # where the upside-down legend shows 1 and 2
            return [(3 - row, 3 - column)]
        return [(row, column)]  # the maker turned it the right way up

    bench = Bench(finger=finger)
    bench.run()
    assert "SELFTEST PRESSED R4 C4: NO KEY THERE (KEYPAD TURNED 180?)" in bench.lines
    assert "SELFTEST PRESSED C AT R4 C3 (KEYPAD TURNED 180?)" in bench.lines
    assert ("KEY 1/15 AT R1 C1", "1", "R4 C4: TURNED 180?") in key_pages(bench)
    assert "SELFTEST KEY 1 FAIL NOT PRESSED AT R1 C1" in bench.lines
    assert bench.test.failures() == ["KEY 1", "KEY 2"]
    assert all(len(text) <= 21 for texts in bench.screens for text in texts)


def test_a_switch_with_no_key_is_named():
    bench = Bench(finger=lambda index, key: [(3, 3)] if key == "2" else
                  [bench.parts.keypad.position(key)])  # fmt: skip
    bench.run()
    assert "SELFTEST PRESSED R4 C4: NO KEY THERE" in bench.lines
    assert ("KEY 2/15 AT R1 C2", "2", "NO KEY AT R4 C4") in key_pages(bench)
