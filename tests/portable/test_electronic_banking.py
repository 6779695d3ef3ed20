# Electronic Banking edition: every rule and refusal, played through a Table (portable).
# micropython-heap: 92k (the edition grew the TOTALS and mortgage-lift hooks, then the undo and
# the card-out lock, about 3 KB, and this suite their tests; its floor on the 64-bit unix port
# was 83 KB, 85 KB once view() kept its title and balance line and money formatted by table;
# 88k failed by a few hundred bytes once the editions moved into packages, about 0.8 KB more)
from editions.electronic_banking.edition import ElectronicBanking
from table import GREEN, RED, Table, card_id

from compat.ticks import TICKS_PERIOD
from rules import card_bank, card_view, machine, money, undo
from rules.cards import CardRegistry
from rules.ledger import ERR_NOT_ENOUGH

START = 15000000


def _refused(table: Table, message: str, before: list) -> None:
    view = table.view()
    assert view["message"] == message, view["message"]
    assert view["error"] is True
    assert "error" in table.cues
    assert table.balances() == before
    assert table.unit.ledger.invariant_holds()


def test_cards_start_at_15m_and_insertion_shows_number_then_balance():
    table = Table()
    assert table.balances() == [START] * 6
    table.insert(GREEN, 2)
    assert table.view()["big"] == "CARD 2"
    assert "card_in" in table.cues
    table.advance(1000)
    assert table.view()["big"] == "15M"
    assert table.view()["title"] == "CARD 2 RECEIVES"


def test_card_count_is_configurable_up_to_eight():
    table = Table(card_count=8, enrolled=8)
    assert table.balances() == [START] * 8
    for bad in (1, 9):
        try:
            ElectronicBanking(card_count=bad)
        except ValueError:
            continue
        raise AssertionError("accepted card_count %d" % bad)


def test_green_alone_receives_from_the_bank():
    table = Table()
    table.insert(GREEN, 1)
    table.type("260K")
    assert table.balance(1) == START + 260000
    assert table.journal[-1] == ("tx", 0, 1, 260000)
    assert table.last_cue() == "credit"
    view = table.view()
    assert view["big"] == "15.26M" and view["detail"] == "+260K"


def test_red_alone_pays_the_bank():
    table = Table()
    table.insert(RED, 3)
    table.type("1.5M")
    assert table.balance(3) == START - 1500000
    assert table.journal[-1] == ("tx", 3, 0, 1500000)
    assert table.last_cue() == "debit"
    assert table.view()["big"] == "13.5M"


def test_red_and_green_transfer_between_players():
    table = Table()
    table.insert(RED, 4)
    table.insert(GREEN, 5)
    assert table.view()["mode"] == "transfer"
    table.type("2.25M")
    assert table.balance(4) == START - 2250000
    assert table.balance(5) == START + 2250000
    assert table.unit.ledger.total() == 6 * START
    assert table.last_cue() == "transfer"
    assert table.view()["big"] == "12.75M"  # the payer's balance is displayed
    assert table.view()["detail"] == "CARD 5: 17.25M"


def test_the_title_and_balance_line_follow_the_cards_and_each_transaction():
    # view() keeps its last title and "BALANCE" line while their cards and balance stay: each
    # must still change the moment a card moves or a transaction changes the balance.
    table = Table()
    table.insert(RED, 4)
    assert table.view()["title"] == "CARD 4 PAYS"
    table.insert(GREEN, 5)
    assert table.view()["title"] == "CARD 4 > CARD 5"
    table.type("1")
    view = table.view()
    assert (view["big"], view["detail"]) == ("1", "BALANCE 15M")
    table.type("M")
    table.type("2")
    assert table.view()["detail"] == "BALANCE 14M"
    table.press("C")
    assert table.view()["detail"] == "CARD 5: 16M"
    table.remove(GREEN)
    assert table.view()["title"] == "CARD 4 PAYS"
    table.insert(GREEN, 3)
    assert table.view()["title"] == "CARD 4 > CARD 3"
    table.remove(RED)
    assert table.view()["title"] == "CARD 3 RECEIVES"
    table.type("5")
    assert table.view()["detail"] == "BALANCE 15M"
    table.press("C")
    table.remove(GREEN)
    table.insert(RED, 3)
    assert table.view()["title"] == "CARD 3 PAYS"


