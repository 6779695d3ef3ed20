# The whole unit: keys through the matrix, cards through the MFRC522 model, pixels on the panel.
# micropython-heap: 288k (firmware plus every virtual part's model in one heap, 64-bit: the
# firmware alone loads in about 80 KB on the unix port, far less with the Pico's 32-bit words;
# plus ui.draw's glyph bitmaps and the display's column views, the keypad's sample ring, the
# undo and the journal mark: it needs 272k, 264k fails)
import gc

from unit_rig import Rig

from app import unit as shell
from app.storage_handoff import describe_problems
from drivers.keypad import Keypad
from peripherals.mfrc522_chip import VirtualCard
from peripherals.piezo_recorder import audible
from peripherals.wiring import card_uid

START = 15000000


def test_credit_from_keypad_and_card_reaches_screen_journal_and_piezo():
    rig = Rig()
    assert "INSERT A CARD" in rig.screen()
    rig.insert(0, 2)
    rig.advance(1200)
    assert "15M" in rig.screen()
    rig.type("260K")
    assert rig.balance(2) == START + 260000
    assert "15.26M" in rig.screen()
    with open(rig.flash_dir + "/log.0") as journal:
        assert '"tx", 0, 2, 260000]' in journal.read()
    assert audible(rig.board.piezo.log)  # the credit cue sounded
    assert rig.parts.panel.display_on
    rig.cleanup()


def test_transfer_between_two_cards():
    rig = Rig()
    rig.insert(1, 1)
    rig.insert(0, 3)
    rig.type("1.5M")
    assert rig.balance(1) == START - 1500000 and rig.balance(3) == START + 1500000
    rig.cleanup()


def test_balances_survive_a_reboot():
    rig = Rig()
    rig.insert(1, 4)
    rig.type("2M")
    rig.remove(1)
    flash_dir = rig.flash_dir
    card = rig.unit.edition.registry.card_of(4)
    rig = None  # power off: a reboot frees the old unit before the new one boots
    gc.collect()
    again = Rig(flash_dir=flash_dir, keep_flash=True)
    assert again.balance(4) == START - 2000000
    assert again.unit.edition.registry.number_of(card) == 4
    again.cleanup()


def test_no_display_still_works_and_beeps():
    rig = Rig()
    rig.parts.unplug_display()
    rig.unit.display_ok = False
    rig.insert(0, 1)
    rig.type("1M")
    assert rig.balance(1) == START + 1000000
    assert audible(rig.board.piezo.log)
    rig.parts.plug_display()
    rig.advance(rig.unit.retry_ms + 200)  # the display is looked for again and redrawn
    assert rig.unit.display_ok and "16M" in rig.screen()
    rig.cleanup()


def test_display_lost_mid_game_keeps_the_unit_working():
    rig = Rig()
    rig.insert(0, 1)
    rig.parts.unplug_display()
    rig.type("1M")
    assert rig.balance(1) == START + 1000000
    assert not rig.unit.display_ok
    rig.cleanup()


def test_missing_red_reader_is_named_and_green_still_works():
    rig = Rig()
    rig.parts.red_reader.present = False
    rig.unit.boot(rig.now)
    rig.advance(300)
    assert "RED READER MISSING" in rig.screen()
    rig.insert(0, 5)
    rig.type("10K")
    assert rig.balance(5) == START + 10000
    rig.cleanup()


def test_reader_lost_with_a_card_in_takes_the_card_out_then_recovers():
    rig = Rig()
    rig.insert(1, 2)
    rig.type("5")
    rig.parts.red_reader.present = False
    rig.advance(1000)
    assert rig.unit.edition.slot_card[1] is None  # no reader can vouch for that card
    rig.advance(3000)  # "ENTRY CANCELLED" first, then the notice takes the bottom line
    assert "RED READER MISSING" in rig.screen()
    rig.type("0K")
    assert rig.balance(2) == START  # the half-typed amount never went through
    rig.parts.red_reader.present = True
    rig.advance(rig.unit.retry_ms + 500)
    assert rig.unit.edition.slot_card[1] == 2
    rig.cleanup()


def test_full_flash_refuses_the_transaction():
    rig = Rig()
    rig.insert(0, 1)
    rig.flash.fill(0)  # the flash takes no more bytes
    rig.type("1M")
    assert rig.balance(1) == START
    assert "FLASH FULL: SEE GUIDE" in rig.screen()
    rig.cleanup()


def test_standby_darkens_the_panel_and_a_key_wakes_it():
    rig = Rig()
    rig.insert(0, 1)
    rig.type("12")
    rig.advance(61000)
    assert not rig.parts.panel.display_on
    rig.press("5")
    assert rig.parts.panel.display_on and "12" in rig.screen()
    rig.cleanup()


def test_one_missed_poll_does_not_remove_a_card():
    rig = Rig()
    rig.insert(0, 1)
    rig.parts.green_reader.miss_next(1)
    rig.advance(500)
    assert rig.unit.edition.slot_card[0] == 1
    rig.parts.green_reader.miss_next(2)
    rig.advance(240)  # two polls, both missed
    assert rig.unit.edition.slot_card[0] is None
    rig.advance(240)  # the card answers again: back in
    assert rig.unit.edition.slot_card[0] == 1
    rig.cleanup()


