# Revolution edition: zones, Chance, the auction timer, volume levels, played through a Table.
# micropython-heap: 112k (Revolution rides on Electronic Banking: both editions' code, the Chance
# deck, the table and this suite keep about 72 KB live on the 64-bit unix port; 96 KB is the
# measured floor, the rest is margin for fragmentation)
from table import GREEN, RED, Table, card_id

from rules import chance, money
from rules import revolution as rv
from rules.cards import CardRegistry
from rules.revolution import Revolution

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
        unit.rng_state,
        unit.deck_seed,
        unit.deck_pos,
        sorted((n, unit.pending[n][0], list(unit.pending[n][1])) for n in unit.pending),
    )


def _give_chance(table: Table, number: int, card: int) -> None:
    """Put a Chance card in front of a player, as a draw record would (the deck's state kept)."""
    unit = table.unit
    record = ("set", "chance", number, card, unit.rng_state, unit.deck_seed, unit.deck_pos)
    unit.restore(record)
    table.journal.append(record)


def _spin_to(table: Table, zone: int) -> None:
    for _ in range(60):
        if table.unit.spin_shown == zone:
            return
        table.advance(100)
    raise AssertionError("the spin never showed zone %d" % zone)


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
    assert table.unit.pending == {}  # a new game drops every waiting Chance card


def test_standby_after_90_seconds_and_everything_resumes():
    table = _table()
    table.press("ZONE")
    table.press("GO")  # a zone round is open
    table.advance(60000)
    assert table.view()["display_on"] is True  # Electronic Banking would sleep here
    table.advance(31000)
    assert table.view()["display_on"] is False
    table.press("5")  # wakes only
    view = table.view()
    assert view["display_on"] is True and view["title"] == "ZONE: PEDESTRIAN"


# ---- volume -------------------------------------------------------------------------------------


def test_holding_point_steps_the_volume_down_to_beeps_only_and_silent():
    table = _table()
    unit = table.unit
    assert unit.volume == rv.LOUDEST and unit.music_on
    table.press(".")
    assert table.view()["message"] == "VOLUME: LOUD"
    assert unit.volume == rv.LOUDEST  # a tap only shows the level
    table.hold(".", 2500)  # steps at 0.8, 1.6 and 2.4 s
    assert unit.volume == 1 and unit.music_on is False
    assert table.view()["message"] == "VOLUME: BEEPS ONLY"
    assert table.journal[-3:] == [("set", "volume", v) for v in (3, 2, 1)]
    table.hold(".", 900)
    assert unit.volume == 0 and unit.sound_on is False
    assert table.view()["sound"] is False
    table.hold(".", 900)
    assert unit.volume == rv.LOUDEST  # from silent back to the loudest
    table.hold(".", 1700)
    assert _rebuilt(table.journal).volume == unit.volume == 2  # the level persists


def test_point_is_the_decimal_point_while_a_card_is_in():
    table = _table()
    table.insert(GREEN, 1)
    table.type("1.5M")
    assert table.balance(1) == START + 1500000
    assert table.unit.volume == rv.LOUDEST


# ---- Transport Zones ----------------------------------------------------------------------------


def test_zone_key_steps_through_the_four_zones_with_their_music_and_go_chooses():
    table = _table()
    table.clear_cues()
    names = []
    for _ in range(5):
        table.press("ZONE")
        names.append(table.view()["big"])
        assert table.view()["symbol"] == rv.ZONE_CUES[rv.ZONES.index(names[-1])]
    assert names == ["PEDESTRIAN", "CYCLIST", "CAR", "SPACE", "PEDESTRIAN"]
    assert [c for c in table.cues if c != "key"] == list(rv.ZONE_CUES) + [rv.ZONE_CUES[0]]
    table.press("ZONE")
    table.press("ZONE")
    table.press("GO")
    assert table.unit.zone_round == 2
    assert table.view()["title"] == "ZONE: CAR" and table.view()["detail"] == "CARD IN, THEN ZONE"
    table.press("ZONE")
    table.press("C")  # a new choice cancelled: the round stays
    assert table.unit.zone_round == 2 and table.view()["message"] == "ENTRY CANCELLED"
    table.press("C")  # C with no card in ends the round
    assert table.unit.zone_round is None and table.view()["message"] == "ZONE ROUND OVER"


def test_a_player_in_the_chosen_zone_stops_the_spin_on_its_symbol_and_draws():
    table = _table()
    for key in ("ZONE", "ZONE", "ZONE", "ZONE", "GO"):  # SPACE
        table.press(key)
    table.insert(GREEN, 3)
    table.press("ZONE")
    assert table.view()["mode"] == "spin" and table.view()["detail"] == "STOP AT SPACE"
    _spin_to(table, 1)
    table.clear_cues()
    table.press("ZONE")  # the cyclist symbol shows: not the chosen zone
    assert table.view()["message"] == "WAIT FOR SPACE" and "error" in table.cues
    _spin_to(table, 3)
    table.clear_cues()
    before = len(table.journal)
    table.press("ZONE")
    record = table.journal[-1]
    assert len(table.journal) == before + 1 and record[:3] == ("set", "chance", 3)
    assert table.cues[-1] == "zone_space"  # the zone's music, then the text scrolls
    view = table.view()
    assert view["title"] == "CHANCE CARD 3" and view["symbol"] == "chance"
    seen = set()
    for _ in range(30):
        table.advance(150)
        seen.add(table.view()["big"])
    text = chance.text(record[3])
    assert len(seen) > 20 and any(text[:12] in window for window in seen)
    table.remove(GREEN)
    table.insert(GREEN, 3)
    table.press("ZONE")
    assert table.view()["message"] in ("ALREADY DRAWN", "APPLY CHANCE FIRST")


