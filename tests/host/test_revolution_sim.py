"""Revolution through the VirtualUnit API: the real firmware, board file and flash on virtual
parts and time. Keys, cards, the screen, the piezo's PWM writes and power cycles."""

import pytest
from editions.revolution import chance
from editions.revolution.edition import MUSIC_CUES, ZONE_CUES, Revolution

from drivers.piezo import Piezo
from host_sim import VirtualUnit
from peripherals.flash import PowerCut
from peripherals.piezo_recorder import audible, tones
from ui.sounds import melody_for

START = 15_000_000
SALARY = 2_000_000
BEEPS_ONLY_DUTY = Piezo.VOLUME_DUTY[1]


@pytest.fixture
def unit():
    with VirtualUnit(edition="revolution", seed=0) as made:
        yield made


def heard(unit: VirtualUnit, mark: int) -> list:
    """(start ms, freq, duty, ms) of every sound the piezo made since log index `mark`."""
    log = unit.board.piezo.log[mark:]
    if not log:
        return []
    at = log[0][0]
    notes = []
    for freq, duty, ms in tones(log, unit.clock.ms()):
        if duty:
            notes.append((at, freq, duty, ms))
        at += ms
    return notes


def cards_of(kind: str) -> list:
    return [card for card in range(chance.CARD_COUNT) if chance.kind(card) == kind]


# ---- the keypad, money and the rules' timing ---------------------------------------------------


def test_revolution_has_zone_and_deal_on_a_5x5_keypad(unit: VirtualUnit) -> None:
    assert unit.board.matrix == "5x5"
    assert {"zone", "deal", "go", "K", "M", "C", "."} <= set(unit.keys)
    with VirtualUnit() as banking:  # Electronic Banking keeps its 4x4 and has neither key
        assert banking.board.matrix == "4x4" and "zone" not in banking.keys
        assert banking.unit.edition.volume is None  # declared: no levels of its own


def test_amounts_go_jingle_and_the_guarded_new_game(unit: VirtualUnit) -> None:
    unit.insert(card=2, slot="green")
    unit.type("260K")
    unit.insert(card=3, slot="red")
    unit.type("1.5M")
    assert unit.balance(2) == START + 260_000 + 1_500_000 and unit.balance(3) == START - 1_500_000
    unit.remove("red")
    unit.sounds()
    mark = len(unit.board.piezo.log)
    unit.press("go")
    unit.advance(1)  # the whole jingle
    assert unit.balance(2) == START + 1_760_000 + SALARY
    assert unit.sounds() == ["go"]
    go_notes = [freq for freq, _ms in melody_for("go") if freq]
    assert [n[1] for n in heard(unit, mark)][-len(go_notes) :] == go_notes
    unit.remove("green")
    unit.hold("C", seconds=2.5)
    assert "NEW GAME?" in unit.screen_text()
    unit.press("go")
    assert set(unit.balances().values()) == {START}
    assert "new_game" in unit.sounds()


def test_standby_after_90_seconds_then_everything_resumes(unit: VirtualUnit) -> None:
    edition = unit.unit.edition
    get = cards_of(chance.GET)[0]
    order = chance.deck_order(77)
    edition.part.load_draws(edition.part.rng_state, 77, order.index(get))  # the next card: +500K
    unit.press("zone")
    unit.press("zone")  # a card drawn with no card in: it waits for the next card in
    unit.advance(80)
    assert "CHANCE WAITS: CARD IN" in unit.screen_text()
    unit.advance(11)
    assert unit.screen_text() == []
    unit.press("zone")  # wakes the glass only: no spin
    assert unit.screen_text() == ["MONOPOLY BANK", "----", "CHANCE WAITS: CARD IN"]


# ---- volume ------------------------------------------------------------------------------------


def a_turn(unit: VirtualUnit) -> None:
    """GO, an amount, a zone's tune and a whole auction: beeps, music and the final signal."""
    unit.insert(card=1, slot="green")
    unit.press("go")
    unit.type("20K")
    unit.remove("green")
    unit.press("zone")
    unit.press("C")
    unit.press("deal")
    unit.advance(31)


