# Revolution edition: zones, Chance, the auction timer, volume levels, played through a Table.
# micropython-heap: 160k (Revolution rides on Electronic Banking: both editions' code, the Chance
# deck, the table and this suite, and the language table of the French Chance card's test, keep
# up to 128 KB live after a test on the 64-bit unix port; the rest is margin for fragmentation:
# 144k failed to find 1 KB)
from editions.revolution import chance
from editions.revolution import edition as rv
from editions.revolution.edition import Revolution
from table import GREEN, RED, Table, card_id

from rules import money
from rules.cards import CardRegistry

START = 15000000
GO_SALARY = 2000000


def _unit(**options) -> Revolution:
    return Revolution(registry=CardRegistry(6, auto_enroll=False), **options)


def _table(**options) -> Table:
    return Table(unit=_unit(**options))


def _rebuilt(journal: list, **options) -> Revolution:
    """A fresh edition after a reboot: the enrolled cards, then the journal replayed."""
    fresh = _unit(**options)
    for number in range(1, 7):
        fresh.restore(("card", card_id(number), number))
    for record in journal:
        fresh.restore(record)
    return fresh


def _state(unit: Revolution) -> tuple:
    return (
        list(unit.ledger.balances),
        unit.volume,
        unit.part.rng_state,
        unit.part.deck_seed,
        unit.part.deck_pos,
        sorted(
            (n, unit.part.pending[n][0], list(unit.part.pending[n][1])) for n in unit.part.pending
        ),
    )


def _give_chance(table: Table, number: int, card: int) -> None:
    """Put a Chance card in front of a player, as a draw record would (the deck's state kept)."""
    unit = table.unit
    record = (
        "set",
        "chance",
        number,
        card,
        unit.part.rng_state,
        unit.part.deck_seed,
        unit.part.deck_pos,
    )
    unit.restore(record)
    table.journal.append(record)


def _spin_to(table: Table, zone: int) -> None:
    for _ in range(60):
        if table.unit.part.spin.shown == zone:
            return
        table.advance(100)
    raise AssertionError("the spin never showed zone %d" % zone)


def _next_draw_is(table: Table, card: int) -> None:
    """Set the deck so that its next card is `card` (a pass's seed and a position in it)."""
    unit = table.unit
    order = chance.deck_order(12345)
    unit.part.load_draws(unit.part.rng_state, 12345, order.index(card))


def _first(kind: str) -> int:
    return [c for c in range(chance.CARD_COUNT) if chance.kind(c) == kind][0]


# ---- money, as in Electronic Banking ------------------------------------------------------------


def test_cards_start_at_15m_and_green_receives_red_pays_both_transfer():
    table = _table()
    assert table.balances() == [START] * 6
    table.insert(GREEN, 1)
    table.type("260K")
    table.remove(GREEN)
    table.insert(RED, 2)
    table.type("1.5M")
    table.insert(GREEN, 3)
    table.type("250K")
    assert table.balances()[:3] == [START + 260000, START - 1750000, START + 250000]
    assert table.journal[-1] == ("tx", 2, 3, 250000)
    table.type("25M")
    assert table.view()["message"] == "MAX 20M" and table.view()["error"] is True


def test_go_credits_2m_with_the_go_jingle_and_no_amount():
    table = _table()
    table.insert(GREEN, 4)
    table.clear_cues()
    table.press("GO")
    assert table.balance(4) == START + GO_SALARY
    assert table.cues == ["key", "go"]
    assert "go" in rv.MUSIC_CUES


def test_c_clears_the_entry_and_holding_c_then_go_starts_a_new_game():
    table = _table()
    table.insert(GREEN, 2)
    table.type("5")
    table.press("C")
    assert table.unit.entry == ""
    table.type("1M")
    _give_chance(table, 3, 0)
    table.hold("C", 2100)
    assert table.view()["title"] == "NEW GAME?"
    table.press("GO")
    assert table.balances() == [START] * 6
    assert table.last_cue() == "new_game"
    assert table.unit.part.pending == {}  # a new game drops every waiting Chance card


def test_standby_after_90_seconds_and_everything_resumes():
    table = _table()
    _give_chance(table, 3, _first(chance.GET))
    table.advance(60000)
    assert table.view()["display_on"] is True  # Electronic Banking would sleep here
    table.advance(31000)
    assert table.view()["display_on"] is False
    table.press("ZONE")  # wakes only: no spin starts
    view = table.view()
    assert view["display_on"] is True and view["detail"] == "CARD 3: CHANCE WAITS"
    assert (table.unit.part.spin and table.unit.part.spin.number) is None and view[
        "mode"
    ] == "idle"