def test_several_amounts_on_one_insertion():
    table = Table()
    table.insert(GREEN, 1)
    table.type("100K")
    table.type("2M")
    assert table.balance(1) == START + 2100000
    assert len(table.journal) == 2


def test_go_credits_2m_once_per_insertion():
    table = Table()
    table.insert(GREEN, 2)
    table.type("GO")
    assert table.balance(2) == START + 2000000
    assert table.last_cue() == "go"
    before = table.balances()
    table.type("GO")
    _refused(table, card_bank.MSG_GO_ONCE, before)
    table.remove(GREEN)
    table.insert(GREEN, 2)
    table.type("GO")  # rulebook: out and in again for a second GO in one turn
    assert table.balance(2) == START + 4000000


def test_go_needs_a_card_alone_in_green():
    table = Table()
    table.type("GO")
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6)
    table.insert(RED, 1)
    table.type("GO")
    _refused(table, card_bank.MSG_GO_GREEN_ONLY, [START] * 6)
    table.insert(GREEN, 2)
    table.type("GO")
    _refused(table, card_bank.MSG_GO_GREEN_ONLY, [START] * 6)


def test_go_refused_while_an_amount_is_half_typed():
    table = Table()
    table.insert(GREEN, 2)
    table.type("5")
    table.type("GO")
    _refused(table, machine.MSG_FINISH_ENTRY, [START] * 6)
    assert table.view()["big"] == "5"  # the typed digits are still there


def test_c_clears_the_amount_being_typed():
    table = Table()
    table.insert(RED, 1)
    table.type("55")
    assert table.view()["big"] == "55"
    table.press("C")
    assert table.view()["big"] == "15M"
    table.type("5K")
    assert table.balance(1) == START - 5000 or table.view()["message"] == money.ERR_UNDER_MIN
    table.press("C")
    table.type("50K")
    assert table.balance(1) == START - 50000


def test_holding_c_starts_a_new_game_after_a_signal():
    table = Table()
    table.insert(GREEN, 1)
    table.type("3M")
    table.remove(GREEN)
    table.insert(RED, 2)
    table.type("1M")
    table.remove(RED)
    table.key_down("C")
    table.advance(1900)
    assert table.view()["mode"] != "admin"  # not yet
    table.advance(200)
    assert table.view()["title"] == "NEW GAME?"  # asked while still held
    assert table.last_cue() == "confirm"
    table.key_up("C")
    assert table.balance(1) == START + 3000000  # nothing changes until GO
    table.press("GO")
    assert table.balances() == [START] * 6
    assert table.last_cue() == "new_game"
    assert table.view()["message"] == "NEW GAME"
    assert table.journal[-1] == ("new", START)
    assert table.unit.ledger.invariant_holds()


def test_short_c_press_does_not_start_a_new_game():
    table = Table()
    table.insert(GREEN, 1)
    table.type("3M")
    table.type("5")
    table.hold("C", 1500)  # short of the 2 s: a plain C, which clears the 5
    assert table.unit.question() is None and table.view()["big"] == "18M"
    assert table.balance(1) == START + 3000000


def test_long_press_measured_across_the_tick_wrap():
    table = Table(start_ms=TICKS_PERIOD - 1000)
    table.insert(GREEN, 1)
    table.type("1M")
    table.key_down("C")
    start = table.now
    while table.now - start < 2200:  # drive ticks that wrap past 2**30
        table.now += 100
        table.unit.tick(table.now % TICKS_PERIOD)
        table.settle()
    assert table.view()["title"] == "NEW GAME?"


def test_long_press_noticed_at_release_without_ticks():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1M")
    table.unit.key_down("C", table.now)
    table.now += 2500
    table.unit.key_up("C", table.now)  # no tick arrived while the key was held
    table.settle()
    assert table.view()["title"] == "NEW GAME?"
    table.press("GO")
    assert table.balance(1) == START