def test_volume_levels_on_the_piezo_beeps_only_has_no_music_silent_has_nothing(unit) -> None:
    unit.insert(card=1, slot="green")
    unit.sounds()
    mark = len(unit.board.piezo.log)
    unit.press("go")
    assert {note[2] for note in heard(unit, mark)} == {Piezo.VOLUME_DUTY[4]}
    unit.remove("green")
    unit.hold(".", seconds=1.0)  # one step: medium
    assert "VOLUME: MEDIUM" in unit.screen_text()
    unit.insert(card=1, slot="green")
    mark = len(unit.board.piezo.log)
    unit.type("10K")
    assert {note[2] for note in heard(unit, mark)} == {Piezo.VOLUME_DUTY[3]}
    unit.remove("green")
    unit.hold(".", seconds=1.8)  # two more steps: soft, then beeps only
    assert "VOLUME: BEEPS ONLY" in unit.screen_text()
    unit.sounds()
    mark = len(unit.board.piezo.log)
    a_turn(unit)
    played = unit.sounds()
    assert not set(played) & set(MUSIC_CUES)
    assert {"key", "card_in", "auction_tick", "signal"} <= set(played)
    notes = heard(unit, mark)
    assert {note[2] for note in notes} == {BEEPS_ONLY_DUTY}
    music = {freq for cue in MUSIC_CUES for freq, _ms in melody_for(cue)}
    beeps = {freq for cue in set(played) for freq, _ms in melody_for(cue)}
    assert {note[1] for note in notes} <= beeps and not music <= beeps
    assert unit.balance(1) == START + 2 * SALARY + 30_000
    unit.power_cycle()  # the level persists
    assert unit.unit.edition.volume == 1
    unit.advance(1)
    assert unit.unit.piezo.volume == 1
    unit.hold(".", seconds=0.9)  # the lowest level was reached: round to loud, never silent
    assert "VOLUME: LOUD" in unit.screen_text() and unit.unit.piezo.volume == 4


def test_silent_is_the_settings_menus_and_plays_nothing() -> None:
    with VirtualUnit(edition="revolution", settings={"volume": "silent"}) as unit:
        unit.sounds()
        mark = len(unit.board.piezo.log)
        a_turn(unit)
        assert unit.sounds() == [] and not audible(unit.board.piezo.log[mark:])
        assert unit.unit.piezo.volume == 0


def test_settings_report_the_volume_a_hold_of_point_set(unit: VirtualUnit) -> None:
    assert unit.settings()["volume"] == 4
    unit.hold(".", seconds=1.0)  # one step: medium
    assert "VOLUME: MEDIUM" in unit.screen_text()
    assert unit.settings()["volume"] == 3  # what the screen says, and what is heard
    unit.hold(".", seconds=1.8)
    assert "VOLUME: BEEPS ONLY" in unit.screen_text() and unit.settings()["volume"] == 1
    unit.power_cycle()
    assert unit.settings()["volume"] == 1
    unit.boot_summary = True
    unit.power_cycle()  # the summary at power-on says the level in force
    pages = []
    for _ in range(3):
        pages += unit.screen_text()
        unit.advance(2)
    assert "VOLUME     BEEPS ONLY" in pages
    unit.boot_summary = False
    unit.open_settings()  # and so does the menu
    unit.press("go")
    for _ in range(12):
        if unit.screen_text()[-1].startswith("VOLUME"):
            break
        unit.press("M")
    assert unit.screen_text()[1] == "BEEPS ONLY"
    unit.press("C")
    assert unit.unit.edition.volume == 1 and unit.settings()["volume"] == 1


# ---- Transport Zones and Chance ----------------------------------------------------------------


def spin_to(unit: VirtualUnit, icon: str) -> None:
    for _ in range(40):
        if icon in unit.screen_icons():
            return
        unit.advance(0.1)
    raise AssertionError("the symbols never showed " + icon)


def test_zone_then_zone_on_the_agreed_zone_draws_a_chance_card(unit: VirtualUnit) -> None:
    unit.insert(card=5, slot="red")
    unit.advance(1.2)
    unit.press("zone")  # the symbols start to turn: nothing to choose first
    assert unit.screen_text() == ["CARD 5 ZONE", "PEDESTRIAN", "ZONE=DRAW  C=NO"]
    assert "zone_pedestrian" in unit.screen_icons()
    spin_to(unit, "zone_car")
    unit.sounds()
    unit.press("zone")
    assert unit.sounds()[-1] == "zone_car"  # the zone's music, and the card's text scrolls
    assert unit.screen_text()[0] == "CHANCE CARD 5" and "chance" in unit.screen_icons()
    card = unit.unit.edition.part.reveal.card
    windows = []
    for _ in range(40):
        unit.advance(0.15)
        windows.append(unit.screen_text()[1])
    words = [word for word in chance.text(card).split() if len(word) > 3]
    assert all(any(word in window for window in windows) for word in words[:4])
    unit.advance(15)
    if chance.moves_money(card):
        assert "GO=APPLY" in unit.screen_text()