# ---- volume -------------------------------------------------------------------------------------


def test_holding_point_steps_the_volume_down_to_beeps_only_the_lowest_level():
    table = _table()
    unit = table.unit
    assert unit.volume == rv.LOUDEST and unit.music_on
    table.press(".")
    assert table.view()["message"] == "VOLUME: LOUD"
    assert unit.volume == rv.LOUDEST  # a tap only shows the level
    table.hold(".", 2500)  # steps at 0.8, 1.6 and 2.4 s
    assert unit.volume == rv.BEEPS_ONLY and unit.music_on is False and unit.sound_on is True
    assert table.view()["message"] == "VOLUME: BEEPS ONLY"
    assert table.journal[-3:] == [("set", "volume", v) for v in (3, 2, 1)]
    table.hold(".", 900)  # beeps only is the lowest a hold reaches: round to the loudest
    assert unit.volume == rv.LOUDEST and table.view()["message"] == "VOLUME: LOUD"
    table.hold(".", 5000)  # held on and on: never silent
    levels = [r[2] for r in table.journal if r[:2] == ("set", "volume")]
    assert rv.SILENT not in levels and levels[-6:] == [3, 2, 1, 4, 3, 2]
    assert _rebuilt(table.journal).volume == unit.volume == 2  # the level persists


def test_silent_is_a_setting_and_a_hold_from_silent_goes_to_the_loudest():
    table = _table()
    unit = table.unit
    unit.restore(("set", "volume", rv.SILENT))  # as the settings menu sets it
    assert unit.sound_on is False and table.view()["sound"] is False
    table.hold(".", 900)
    assert unit.volume == rv.LOUDEST and table.journal[-1] == ("set", "volume", rv.LOUDEST)


def test_point_is_the_decimal_point_while_a_card_is_in():
    table = _table()
    table.insert(GREEN, 1)
    table.type("1.5M")
    assert table.balance(1) == START + 1500000
    assert table.unit.volume == rv.LOUDEST


# ---- Transport Zones ----------------------------------------------------------------------------


def _cues_without_keys(table: Table) -> list:
    return [c for c in table.cues if c != "key"]


def test_zone_with_no_card_in_turns_the_symbols_and_zone_again_draws_for_the_one_shown():
    table = _table()
    table.clear_cues()
    table.press("ZONE")  # no zone is told to the unit: the players agreed on it at the table
    view = table.view()
    assert view["mode"] == "spin" and view["title"] == "TRANSPORT ZONE"
    assert view["big"] == "PEDESTRIAN" and view["symbol"] == "zone_pedestrian"
    assert view["detail"] == "ZONE=DRAW  C=NO" and table.journal == []
    shown, changes = [], []
    for _ in range(25):  # 2.5 s: the symbols turn by themselves
        table.advance(100)
        if not shown or table.view()["big"] != shown[-1]:
            shown.append(table.view()["big"])
            changes.append(table.now)
    assert shown[:5] == ["PEDESTRIAN", "CYCLIST", "CAR", "SPACE", "PEDESTRIAN"]
    gaps = [changes[i + 1] - changes[i] for i in range(len(changes) - 1)]
    assert all(300 <= gap <= 500 for gap in gaps), gaps
    assert _cues_without_keys(table).count("zone_step") == len(changes) - 1
    _spin_to(table, 2)
    _next_draw_is(table, _first(chance.MOVE))
    table.clear_cues()
    table.press("ZONE")  # the car symbol shows: a Chance card for the car zone
    assert table.journal[-1][:4] == ("set", "chance", 0, _first(chance.MOVE))
    assert table.cues[-1] == "zone_car"  # the zone's music, then the text scrolls
    view = table.view()
    assert view["title"] == "CHANCE CARD" and view["symbol"] == "chance"
    assert (
        view["detail"] == "MOVE YOUR PAWN"
        and (table.unit.part.spin and table.unit.part.spin.number) is None
    )
    seen = set()
    for _ in range(30):
        table.advance(150)
        seen.add(table.view()["big"])
    text = chance.text(_first(chance.MOVE))
    assert len(seen) > 20 and any(text[:12] in window for window in seen)
    assert table.unit.part.pending == {}  # a card that moves no money is only told