def test_point_is_decimal_while_typing_and_sound_toggle_without_card():
    table = Table()
    assert table.unit.sound_on
    table.press(".")
    assert not table.unit.sound_on
    assert table.view()["message"] == card_bank.MSG_SOUND_OFF
    assert table.journal[-1] == ("set", "sound", 0)
    table.press(".")
    assert table.unit.sound_on
    table.insert(GREEN, 1)
    table.type("1.5M")
    assert table.unit.sound_on and table.balance(1) == START + 1500000


def test_standby_after_a_minute_and_wake_exactly_where_it_was():
    table = Table()
    table.insert(RED, 2)
    table.type("12")
    table.advance(59000)
    assert table.view()["display_on"]
    table.advance(1100)
    assert not table.view()["display_on"]
    table.press("5")  # only wakes; does not type
    view = table.view()
    assert view["display_on"] and view["big"] == "12"
    table.type("0K")
    assert table.balance(2) == START - 120000


def test_a_card_wakes_standby_and_is_processed():
    table = Table()
    table.advance(61000)
    assert not table.view()["display_on"]
    table.insert(GREEN, 3)
    assert table.view()["display_on"] and table.view()["green"] == 3


def test_amount_limits_refused_changing_nothing():
    for text, message in (
        ("25M", money.ERR_OVER_MAX),
        ("20.01M", money.ERR_OVER_MAX),
        ("5K", money.ERR_UNDER_MIN),
        ("15K", money.ERR_NOT_STEP),
        ("1.555M", money.ERR_NOT_STEP),
    ):
        table = Table()
        table.insert(GREEN, 1)
        table.type(text)
        _refused(table, message, [START] * 6)
        assert table.journal == []


def test_malformed_entries_refused_and_locked_until_c():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1.5.")
    _refused(table, money.ERR_TWO_POINTS, [START] * 6)
    table.type("5M")  # the rest of "1.5.5M" must not commit 1.55M
    _refused(table, card_bank.MSG_PRESS_C, [START] * 6)
    assert table.journal == []
    table.press("C")
    table.type("1.5M")
    assert table.balance(1) == START + 1500000


def test_m_alone_and_too_many_digits():
    table = Table()
    table.insert(GREEN, 1)
    table.type("M")
    _refused(table, money.ERR_NO_DIGITS, [START] * 6)
    table.press("C")
    table.type("123456")
    _refused(table, money.ERR_TOO_MANY_DIGITS, [START] * 6)
    assert table.view()["big"] == "12345"
    table.type("K")
    _refused(table, card_bank.MSG_PRESS_C, [START] * 6)
    assert table.journal == []


def test_payment_over_the_balance_refused():
    table = Table()
    table.insert(RED, 1)
    table.type("20M")
    table.press("C")
    table.type("20M")
    assert table.balance(1) == START  # never overdrawn: 15M < 20M
    _refused(table, ERR_NOT_ENOUGH, [START] * 6)
    table.remove(RED)
    table.insert(RED, 1)
    table.insert(GREEN, 2)
    table.type("15.01M")
    _refused(table, ERR_NOT_ENOUGH, [START] * 6)
    table.press("C")
    table.type("15M")
    assert table.balance(1) == 0 and table.balance(2) == 30000000


def test_same_card_in_both_slots_refused():
    table = Table()
    table.insert(GREEN, 1)
    table.insert(RED, 1)
    _refused(table, card_bank.MSG_SAME_CARD, [START] * 6)
    table.type("1M")
    _refused(table, card_bank.MSG_REMOVE_BAD_CARD, [START] * 6)
    table.remove(RED)
    table.type("1M")
    assert table.balance(1) == START + 1000000


def test_keys_that_mean_nothing_without_a_card():
    table = Table()
    for key in ("5", "K", "M"):
        table.clear_cues()
        table.press(key)
        _refused(table, card_view.MSG_INSERT_CARD, [START] * 6)
    table.press("X")
    _refused(table, "KEY NOT USED HERE", [START] * 6)