def test_with_no_card_in_the_draw_waits_for_the_next_card_and_go_applies_it(unit) -> None:
    edition = unit.unit.edition
    get = cards_of(chance.GET)[1]  # +1M
    order = chance.deck_order(77)
    edition.part.load_draws(edition.part.rng_state, 77, order.index(get))
    unit.press("zone")
    assert unit.screen_text() == ["TRANSPORT ZONE", "PEDESTRIAN", "ZONE=DRAW  C=NO"]
    spin_to(unit, "zone_space")
    unit.sounds()
    unit.press("zone")
    assert unit.sounds()[-1] == "zone_space"
    assert unit.screen_text()[0] == "CHANCE CARD" and "BANK PAYS YOU 1M" in unit.screen_text()
    unit.advance(20)
    unit.insert(card=4, slot="green")
    unit.advance(1.2)
    assert unit.screen_text() == ["CHANCE CARD 4", "GO=APPLY", "BANK PAYS CARD 4 1M"]
    unit.press("go")
    unit.advance(0.5)
    assert unit.balance(4) == START + 1_000_000 and "CHANCE +1M" in unit.screen_text()
    unit.power_cycle()  # applied once: nothing waits after a reboot
    unit.advance(1.5)
    unit.press("go")
    assert unit.balance(4) == START + 1_000_000 + SALARY


def test_random_chance_when_a_card_leaves_after_a_transaction(unit: VirtualUnit) -> None:
    unit.unit.edition.part.chance_percent = 100
    unit.insert(card=2, slot="green")
    unit.type("100K")
    unit.sounds()
    unit.remove("green")
    assert unit.sounds()[-1] == "chance"
    assert unit.screen_text()[0] == "CHANCE CARD 2" and "chance" in unit.screen_icons()
    unit.advance(1.5)  # the whole tune
    chance_notes = [freq for freq, _ms in melody_for("chance") if freq]
    assert chance_notes[-1] in [freq for freq, _ms in unit.tones()]


def expected_after(balances: dict, number: int, card: int) -> dict:
    kind, amount = chance.kind(card), chance.amount(card)
    after = dict(balances)
    others = [n for n in after if n != number]
    if kind == chance.TO_GO:
        after[number] += SALARY
    elif kind == chance.GET:
        after[number] += amount
    elif kind == chance.PAY:
        after[number] -= amount
    elif kind == chance.PAY_EACH:
        after[number] -= amount * len(others)
        for other in others:
            after[other] += amount
    elif kind == chance.GET_EACH:
        after[number] += amount * len(others)
        for other in others:
            after[other] -= amount
    return after


def test_each_card_of_the_deck_applies_once_and_never_twice_across_power_cycles() -> None:
    with VirtualUnit(edition="revolution", seed=21) as unit:
        unit.unit.edition.part.chance_percent = 100
        unit.insert(card=2, slot="green")
        unit.press("go")  # a transaction: the next removal draws
        expected = unit.balances()
        drawn = []
        for index in range(chance.CARD_COUNT):
            unit.remove("green")
            edition = unit.unit.edition
            card = edition.part.reveal.card
            drawn.append(card)
            assert (2 in edition.part.pending) == chance.moves_money(card)
            if index % 5 == 2:
                unit.power_cycle()  # the drawn card, waiting or not, survives
                edition = unit.unit.edition
                edition.part.chance_percent = 100
                assert (2 in edition.part.pending) == chance.moves_money(card)
                assert unit.balances() == expected
            unit.insert(card=2, slot="green")
            unit.advance(1.1)
            if chance.moves_money(card):
                # Who pays whom and how much shows before GO applies it (the text may still
                # be scrolling: GO stops it).
                assert edition.part.effect_line(2, card) in unit.screen_text()
                unit.press("go")
                unit.advance(1)  # a card paid to or by each player pays one a tick
                expected = expected_after(expected, 2, card)
                assert 2 not in edition.part.pending
            else:
                unit.press("go")  # nothing waits: GO is the salary
                expected[2] += SALARY
            assert unit.balances() == expected, (index, card, chance.text(card))
            if index % 4 == 1:
                unit.power_cycle()  # the card stays in GREEN; nothing is applied again
                unit.unit.edition.part.chance_percent = 100
                assert unit.balances() == expected
                unit.remove("green")
                unit.insert(card=2, slot="green")
                unit.press("go")  # a second GO after a reinsertion: the salary, not the card
                expected[2] += SALARY
                assert unit.balances() == expected
        assert sorted(drawn) == list(range(chance.CARD_COUNT))  # every card, each once
        assert unit.unit.edition.ledger.invariant_holds()