def test_with_a_card_in_zone_zone_draws_for_that_player_without_choosing_first():
    table = _table()
    table.insert(RED, 3)
    table.advance(1100)
    table.press("ZONE")  # no zone chosen beforehand: the symbols turn at once
    view = table.view()
    assert view["mode"] == "spin" and view["title"] == "CARD 3 ZONE"
    _spin_to(table, 3)
    table.clear_cues()
    table.press("ZONE")
    record = table.journal[-1]
    assert record[:3] == ("set", "chance", 3) and table.cues[-1] == "zone_space"
    assert table.view()["title"] == "CHANCE CARD 3"
    assert table.balances() == [START] * 6  # a money card waits for GO


def _scrolled(table: Table, card: int) -> list:
    """Card 3 draws `card` in a zone: the windows its text scrolls through (one a step), then
    the view that follows them."""
    table.insert(RED, 3)
    table.advance(1100)
    _next_draw_is(table, card)
    table.press("ZONE")
    table.press("ZONE")
    reveal = table.unit.part.reveal
    scrolls = len(reveal.text or chance.text(card))  # (English: read from the deck)
    windows = []
    while reveal.step <= scrolls - 1:  # (then its label)
        big = table.view()["big"]
        if not windows or windows[-1] != big:
            windows.append(big)
        table.advance(50)
    return windows + [table.view()]


def test_a_french_units_chance_card_scrolls_its_french_text_accented_capitals_and_all():
    # The edition is given the screen's language (app.build): the card's text is translated
    # whole as it is drawn, then cut 21 characters at a time, by characters, not bytes.
    from lang_rig import TableFS, table_bytes

    from ui.lang import Table as Language

    card = _first(chance.GET)
    english = chance.text(card)
    assert english == "YOUR BIKE REPAIR SHOP MAKES A PROFIT: COLLECT 500K"
    key = english.replace("500K", "#")
    french = "VOTRE ATELIER DE VÉLOS FAIT DES BÉNÉFICES: RECEVEZ 500K"
    entries = {key: french.replace("500K", "#")}
    shown = {}
    for code in ("en", "fr"):
        table = _table()
        if code == "fr":
            table.unit.lang = Language(TableFS({"fr.tbl": table_bytes(entries)}), "fr")
        assert (table.unit.lang is None) == (code == "en")
        *windows, after = _scrolled(table, card)
        assert all(len(window) == 21 for window in windows)
        # each step brings in one character at the right: the text, whole and in order
        assert "".join(window[-1] for window in windows) == (english if code == "en" else french)
        assert windows[0] == " " * 20 + windows[0][-1]
        assert after["big"] == "+500K"  # then the label
        shown[code] = windows
    assert shown["en"][-1] == " PROFIT: COLLECT 500K"
    assert shown["fr"][-1] == "NÉFICES: RECEVEZ 500K"
    assert "VOTRE ATELIER DE VÉLO" in shown["fr"]  # 21 characters, 22 bytes
    assert len(shown["fr"]) == len(french) > len(shown["en"])  # it scrolls for as long as it is


def test_a_money_card_drawn_with_no_card_in_waits_for_the_next_card_and_go_applies_it_once():
    table = _table(chance_percent=0)
    get = _first(chance.GET)
    _next_draw_is(table, get)
    table.press("ZONE")
    table.press("ZONE")  # pedestrian, at once
    assert table.journal[-1][:4] == ("set", "chance", 0, get)
    assert table.view()["detail"] == "BANK PAYS YOU 500K"
    table.advance(20000)  # the text has scrolled by
    assert table.view()["detail"] == "CHANCE WAITS: CARD IN"
    _zone_refused(table, "CHANCE WAITS: CARD IN")  # one such card at a time
    table.insert(GREEN, 2)
    table.advance(1100)
    view = table.view()
    assert view["title"] == "CHANCE CARD 2" and view["big"] == "GO=APPLY"
    assert view["detail"] == "BANK PAYS CARD 2 500K"
    table.press("GO")
    table.advance(500)
    assert table.journal[-2:] == [("set", "claim", 2), ("tx", 0, 2, 500000, "chance", 2)]
    assert table.balance(2) == START + 500000 and table.unit.part.pending == {}
    assert table.view()["detail"] == "CHANCE +500K"
    table.remove(GREEN)
    table.insert(GREEN, 2)
    table.press("GO")  # the salary now: the card applied once
    assert table.balance(2) == START + 500000 + GO_SALARY
    assert _state(_rebuilt(table.journal)) == _state(table.unit)
    torn = _rebuilt(table.journal[:-2])  # a power cut after the claim, before the payment
    assert torn.part.pending == {2: [get, []]}
    again = Table(unit=torn, enrolled=0)
    again.insert(GREEN, 2)
    again.press("GO")
    again.advance(500)
    assert again.balance(2) == START + 500000 and torn.part.pending == {}