def _zone_refused(table: Table, message: str) -> None:
    table.clear_cues()
    table.press("ZONE")
    assert table.view()["message"] == message and table.cues[-1] == "error"
    assert table.unit.spin_number is None and table.unit.outbox == []


def test_zone_refusals_without_a_round_with_two_cards_and_mid_entry():
    table = _table()
    table.insert(GREEN, 1)
    _zone_refused(table, "CARDS OUT TO CHOOSE")
    table.remove(GREEN)
    for key in ("ZONE", "GO"):  # the pedestrian zone is chosen
        table.press(key)
    table.insert(GREEN, 1)
    table.insert(RED, 2)
    _zone_refused(table, "ZONE: ONE CARD ONLY")
    table.remove(RED)
    table.type("5")
    _zone_refused(table, "PRESS C FIRST")
    assert table.balances() == [START] * 6


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
        card, state, seed, pos = unit._next_card(unit.rng_state)
        unit._load_draws(state, seed, pos)
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
            if 2 in table.unit.pending:
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
        sometimes.unit.pending = {}
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
            assert view["detail"] == table.unit._effect_line(number, card)
            table.press("GO")
            table.advance(1000)
            others = [n for n in range(1, 7) if n != number]
            after = table.balances()
            assert [after[i] - before[i] for i in range(6)] == _expected(card, number, others)
            assert number not in table.unit.pending
            tagged = [r for r in table.journal if len(r) > 4 and r[0] == "tx"]
            assert tagged[-1][4:] == ("chance", number)
        else:
            assert number not in table.unit.pending and view["mode"] != "chance"
        table.press("C")
        table.advance(3000)
        assert table.balances() == (after if chance.moves_money(card) else before)
        table.remove(GREEN if card % 2 else RED)
    assert table.unit.ledger.invariant_holds()


def test_effect_lines_say_who_pays_whom_and_how_much():
    unit = _unit()
    lines = [unit._effect_line(3, card) for card in range(chance.CARD_COUNT)]
    assert "BANK PAYS CARD 3 500K" in lines and "CARD 3 PAYS BANK 150K" in lines
    assert "CARD 3 PAYS EACH 100K" in lines and "EACH PAYS CARD 3 200K" in lines
    assert "BANK PAYS CARD 3 2M" in lines and "CARD 3: GO TO PRISON" in lines
    assert "CARD 3: LEAVE PRISON" in lines and "CARD 3 MOVES" in lines
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
    assert 2 in table.unit.pending
    table.press("C")
    assert table.view()["message"] == "CHANCE WAITS"
    table.press("GO")  # set aside: GO is the salary again
    assert table.balance(2) == before[1] + GO_SALARY and 2 in table.unit.pending
    table.remove(GREEN)
    table.insert(GREEN, 2)
    table.press("GO")
    table.advance(1000)
    assert 2 not in table.unit.pending
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
    assert table.unit.paying is None and table.view()["detail"] == "CHANCE +500K"
    applied = table.journal[-5:]
    assert [r[1] for r in applied] == [1, 2, 3, 5, 6] and table.balance(4) == START + 5 * amount
    for kept in range(6):  # the batch torn after `kept` whole lines
        journal = table.journal[: len(table.journal) - 5 + kept]
        unit = _rebuilt(journal)
        assert (4 in unit.pending) == (kept < 5)
        again = Table(unit=unit, enrolled=0)
        again.insert(GREEN, 4)
        if kept < 5:
            again.press("GO")  # only what is still owed is paid
            again.advance(1000)
        assert again.balance(4) == START + 5 * amount, kept
        assert again.balances() == table.balances()
        assert 4 not in unit.pending


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
    assert _state(table.unit) == state and table.unit.reveal is None
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
        ("set", "pending", 0, 1, []),
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
    assert table.view()["message"] == "AUCTION CLOSED" and table.unit.auction_at is None


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


def test_deal_while_a_zone_is_being_chosen_starts_the_auction_instead():
    table = _table()
    table.press("ZONE")
    table.press("DEAL")
    assert table.unit.zone_pick is None and table.unit.auction_at is not None
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
    assert table.view()["message"] == "STORAGE FULL" and table.unit.paying is None
    assert table.balance(4) == START + amount and len(table.unit._steps(4)) == 4
    table.storage_problem = None
    table.press("GO")
    table.advance(1000)
    assert table.balance(4) == START + 5 * amount and 4 not in table.unit.pending
    assert _state(_rebuilt(table.journal)) == _state(table.unit)


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