def test_unknown_card_refused_when_enrollment_is_closed():
    table = Table()
    table.insert(GREEN, raw_id="stranger")
    _refused(table, card_bank.MSG_UNKNOWN_CARD, [START] * 6)
    table.type("1M")
    _refused(table, card_bank.MSG_REMOVE_BAD_CARD, [START] * 6)


def test_factory_cards_take_the_lowest_free_number():
    unit = ElectronicBanking(registry=CardRegistry(6, auto_enroll=True))
    table = Table(unit=unit, enrolled=0)
    table.insert(GREEN, raw_id="04a1b2c3")
    assert table.journal[-1] == ("card", "04a1b2c3", 1)
    assert table.view()["green"] == 1
    for n in range(2, 7):
        table.remove(GREEN)
        table.insert(GREEN, raw_id="uid%d" % n)
    table.remove(GREEN)
    table.insert(GREEN, raw_id="seventh")
    _refused(table, card_bank.MSG_UNKNOWN_CARD, [START] * 6)
    table.remove(GREEN)
    table.insert(GREEN, raw_id="04a1b2c3")  # known cards keep their number
    assert table.view()["green"] == 1


def test_card_pulled_mid_entry_loses_nothing():
    table = Table()
    table.insert(RED, 1)
    table.type("75")
    table.remove(RED)
    assert table.view()["message"] == card_bank.MSG_CARD_MOVED
    assert table.balances() == [START] * 6 and table.journal == []
    table.insert(RED, 1)
    assert table.view()["big"] == "CARD 1"  # no stale digits come back
    assert table.view()["detail"] == card_bank.MSG_CARD_MOVED


def test_second_card_arriving_clears_a_half_typed_amount():
    table = Table()
    table.insert(GREEN, 1)
    table.type("3")
    table.insert(RED, 2)  # the meaning of the amount changed from credit to transfer
    assert table.view()["big"] == "CARD 2"
    table.type("5M")  # would have been a transfer of 35M, or now 5M: neither is meant
    _refused(table, card_bank.MSG_CARD_MOVED, [START] * 6)
    table.press("C")
    table.type("M")
    _refused(table, money.ERR_NO_DIGITS, [START] * 6)


def test_storage_failure_applies_nothing():
    table = Table()
    table.insert(GREEN, 1)
    table.storage_problem = "STORAGE FULL"
    table.type("1M")
    _refused(table, "STORAGE FULL", [START] * 6)
    assert "credit" not in table.cues
    table.storage_problem = None
    table.press("C")
    table.type("1M")
    assert table.balance(1) == START + 1000000


def test_nothing_is_applied_before_acknowledgement():
    unit = ElectronicBanking()
    unit.registry.apply(("card", card_id(1), 1))
    unit.card_present(GREEN, card_id(1), 0)
    unit.key_down("2", 10)
    unit.key_up("2", 20)
    unit.key_down("M", 30)
    assert unit.outbox == [("tx", 0, 1, 2000000)]
    assert unit.ledger.balance(1) == START and "credit" not in unit.cues
    try:
        unit.key_up("M", 40)
    except RuntimeError:
        pass
    else:
        raise AssertionError("an event was taken before the acknowledgement")
    unit.acknowledge(True)
    assert unit.ledger.balance(1) == START + 2000000 and "credit" in unit.take_cues()


def test_restore_rebuilds_balances_cards_and_settings():
    table = Table()
    table.insert(RED, 1)
    table.insert(GREEN, 2)
    table.type("3M")
    table.remove(GREEN)
    table.remove(RED)
    table.press(".")
    fresh = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for record in [("card", card_id(n), n) for n in range(1, 7)] + table.journal:
        fresh.restore(record)
    assert fresh.ledger.balances == table.unit.ledger.balances
    assert fresh.sound_on is False
    assert fresh.registry.number_of(card_id(2)) == 2


def test_messages_expire_back_to_the_normal_screen():
    table = Table()
    table.insert(GREEN, 1)
    table.type("M")
    assert table.view()["message"]
    table.advance(3000)
    assert table.view()["message"] == "" and table.view()["big"] == "15M"