def test_a_card_drawn_with_no_card_in_is_claimed_only_when_it_can_be_paid():
    table = _table(chance_percent=0)
    pay_each = _first(chance.PAY_EACH)
    table.insert(RED, 4)
    table.type("14.8M")  # card 4 keeps 200K: not enough to pay 5 players 100K
    table.remove(RED)
    _next_draw_is(table, pay_each)
    table.press("ZONE")
    table.press("ZONE")
    assert table.view()["detail"] == "YOU PAY EACH 100K"
    table.insert(GREEN, 4)
    table.advance(1100)
    before = (table.balances(), len(table.journal))
    table.press("GO")
    assert table.view()["message"] == "NOT ENOUGH MONEY" and table.cues[-1] == "error"
    assert (table.balances(), len(table.journal)) == before and 0 in table.unit.part.pending
    table.press("C")  # set aside: GO is the salary again, the card keeps waiting
    table.press("GO")
    assert table.balance(4) == 200000 + GO_SALARY and 0 in table.unit.part.pending
    table.remove(GREEN)
    table.insert(GREEN, 1)
    table.advance(1100)
    table.press("GO")
    table.advance(1000)
    assert table.balance(1) == START - 500000 and table.unit.part.pending == {}
    assert [r[1:3] for r in table.journal[-5:]] == [(1, n) for n in (2, 3, 4, 5, 6)]
    assert table.unit.ledger.invariant_holds()


def _zone_refused(table: Table, message: str) -> None:
    table.clear_cues()
    before = list(table.journal)
    table.press("ZONE")
    assert table.view()["message"] == message and table.cues[-1] == "error"
    assert (
        table.unit.part.spin and table.unit.part.spin.number
    ) is None and table.unit.outbox == []
    assert table.journal == before


def test_zone_refusals_with_two_cards_mid_entry_during_an_auction_and_a_card_waiting():
    table = _table()
    table.insert(GREEN, 1)
    table.insert(RED, 2)
    _zone_refused(table, "ZONE: ONE CARD ONLY")
    table.remove(RED)
    table.type("5")
    _zone_refused(table, "PRESS C FIRST")
    assert table.unit.entry == "5"  # the amount being typed is kept
    table.press("C")
    table.remove(GREEN)
    table.press("DEAL")
    _zone_refused(table, "AUCTION RUNNING")
    assert table.unit.part.auction is not None  # the timer runs on
    table.press("DEAL")
    _give_chance(table, 5, _first(chance.PAY))
    table.insert(GREEN, 5)
    _zone_refused(table, "APPLY CHANCE FIRST")
    assert table.balances() == [START] * 6


def test_during_a_spin_only_zone_c_and_deal_act_and_a_card_moved_ends_it():
    table = _table()
    table.press("ZONE")
    for key in ("5", "GO", "M", "."):
        table.clear_cues()
        table.press(key)
        assert table.view()["message"] == "ZONE=DRAW  C=NO" and "error" in table.cues
        assert (table.unit.part.spin and table.unit.part.spin.number) == 0
    table.press("C")
    assert (table.unit.part.spin and table.unit.part.spin.number) is None and table.view()[
        "message"
    ] == "NOTHING DRAWN"
    table.press("ZONE")
    table.press("DEAL")  # the other choice on a zone square: the auction instead
    assert (table.unit.part.spin and table.unit.part.spin.number) is None and table.view()[
        "title"
    ] == "AUCTION"
    table.press("DEAL")
    table.press("ZONE")
    table.insert(GREEN, 1)  # whose draw it would be has changed: nothing is drawn
    assert (table.unit.part.spin and table.unit.part.spin.number) is None and table.view()[
        "title"
    ] == "CARD 1 RECEIVES"
    table.press("ZONE")
    table.remove(GREEN)
    assert (table.unit.part.spin and table.unit.part.spin.number) is None
    table.press("ZONE")
    table.advance(20100)  # nobody stopped it
    assert (table.unit.part.spin and table.unit.part.spin.number) is None and table.view()[
        "message"
    ] == "NOTHING DRAWN"
    assert [r for r in table.journal if r[:2] == ("set", "chance")] == []
    assert table.balances() == [START] * 6