def test_each_reader_is_polled_about_eight_times_a_second():
    rig = Rig()
    rig.polls = [0, 0]
    rig.advance(6000)
    assert 45 <= rig.polls[0] <= 55 and 45 <= rig.polls[1] <= 55
    rig.cleanup()


def test_fields_are_on_only_for_a_poll_and_cards_still_come_and_go():
    rig = Rig()
    readers = (rig.parts.green_reader, rig.parts.red_reader)
    on = [0, 0]
    polls = rig.polls[0]
    rig.parts.insert(0, 1)
    while rig.unit.edition.slot_card[0] != 1:
        rig.advance(10)
        assert not readers[0].field or rig.now % 120 == 0  # on only from start_poll to read
    assert rig.polls[0] - polls <= 1  # seen at the first poll after it went in
    for _ in range(120):  # 1.2 s: 10 polls of each reader
        rig.advance(10)
        for slot in (0, 1):
            on[slot] += readers[slot].field
    assert on == [10, 10]  # the 10 ms step between field on and the read, nothing more
    assert readers[0].asleep and readers[1].asleep
    assert rig.unit.edition.slot_card[0] == 1  # a card lying still: no event, no miss
    rig.parts.remove(0)
    polls = rig.polls[0]
    while rig.unit.edition.slot_card[0] is not None:
        rig.advance(10)
    assert rig.polls[0] - polls <= 2  # a pull is noticed within two polls
    rig.cleanup()


def test_a_poll_reads_only_once_the_card_has_had_its_power_up_time():
    rig = Rig()
    unit = rig.unit
    rig.parts.insert(0, 1)
    rig.advance(5)  # between the rig's steps: no poll of its own runs in what follows
    now = rig.now
    unit.start_poll(0, now)
    unit.poll_reader(0, now + 4)  # too soon: nothing happens, the field stays on
    assert rig.parts.green_reader.field and unit.edition.slot_card[0] is None
    rig.now = now + 5
    unit.poll_reader(0, rig.now)
    assert unit.edition.slot_card[0] == 1 and not rig.parts.green_reader.field
    unit.poll_reader(0, rig.now + 120)  # no start_poll before it: no read, no miss
    assert unit.edition.slot_card[0] == 1 and unit.slots[0].uid is not None
    rig.cleanup()


def test_a_switch_to_a_cardless_edition_between_the_two_halves_leaves_the_field_off():
    rig = Rig()
    unit = rig.unit
    rig.advance(5)
    unit.start_poll(0, rig.now)
    assert rig.parts.green_reader.field
    # What the settings menu leaves when it switches to the Stock Exchange (app.config).
    unit.edition.uses_cards = False
    unit.slots = [None, None]
    unit.poll_reader(0, rig.now + 5)
    assert not rig.parts.green_reader.field and rig.parts.green_reader.asleep
    rig.cleanup()


def test_two_cards_in_one_slot_show_one_card_per_slot_and_beep():
    rig = Rig()
    cues = []
    rig.unit.on_cue = cues.append
    rig.insert(0, 1)
    rig.type("5")
    rig.parts.green_reader.add_card(VirtualCard(card_uid(3)))
    rig.advance(400)
    assert "ONE CARD PER SLOT" in rig.screen()
    assert cues[-1] == "error"
    assert rig.unit.edition.slot_card[0] is None  # neither card can be vouched for
    rig.parts.insert(0, 1)  # the extra card taken away
    rig.advance(400)
    assert rig.unit.edition.slot_card[0] == 1
    assert "ONE CARD PER SLOT" not in rig.screen()
    assert rig.balance(1) == START
    rig.cleanup()


def test_battery_low_warns_once_as_the_flag_rises():
    rig = Rig()
    cues = []
    rig.unit.on_cue = cues.append
    rig.parts.battery.mv = 3400  # 8 %
    rig.unit.check_battery(rig.now)
    rig.advance(100)
    assert "BATTERY LOW" in rig.screen()
    assert cues == ["battery_low"]
    rig.unit.check_battery(rig.now)
    assert cues == ["battery_low"]  # still low: no second warning
    rig.advance(rig.unit.notice_ms)
    assert "BATTERY LOW" not in rig.screen()
    assert rig.unit.battery_low  # the icon stays
    rig.cleanup()


def test_keys_pressed_with_the_key_that_wakes_the_unit_do_nothing():
    rig = Rig()
    rig.insert(0, 1)
    rig.advance(61000)
    assert not rig.parts.panel.display_on
    for key in ("4", "5", "M"):
        rig.parts.keypad.press(key)
    rig.advance(100)
    for key in ("4", "5", "M"):
        rig.parts.keypad.release(key)
    rig.advance(100)
    assert rig.parts.panel.display_on
    assert rig.balance(1) == START
    rig.type("5M")  # awake: keys act again
    assert rig.balance(1) == START + 5000000
    rig.cleanup()