def test_idle_screen_invites_a_card():
    view = Table().view()
    assert view["mode"] == "idle" and view["detail"] == card_view.MSG_INSERT_CARD


def test_boot_at_any_tick_value_does_not_start_in_standby():
    unit = ElectronicBanking()
    late = 70000  # a warm reboot, or a simulator, need not start its ticks near zero
    unit.tick(late)
    assert unit.view()["display_on"]
    unit.tick(late + 59000)
    assert unit.view()["display_on"]
    unit.tick(late + 60500)
    assert not unit.view()["display_on"]


def test_new_game_question_cancelled_by_c_by_a_stray_key_or_by_time():
    for answer in ("C", "wait", "card"):
        table = Table()
        table.insert(GREEN, 1)
        table.type("3M")
        table.remove(GREEN)
        table.hold("C", 2100)
        table.press("5")  # a stray key is refused, the question stays
        assert table.view()["title"] == "NEW GAME?" and "error" in table.cues
        if answer == "C":
            table.press("C")
        elif answer == "wait":
            table.advance(16000)
        else:
            table.insert(RED, 2)
        assert table.view()["mode"] != "admin"
        assert table.balance(1) == START + 3000000, answer
        assert ("new", START) not in table.journal


def test_enrolling_binds_a_card_to_a_number_after_a_guarded_entry():
    table = Table(enrolled=2)
    table.insert(GREEN, raw_id="blank-card")
    assert table.view()["message"] == card_bank.MSG_UNKNOWN_CARD  # refused before enrolling
    table.remove(GREEN)
    table.hold("K", 1500)
    assert table.view()["mode"] == "idle" and table.view()["message"] == card_view.MSG_INSERT_CARD
    table.hold("K", 3100)
    assert table.view()["title"] == "ENROLL CARDS?"
    table.press("GO")
    assert table.view()["mode"] == "enroll" and table.view()["big"] == "CARD?"
    table.insert(GREEN, raw_id="blank-card")
    assert table.view()["big"] == "NEW"
    table.press("9")
    assert table.view()["message"] == "TYPE 1-%d, THEN GO" % 6
    table.press("3")
    table.press("GO")
    assert table.journal[-1] == ("card", "blank-card", 3)
    assert table.view()["message"] == "CARD %d ENROLLED" % 3
    table.remove(GREEN)
    table.press("C")
    assert table.view()["message"] == "ENROLLING DONE"
    table.insert(RED, raw_id="blank-card")
    assert table.view()["red"] == 3


def test_re_enrolling_a_number_makes_the_old_card_unknown():
    table = Table()
    table.hold("K", 3100)
    table.press("GO")
    table.insert(GREEN, raw_id="replacement")
    table.type("2")
    table.press("GO")
    table.remove(GREEN)
    table.press("C")
    table.insert(GREEN, 2)  # the card that used to be number 2
    assert table.view()["message"] == card_bank.MSG_UNKNOWN_CARD
    assert table.balance(2) == START  # the account itself is untouched


def test_a_spare_replaces_a_lost_card_and_says_so_first():
    """Issue 28: the spare's number has a card, so GO replaces it (one record), and the
    screen says so before GO; an enrolled card is refused another number."""
    table = Table()
    table.hold("K", 3100)
    table.press("GO")
    table.insert(GREEN, raw_id="spare")
    table.type("2")
    assert table.view()["detail"] == "GO: REPLACE CARD %d" % 2
    table.press("GO")
    assert table.journal[-1] == ("card", "spare", 2)
    assert table.view()["message"] == "CARD %d REPLACED" % 2
    table.remove(GREEN)
    journal = list(table.journal)
    table.insert(GREEN, 3)  # card 3, enrolled: it may not become number 2
    table.type("2")
    assert table.view()["detail"] == "TYPE 1-%d, THEN GO" % 6  # no replacement offered
    table.press("GO")
    assert table.view()["message"] == "ALREADY CARD %d" % 3
    assert table.view()["error"]
    assert table.journal == journal  # a refused call changes nothing
    assert table.unit.registry.number_of("spare") == 2