def test_a_spin_is_not_kept_over_a_reboot_and_a_full_flash_draws_nothing():
    table = _table()
    table.press("ZONE")
    table.advance(700)
    assert _rebuilt(table.journal).part.spin is None  # nothing of a spin is on flash
    state = _state(table.unit)
    table.storage_problem = "STORAGE FULL"
    table.press("ZONE")
    assert table.view()["message"] == "STORAGE FULL" and table.unit.part.reveal is None
    assert _state(table.unit) == state  # the deck did not move
    table.storage_problem = None
    table.press("ZONE")
    assert table.journal[-1][:3] == ("set", "chance", 0)


def test_a_waiting_card_drawn_with_no_card_in_survives_snapshots_and_bad_claims_are_refused():
    table = _table(chance_percent=0)
    _next_draw_is(table, _first(chance.GET_EACH))
    table.press("ZONE")
    table.press("ZONE")
    unit = _unit()
    for record in table.unit.snapshot_records():
        unit.restore(record)
    assert _state(unit) == _state(table.unit) and 0 in unit.part.pending
    for bad in (("set", "claim", 0), ("set", "claim", 7), ("set", "pending", -1, 0, [])):
        try:
            unit.restore(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (bad,))
    unit.restore(("set", "claim", 2))
    assert unit.part.pending == {2: [_first(chance.GET_EACH), []]}
    try:
        unit.restore(("set", "claim", 3))  # nothing left to claim
    except ValueError:
        return
    raise AssertionError("a second claim was accepted")


# ---- Chance cards -------------------------------------------------------------------------------


def test_the_deck_has_24_cards_or_more_of_every_kind_and_shuffles_each_pass():
    assert chance.CARD_COUNT >= 24
    kinds = {chance.kind(card) for card in range(chance.CARD_COUNT)}
    assert kinds == set(chance.MONEY_KINDS + (chance.PRISON, chance.FREE, chance.MOVE))
    for card in range(chance.CARD_COUNT):
        assert chance.text(card) == chance.text(card).upper()
        if chance.moves_money(card) and chance.kind(card) != chance.TO_GO:
            assert chance.amount(card) >= 10000 and chance.amount(card) % 10000 == 0
        else:
            assert chance.amount(card) == 0
    unit = _unit(seed=7)
    drawn = []
    for _ in range(2 * chance.CARD_COUNT):
        card, state, seed, pos = unit.part.next_card(unit.part.rng_state)
        unit.part.load_draws(state, seed, pos)
        drawn.append(card)
    size = chance.CARD_COUNT
    assert sorted(drawn[:size]) == list(range(size)) == sorted(drawn[size:])
    assert drawn[:size] != drawn[size:]  # a new order on the second pass


def test_the_prng_is_seeded_and_a_reboot_neither_replays_nor_skips_a_draw():
    def draws(table: Table, count: int) -> list:
        cards = []
        for _ in range(count):
            table.insert(GREEN, 2)
            table.press("GO")
            table.remove(GREEN)  # a card leaves after a transaction: a Chance card at once
            cards.append(table.journal[-1][3])
            if 2 in table.unit.part.pending:
                table.insert(GREEN, 2)
                table.press("GO")
                table.advance(1000)  # a card paid to or by each player pays one a tick
                table.remove(GREEN)
                cards.append(table.journal[-1][3])
        return cards

    whole = draws(_table(chance_percent=100, seed=5), 6)
    other = draws(_table(chance_percent=100, seed=6), 6)
    assert whole != other
    first = _table(chance_percent=100, seed=5)
    part = draws(first, 3)
    again = Table(unit=_rebuilt(first.journal, chance_percent=100, seed=99), enrolled=0)
    again.journal = list(first.journal)
    part += draws(again, 6)
    assert part[: len(whole)] == whole


def test_random_chance_now_and_then_when_a_card_leaves_after_a_transaction():
    table = _table(chance_percent=100)
    table.insert(GREEN, 1)
    table.remove(GREEN)  # no transaction: no roll, nothing written
    assert table.journal == []
    table.insert(GREEN, 1)
    table.type("100K")
    table.clear_cues()
    table.remove(GREEN)
    record = table.journal[-1]
    assert record[:3] == ("set", "chance", 1)
    assert table.cues[-1] == "chance"
    assert table.view()["symbol"] == "chance" and table.view()["title"] == "CHANCE CARD 1"
    never = _table(chance_percent=0)
    never.insert(GREEN, 1)
    never.type("100K")
    never.remove(GREEN)
    assert never.journal == [("tx", 0, 1, 100000)]
    sometimes = _table(chance_percent=25, seed=3)
    for _ in range(32):
        sometimes.insert(RED, 2)
        sometimes.type("10K")
        sometimes.remove(RED)
        sometimes.unit.part.pending = {}
        sometimes.clear_cues()
    kinds = [r[1] for r in sometimes.journal if r[0] == "set"]
    assert len(kinds) == 32 and 3 <= kinds.count("chance") <= 16  # seeded: about one in four