def test_boot_notice_names_losses_and_repairs():
    assert describe_problems([]) == ""
    assert describe_problems(["snapshot 2 corrupt"]) == "STORAGE REPAIRED"
    assert describe_problems(["log 0: line 8 dropped"]) == "JOURNAL: 1 LOST"
    assert describe_problems(["log 0: line 8 dropped", "records 8-8 missing"]) == (
        "JOURNAL: 1 LOST"
    )
    assert describe_problems(["snapshot 2 corrupt", "records 5-7 missing"]) == ("JOURNAL: 3 LOST")
    assert describe_problems(["bad record", "log 1: line 2 dropped"]) == "JOURNAL: 2 LOST"


def test_a_digit_goes_out_as_one_window_and_an_unchanged_screen_allocates_nothing():
    rig = Rig()
    rig.insert(0, 2)
    rig.advance(1200)
    rig.unit.screen_log = None  # as on the device: nothing logged
    rig.type("1")
    i2c = rig.board.i2c
    sent = []
    for key in "25":
        before = i2c.bytes_written
        rig.press(key)
        sent.append(i2c.bytes_written - before)
    # A digit is one glyph of 16 columns over pages 3-5: the window command, then one write.
    assert sent == [8 + 2 + 3 * 16, 8 + 2 + 3 * 16], sent
    panel = rig.parts.panel
    canvas = rig.unit.display.canvas
    for y in range(64):
        for x in range(128):
            assert panel.pixel(x, y) == canvas.pixel(x, y), (x, y)
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        print("SKIP heap_lock needs MicroPython")
        rig.cleanup()
        return
    drew = [True]
    now = rig.now + 40
    heap_lock()
    try:
        drew[0] = rig.unit.render_screen(now)  # nothing changed: a version compare
    finally:
        heap_unlock()
    assert drew[0] is False
    rig.cleanup()


def test_a_typed_digit_alone_is_drawn_without_the_view_and_without_allocating():
    """Only the amount changed (the edition's entry_changed): the shell draws the character
    alone, builds no view, sends one window and allocates nothing doing it; the canvas is then
    what a whole render of the view draws."""
    import framebuf

    from ui.render import render

    rig = Rig()
    rig.insert(0, 2)
    rig.advance(1200)
    rig.unit.screen_log = None  # as on the device: nothing logged
    rig.type("12")
    edition = rig.unit.edition
    views = []
    view = edition.view

    def counted():
        views.append(1)
        return view()

    edition.view = counted
    display = rig.unit.display
    bus = display.i2c
    quiet = QuietBus()
    display.i2c = quiet  # the fake bus keeps what it is sent: heap_lock must see the firmware
    edition.entry = edition.entry + "5"  # made before the heap is locked, as the key's step does
    edition.entry_changed()
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        heap_lock = heap_unlock = None
    drew = [False]
    if heap_lock is not None:
        heap_lock()
    try:
        drew[0] = rig.unit.render_screen(rig.now + 40)
    finally:
        if heap_unlock is not None:
            heap_unlock()
    display.i2c = bus
    del edition.view
    assert drew[0] is True and views == []
    sent = quiet.sent[: quiet.count]
    assert sent == [7, 1 + 3 * 16], sent  # the window command, then 16 columns of 3 pages
    whole = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    render(whole, edition.view(), rig.unit.status)
    canvas = display.canvas
    for y in range(64):
        for x in range(128):
            assert canvas.pixel(x, y) == whole.pixel(x, y), (x, y)
    rig.cleanup()


class QuietBus:
    """Acknowledges every write and keeps only its length."""

    def __init__(self) -> None:
        self.sent = [0] * 8
        self.count = 0

    def writeto(self, address, buf, stop=True):
        self.sent[self.count] = len(buf)
        self.count += 1
        return len(buf)


def test_the_shell_reads_the_keypads_event_kinds():
    assert shell.KEY_PRESS == Keypad.PRESS
    assert shell.KEY_RELEASE == Keypad.RELEASE


def test_memory_running_out_before_the_journal_refuses_the_transaction_and_goes_on():
    rig = Rig()
    rig.unit.clock = lambda: rig.now  # the rig's clock, read by the shell's own handler
    rig.insert(0, 2)
    rig.advance(1200)
    store = rig.unit.store
    real_append = store.append

    def append(records):
        raise MemoryError("memory allocation failed")  # before its line's write began

    store.append = append
    rig.type("260K")
    assert rig.balance(2) == START
    assert shell.MSG_MEMORY in rig.screen() and "+260K" not in rig.screen()
    assert rig.unit.memory_errors == 1
    store.append = real_append
    # A render cut short: the task's handler draws the whole frame from the state next.
    rig.unit.out_of_memory(rig.now + 20000)
    rig.advance(100)
    assert shell.MSG_MEMORY in rig.screen() and rig.unit.memory_errors == 2
    rig.type("C50K")
    assert rig.balance(2) == START + 50000
    assert "15.05M" in rig.screen()
    rig.cleanup()