def test_clearing_all_cards_needs_a_hold_and_a_confirm():
    table = Table()
    table.hold("K", 3100)
    table.press("GO")
    table.hold("C", 2100)
    assert table.view()["title"] == "CLEAR ALL CARDS?"
    table.press("C")  # no: back to enrolling, nothing cleared
    assert table.view()["mode"] == "enroll" and table.unit.registry.numbers
    table.hold("C", 2100)
    table.press("GO")
    assert table.unit.registry.numbers == {}
    assert table.journal[-6:] == [("uncard", n) for n in range(1, 7)]
    table.press("C")
    table.insert(GREEN, 1)
    assert table.view()["message"] == card_bank.MSG_UNKNOWN_CARD
    table.remove(GREEN)
    assert table.view()["detail"] == card_view.MSG_NO_CARDS


def test_standby_ends_enrolling():
    table = Table()
    table.hold("K", 3100)
    table.press("GO")
    table.advance(61000)
    table.press("1")
    assert table.view()["mode"] == "idle"


def test_enrolling_refuses_two_cards_at_once():
    table = Table()
    table.hold("K", 3100)
    table.press("GO")
    table.insert(GREEN, raw_id="one")
    table.insert(RED, raw_id="two")
    table.press("4")
    assert table.view()["message"] == "ONE CARD AT A TIME"
    assert ("card", "two", 4) not in table.journal


# ---- C right after a transaction takes it back (rulebook tip 3) --------------------------------


def _undone(table: Table, shown: str, balances: list, journal: int) -> None:
    view = table.view()
    assert view["message"] == "UNDONE: " + shown and view["error"] is False, view
    assert view["detail"] == "UNDONE: " + shown or view["message"]
    assert table.last_cue() == "undo", table.cues
    assert table.balances() == balances
    assert len(table.journal) == journal
    assert table.unit.ledger.invariant_holds()


def test_c_after_a_credit_takes_it_back_with_one_record_naming_it():
    table = Table()
    table.insert(GREEN, 1)
    table.type("100K")
    table.type("200K")
    table.press("C")
    _undone(table, "+200K", [START + 100000] + [START] * 5, 3)
    assert table.journal[-1] == ("undo", 2, 0, 1, 200000)  # the 2nd transaction of the game
    assert table.unit.ledger.created == 100000
    table.press("C")  # once: the 100K before it stays
    assert table.balances() == [START + 100000] + [START] * 5 and len(table.journal) == 3
    table.type("300K")  # and the unit goes on: the correct amount
    assert table.balance(1) == START + 400000


def test_c_takes_back_a_payment_a_transfer_and_a_go():
    table = Table()
    table.insert(RED, 1)
    table.type("1.5M")
    table.press("C")
    _undone(table, "-1.5M", [START] * 6, 2)
    assert table.unit.ledger.destroyed == 0
    table.insert(GREEN, 2)
    table.type("2M")
    table.press("C")
    _undone(table, "2M PAID", [START] * 6, 4)
    assert table.journal[-1] == ("undo", 2, 1, 2, 2000000)
    table.remove(RED)
    table.press("GO")
    assert table.balance(2) == START + 2000000
    table.press("C")
    _undone(table, "GO +2M", [START] * 6, 6)
    table.press("GO")  # the GO did not happen: this insertion may still collect it
    assert table.balance(2) == START + 2000000 and table.last_cue() == "go"


def test_nothing_is_undone_once_a_card_has_left():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1M")
    table.remove(GREEN)
    table.insert(GREEN, 1)
    table.press("C")
    assert table.balance(1) == START + 1000000 and len(table.journal) == 1
    assert "undo" not in table.cues
    table.insert(RED, 2)
    table.type("1M")
    table.remove(RED)  # a transfer needs both cards still in
    table.press("C")
    assert table.balances()[:2] == [START + 2000000, START - 1000000]
    assert len(table.journal) == 2 and "undo" not in table.cues