def _expected(card: int, number: int, others: list) -> list:
    kind, amount = chance.kind(card), chance.amount(card)
    delta = [0] * 7
    if kind == chance.TO_GO:
        delta[number] = GO_SALARY
    elif kind == chance.GET:
        delta[number] = amount
    elif kind == chance.PAY:
        delta[number] = -amount
    elif kind == chance.PAY_EACH:
        delta[number] = -amount * len(others)
        for other in others:
            delta[other] = amount
    elif kind == chance.GET_EACH:
        delta[number] = amount * len(others)
        for other in others:
            delta[other] = -amount
    return delta[1:]


def test_every_card_of_the_deck_applies_once_through_the_ledger():
    table = _table(chance_percent=0)
    for card in range(chance.CARD_COUNT):
        number = 1 + card % 6
        before = table.balances()
        _give_chance(table, number, card)
        table.insert(GREEN if card % 2 else RED, number)
        table.advance(1100)
        view = table.view()
        if chance.moves_money(card):
            assert view["big"] == "GO=APPLY" and view["title"] == "CHANCE CARD %d" % number
            assert view["detail"] == table.unit.part.effect_line(number, card)
            table.press("GO")
            table.advance(1000)
            others = [n for n in range(1, 7) if n != number]
            after = table.balances()
            assert [after[i] - before[i] for i in range(6)] == _expected(card, number, others)
            assert number not in table.unit.part.pending
            tagged = [r for r in table.journal if len(r) > 4 and r[0] == "tx"]
            assert tagged[-1][4:] == ("chance", number)
        else:
            assert number not in table.unit.part.pending and view["mode"] != "chance"
        table.press("C")
        table.advance(3000)
        assert table.balances() == (after if chance.moves_money(card) else before)
        table.remove(GREEN if card % 2 else RED)
    assert table.unit.ledger.invariant_holds()


def test_effect_lines_say_who_pays_whom_and_how_much():
    unit = _unit()
    lines = [unit.part.effect_line(3, card) for card in range(chance.CARD_COUNT)]
    assert "BANK PAYS CARD 3 500K" in lines and "CARD 3 PAYS BANK 150K" in lines
    assert "CARD 3 PAYS EACH 100K" in lines and "EACH PAYS CARD 3 200K" in lines
    assert "BANK PAYS CARD 3 2M" in lines and "CARD 3: GO TO PRISON" in lines
    assert "CARD 3: LEAVE PRISON" in lines and "CARD 3 MOVES" in lines
    lines += [unit.part.effect_line(0, card) for card in range(chance.CARD_COUNT)]
    assert "BANK PAYS YOU 500K" in lines and "YOU PAY THE BANK 2M" in lines
    assert max(len(line) for line in lines) <= 21


def test_a_chance_that_cannot_be_paid_waits_and_c_sets_it_aside_for_salary():
    table = _table(chance_percent=0)
    pay_each = [c for c in range(chance.CARD_COUNT) if chance.kind(c) == chance.PAY_EACH][0]
    table.insert(RED, 2)
    table.type("14.8M")  # card 2 keeps 200K: not enough to pay 5 players
    table.remove(RED)
    _give_chance(table, 2, pay_each)
    table.insert(GREEN, 2)
    before = table.balances()
    table.press("GO")
    assert table.view()["message"] == "NOT ENOUGH MONEY" and table.balances() == before
    assert 2 in table.unit.part.pending
    table.press("C")
    assert table.view()["message"] == "CHANCE WAITS"
    table.press("GO")  # set aside: GO is the salary again
    assert table.balance(2) == before[1] + GO_SALARY and 2 in table.unit.part.pending
    table.remove(GREEN)
    table.insert(GREEN, 2)
    table.press("GO")
    table.advance(1000)
    assert 2 not in table.unit.part.pending
    assert table.balance(2) == before[1] + GO_SALARY - 5 * chance.amount(pay_each)