def test_a_power_cut_while_a_chance_card_pays_out_pays_each_player_once(tmp_path) -> None:
    """The five payments of "collect from each player" are five journal lines: a power cut at
    any write point leaves the ones made applied and the others waiting, never one twice."""
    card = cards_of(chance.GET_EACH)[0]
    amount = chance.amount(card)
    waiting_counts = set()
    # Five appends of 5 write points each: the line's write, flush and close, the mark's
    # write and close (docs/storage.md).
    for cut in range(1, 5 * 5 + 1):
        with VirtualUnit(
            edition="revolution", seed=cut, flash_dir=str(tmp_path / str(cut))
        ) as unit:
            edition = unit.unit.edition
            drawn = (
                "set",
                "chance",
                4,
                card,
                edition.part.rng_state,
                edition.part.deck_seed,
                edition.part.deck_pos,
            )
            unit.unit.store.append([drawn])  # as the draw itself writes it, ahead of showing it
            edition.restore(drawn)
            unit.insert(card=4, slot="green")
            unit.flash.cut_after(cut)
            with pytest.raises(PowerCut):
                unit.press("go")
                unit.advance(2)
            unit.parts.keypad.release("GO")  # the finger leaves the key while the power is off
            unit.flash.restore_power()
            unit.power_cycle()
            edition = unit.unit.edition
            balances = unit.balances()
            waiting = edition.part.steps(4)
            waiting_counts.add(len(waiting))
            assert balances[4] == START + amount * (5 - len(waiting))
            owed = {payer for payer, _payee, _amount in waiting}
            for other in (1, 2, 3, 5, 6):
                assert balances[other] == (START if other in owed else START - amount)
            unit.remove("green")
            unit.insert(card=4, slot="green")
            unit.press("go")  # what is still owed, or the salary if nothing is
            unit.advance(1)
            final = unit.balances()
            assert final[4] == START + 5 * amount + (0 if waiting else SALARY)
            assert [final[n] for n in (1, 2, 3, 5, 6)] == [START - amount] * 5
            assert edition.ledger.invariant_holds() and 4 not in edition.part.pending
    assert waiting_counts == {0, 1, 2, 3, 4, 5}  # the cuts fell before, between and after


def test_the_seed_decides_the_draws() -> None:
    def first_draws(seed: int) -> list:
        with VirtualUnit(edition="revolution", seed=seed) as unit:
            unit.unit.edition.part.chance_percent = 100
            cards = []
            for number in (1, 2, 3):
                unit.insert(card=number, slot="green")
                unit.press("go")
                unit.remove("green")
                cards.append(unit.unit.edition.part.reveal.card)
            return cards

    assert first_draws(4) == first_draws(4)
    assert first_draws(4) != first_draws(5)


# ---- the auction timer -------------------------------------------------------------------------


def test_auction_beeps_speed_up_and_a_final_signal_closes_it(unit: VirtualUnit) -> None:
    unit.advance(1)
    unit.sounds()
    mark = len(unit.board.piezo.log)
    unit.press("deal")
    assert unit.screen_text()[:2] == ["AUCTION", "30"]
    unit.advance(15)
    assert unit.screen_text()[1] in ("15", "14")
    unit.advance(16)
    ticks = [note[0] for note in heard(unit, mark) if note[1] == 1760 and note[3] == 40]
    gaps = [ticks[i + 1] - ticks[i] for i in range(len(ticks) - 1)]
    assert len(ticks) > 20 and gaps[0] >= 1500 and gaps[-1] <= 300
    assert all(gaps[i + 1] <= gaps[i] + 20 for i in range(len(gaps) - 1))
    played = unit.sounds()
    assert played[-1] == "auction_end" and "AUCTION CLOSED" in unit.screen_text()
    end_notes = [freq for freq, _ms in melody_for("auction_end") if freq]
    assert [note[1] for note in heard(unit, mark)][-len(end_notes) :] == end_notes


def test_deal_again_stops_the_auction_early(unit: VirtualUnit) -> None:
    unit.press("deal")
    unit.advance(5)
    unit.press("deal")
    assert "AUCTION STOPPED" in unit.screen_text()
    unit.advance(0.5)  # the confirming double beep
    unit.sounds()
    mark = len(unit.board.piezo.log)
    unit.advance(40)
    assert unit.sounds() == [] and heard(unit, mark) == []


def test_the_final_signal_is_heard_at_the_beeps_only_level(unit: VirtualUnit) -> None:
    unit.hold(".", seconds=2.5)  # loud -> medium -> soft -> beeps only
    unit.unit.edition.part.auction_ms = 5000
    unit.press("deal")
    unit.advance(6)
    played = unit.sounds()
    assert "auction_end" not in played and played[-1] == "signal"


def test_every_revolution_cue_has_a_melody() -> None:
    cues = set(MUSIC_CUES) | set(ZONE_CUES) | {"volume", "zone_step", "auction_tick", "signal"}
    assert [cue for cue in sorted(cues) if melody_for(cue) is None] == []
    assert Revolution.music_cues == MUSIC_CUES