def test_c_first_clears_an_amount_being_typed_and_ends_the_undo():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1M")
    table.type("5")
    table.press("C")  # C's first meaning: the 5 is dropped
    assert table.view()["big"] == "16M" and len(table.journal) == 1
    table.press("C")  # another key came after the transaction: it stays
    assert table.balance(1) == START + 1000000 and len(table.journal) == 1
    assert "undo" not in table.cues


def test_an_undo_the_flash_refuses_changes_nothing_and_can_be_retried():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1M")
    table.storage_problem = "STORAGE FAILED"
    table.press("C")
    _refused(table, "STORAGE FAILED", [START + 1000000] + [START] * 5)
    assert len(table.journal) == 1 and "undo" not in table.cues
    table.storage_problem = None
    table.press("C")
    _undone(table, "+1M", [START] * 6, 2)


def test_an_undo_is_applied_only_on_acknowledgement_and_replays_at_boot():
    table = Table()
    table.insert(RED, 3)
    table.insert(GREEN, 4)
    table.type("3M")
    snapshot = table.unit.snapshot_records()  # a snapshot between the transaction and its undo
    unit = table.unit
    unit.key_down("C", table.now)
    unit.key_up("C", table.now + 50)
    assert unit.outbox == [("undo", 1, 3, 4, 3000000)]
    assert unit.ledger.balance(3) == START - 3000000 and "undo" not in unit.cues
    table.settle()
    assert table.balances() == [START] * 6
    for records in (table.journal, snapshot + table.journal[-1:]):
        fresh = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
        for record in records:
            fresh.restore(record)
        assert fresh.ledger.balances == unit.ledger.balances
        assert fresh.ledger.state_record() == unit.ledger.state_record()


def test_holding_c_after_a_transaction_still_asks_for_a_new_game():
    table = Table()
    table.insert(GREEN, 1)
    table.type("1M")
    table.hold("C", 2100)
    assert table.unit.question() == "NEW GAME?"
    table.press("C")  # no: the question is answered, nothing taken back
    assert table.balance(1) == START + 1000000 and len(table.journal) == 1
    table.press("C")
    assert table.balance(1) == START + 1000000 and "undo" not in table.cues


# ---- a card that comes or goes mid-entry locks the keys until C ---------------------------------


def test_a_card_out_and_in_mid_entry_locks_the_keys_until_c():
    for first, rest in (("1", ".5M"), ("1.", "5M")):
        table = Table()
        table.insert(RED, 1)
        table.type(first)
        table.remove(RED)
        assert table.view()["message"] == card_bank.MSG_CARD_MOVED
        table.insert(RED, 1)
        table.advance(1000)
        assert table.view()["big"] == "15M" and table.view()["detail"] == card_bank.MSG_CARD_MOVED
        for key in rest:
            table.clear_cues()
            table.press(key)
            _refused(table, card_bank.MSG_CARD_MOVED, [START] * 6)  # every key: an error, no digit
        assert table.journal == []
        table.press("GO")
        _refused(table, card_bank.MSG_CARD_MOVED, [START] * 6)
        table.press("C")
        assert table.view()["detail"] == "" and table.view()["message"] == ""
        table.type(rest)  # typed again from C, it means what it says
        assert table.journal == [("tx", 1, 0, 500000 if rest == ".5M" else 5000000)]


def test_an_undo_the_balances_no_longer_allow_is_refused_and_changes_nothing():
    # Cannot happen in play (nothing moves between a transaction and its C); the guard is
    # checked by moving card 2's money behind the edition's back, as a corrupt state would.
    table = Table()
    table.insert(RED, 1)
    table.insert(GREEN, 2)
    table.type("2M")
    balances = table.unit.ledger.balances  # card 2 at 17M gives 16M away: 1M left
    balances[2] -= 16000000
    for number, amount in ((3, 5000000), (4, 5000000), (5, 5000000), (6, 1000000)):
        balances[number] += amount
    before = table.balances()
    table.press("C")
    _refused(table, undo.MSG_CANNOT_UNDO, before)
    assert len(table.journal) == 1
    table.press("C")  # refused once, then gone: nothing is retried behind the player's back
    assert table.balances() == before and len(table.journal) == 1