def test_a_power_cut_mid_payment_settles_each_counterpart_exactly_once():
    get_each = [c for c in range(chance.CARD_COUNT) if chance.kind(c) == chance.GET_EACH][0]
    amount = chance.amount(get_each)
    table = _table()
    _give_chance(table, 4, get_each)
    table.insert(GREEN, 4)
    table.press("GO")
    assert table.view()["big"] == "+" + money.format_amount(amount)  # paying out
    table.advance(1000)
    assert table.unit.part.paying is None and table.view()["detail"] == "CHANCE +500K"
    applied = table.journal[-5:]
    assert [r[1] for r in applied] == [1, 2, 3, 5, 6] and table.balance(4) == START + 5 * amount
    for kept in range(6):  # the batch torn after `kept` whole lines
        journal = table.journal[: len(table.journal) - 5 + kept]
        unit = _rebuilt(journal)
        assert (4 in unit.part.pending) == (kept < 5)
        again = Table(unit=unit, enrolled=0)
        again.insert(GREEN, 4)
        if kept < 5:
            again.press("GO")  # only what is still owed is paid
            again.advance(1000)
        assert again.balance(4) == START + 5 * amount, kept
        assert again.balances() == table.balances()
        assert 4 not in unit.part.pending


def test_a_waiting_chance_survives_a_reboot_and_snapshots_rebuild_the_state():
    table = _table(chance_percent=100, seed=11)
    table.press(".")
    table.hold(".", 900)
    for number in (1, 2, 3):
        table.insert(GREEN, number)
        table.press("GO")
        table.remove(GREEN)
    rebuilt = _rebuilt(table.journal)
    assert _state(rebuilt) == _state(table.unit)
    from_snapshot = _unit()
    for record in table.unit.snapshot_records():
        from_snapshot.restore(record)
    assert _state(from_snapshot) == _state(table.unit)
    assert from_snapshot.registry.numbers == table.unit.registry.numbers


def test_nothing_is_applied_before_acknowledgement_and_a_refused_write_changes_nothing():
    table = _table(chance_percent=100)
    table.insert(GREEN, 1)
    table.press("GO")
    state = _state(table.unit)
    table.storage_problem = "STORAGE FULL"
    table.remove(GREEN)
    assert _state(table.unit) == state and table.unit.part.reveal is None
    table.storage_problem = None
    unit = table.unit
    unit.card_present(GREEN, card_id(1), table.now)
    table.settle()
    unit.key_down("GO", table.now)
    assert unit.outbox and unit.ledger.balance(1) == START + GO_SALARY
    unit.acknowledge(True)
    assert unit.ledger.balance(1) == START + 2 * GO_SALARY


def test_restore_refuses_records_that_cannot_be_valid():
    unit = _unit()
    for bad in (
        ("set", "volume", 9),
        ("set", "chance", 7, 0, 1, 1, 1),
        ("set", "chance", 1, 99, 1, 1, 1),
        ("set", "draws", 0, 1, 1),
        ("set", "draws", 5, 1, 999),
        ("set", "pending", 0, 1, [2]),
        ("set", "pending", 9, 1, []),
        ("set", "claim", 1),
    ):
        try:
            unit.restore(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (bad,))


# ---- the auction timer --------------------------------------------------------------------------


def test_deal_starts_the_auction_beeps_speed_up_and_a_final_signal_closes_it():
    table = _table(auction_ms=30000)
    table.press("DEAL")
    assert table.view()["title"] == "AUCTION" and table.view()["big"] == "30"
    beeps = []
    for step in range(310):
        table.clear_cues()
        table.advance(100)
        if "auction_tick" in table.cues:
            beeps.append(table.now)
        if "auction_end" in table.cues:
            assert table.cues[-2:] == ["signal", "auction_end"]
            break
        if step == 150:
            assert table.view()["big"] in ("15", "14")
    else:
        raise AssertionError("the auction never closed")
    gaps = [beeps[i + 1] - beeps[i] for i in range(len(beeps) - 1)]
    assert gaps[0] >= 1500 and gaps[-1] <= 300
    assert all(gaps[i + 1] <= gaps[i] for i in range(len(gaps) - 1))
    assert table.view()["message"] == "AUCTION CLOSED" and table.unit.part.auction is None


def test_deal_again_stops_the_auction_early():
    table = _table(auction_ms=10000)
    table.press("DEAL")
    table.advance(3000)
    table.press("DEAL")
    assert table.view()["message"] == "AUCTION STOPPED"
    table.clear_cues()
    table.advance(12000)
    assert "auction_tick" not in table.cues and "auction_end" not in table.cues


def test_no_standby_while_the_auction_runs():
    table = _table(auction_ms=120000)
    table.press("DEAL")
    table.advance(100000)
    assert table.view()["display_on"] is True


def test_deal_while_the_zone_symbols_turn_starts_the_auction_instead():
    table = _table()
    table.press("ZONE")
    table.press("DEAL")
    assert (
        table.unit.part.spin and table.unit.part.spin.number
    ) is None and table.unit.part.auction is not None
    assert table.view()["title"] == "AUCTION"


def test_a_full_flash_mid_payout_stops_it_and_the_rest_waits_for_the_next_go():
    get_each = [c for c in range(chance.CARD_COUNT) if chance.kind(c) == chance.GET_EACH][0]
    amount = chance.amount(get_each)
    table = _table(chance_percent=0)
    _give_chance(table, 4, get_each)
    table.insert(GREEN, 4)
    table.key_down("GO")  # the first payment is written with the key press
    table.storage_problem = "STORAGE FULL"
    table.key_up("GO")
    table.advance(300)  # the next one is refused: paying stops there
    assert table.view()["message"] == "STORAGE FULL" and table.unit.part.paying is None
    assert table.balance(4) == START + amount and len(table.unit.part.steps(4)) == 4
    table.storage_problem = None
    table.press("GO")
    table.advance(1000)
    assert table.balance(4) == START + 5 * amount and 4 not in table.unit.part.pending
    assert _state(_rebuilt(table.journal)) == _state(table.unit)


def test_the_settings_follow_the_volume_level_a_hold_of_point_journaled():
    from editions.electronic_banking.edition import ElectronicBanking

    from rules import settings as schema

    settings = schema.Settings("revolution", ("electronic_banking", "revolution"))
    table = _table()
    schema.apply_attributes(settings, table.unit)
    table.hold(".", 2500)  # down to beeps only, journaled as game state
    assert settings.get(schema.VOLUME) == rv.LOUDEST  # the settings' level, out of date
    schema.follow_edition(settings, table.unit)
    assert settings.get(schema.VOLUME) == rv.BEEPS_ONLY
    assert ("setting", schema.VOLUME, 1) in settings.state_records()  # saved with the next
    banking = schema.Settings("electronic_banking", ("electronic_banking", "revolution"))
    schema.follow_edition(banking, ElectronicBanking())  # no volume levels of its own
    assert banking.get(schema.VOLUME) == 3 and schema.VOLUME not in banking.values
    schema.follow_edition(banking, table.unit)  # another edition's level is not taken
    assert schema.VOLUME not in banking.values


# ---- C right after a transaction takes it back; a card moved mid-entry locks the keys ---------


def test_c_takes_back_an_amount_and_a_go_but_not_a_chance_payout():
    table = _table(chance_percent=0)
    table.insert(RED, 1)
    table.insert(GREEN, 2)
    table.type("2M")
    table.press("C")
    assert table.view()["message"] == "UNDONE: 2M PAID" and table.last_cue() == "undo"
    assert table.balances() == [START] * 6 and table.journal[-1] == ("undo", 1, 1, 2, 2000000)
    table.remove(RED)
    table.press("GO")
    table.press("C")
    assert table.view()["message"] == "UNDONE: GO +2M" and table.balances() == [START] * 6
    table.remove(GREEN)
    get = [c for c in range(chance.CARD_COUNT) if chance.kind(c) == chance.GET][0]
    _give_chance(table, 3, get)
    table.insert(GREEN, 3)
    table.advance(1100)
    table.press("GO")
    table.advance(1000)
    paid = table.balances()
    assert paid[2] == START + chance.amount(get)
    table.press("C")  # the unit paid the Chance card, nobody typed it: it stays
    assert table.view()["message"] == "CHANCE: NO UNDO" and table.last_cue() == "error"
    assert table.balances() == paid and table.journal[-1][4:] == ("chance", 3)
    assert _state(_rebuilt(table.journal)) == _state(table.unit)


def test_a_card_out_and_in_mid_entry_locks_the_keys_until_c():
    table = _table(chance_percent=0)
    table.insert(RED, 1)
    table.type("1.")
    table.remove(RED)
    table.insert(RED, 1)
    table.type("5M")
    assert table.view()["message"] == "CARD MOVED: PRESS C" and table.last_cue() == "error"
    assert table.journal == [] and table.balances() == [START] * 6
    table.press("C")
    table.type("5M")
    assert table.journal == [("tx", 1, 0, 5000000)]
