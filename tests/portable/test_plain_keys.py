# Plain keys (rules.machine.StateMachine.plain_keys): the digits (and Electronic Banking's
# point) have no hold and do nothing on release, in every state of every card edition, so the
# grammar skips both for them; their release still counts as activity.
# micropython-heap: 144k (the three card editions on the core, and the Chance deck, as in
# test_revolution.py)
from editions.classic.edition import Classic
from editions.electronic_banking.edition import ElectronicBanking
from editions.revolution.edition import Revolution
from table import GREEN, RED, Table

from rules import keys
from rules.cards import CardRegistry


def _tables() -> list:
    return [
        Table(),
        Table(unit=Classic(registry=CardRegistry(6, auto_enroll=False))),
        Table(unit=Revolution(registry=CardRegistry(6, auto_enroll=False))),
    ]


def _asked(unit):
    pay = unit.paying()
    return None if pay is None else pay.asking()


def _state(unit) -> tuple:
    return (
        unit.version,
        unit.message,
        unit.message_is_error,
        unit.entry,
        unit.entry_locked,
        unit.question(),
        _asked(unit),
        unit.card_lock,
        len(unit.cues),
        len(unit.outbox),
    )


def _check_plain_keys(table: Table, where: str) -> None:
    """Each plain key, pressed now: no hold, and its release (as the grammar ran it before
    plain keys) changes nothing."""
    unit = table.unit
    for key in unit.plain_keys:
        table.key_down(key)
        assert unit.hold_ms(key) == 0, (unit.name, where, key)
        before = _state(unit)
        unit.release(key, table.now)
        assert _state(unit) == before, (unit.name, where, key)
        table.key_up(key)


def test_plain_keys_have_no_hold_and_nothing_on_release_in_every_state():
    for table in _tables():
        unit = table.unit
        assert unit.plain_keys, unit.name
        for key in unit.plain_keys:
            assert key in keys.DIGITS or key == keys.POINT
        # A plain key skips the hold keys' checks as it goes down: it is none of them.
        for key in (
            unit.policy.enroll_key,
            unit.policy.totals_key,
            unit.policy.lift_key,
            unit.policy.history_key,
        ):
            assert key is None or key not in unit.plain_keys, (unit.name, key)
        _check_plain_keys(table, "no card")
        table.insert(GREEN, 1)
        _check_plain_keys(table, "green")  # typed, then refused past the digits allowed
        table.hold(keys.CLEAR, 3000)  # the new game question
        assert unit.question() is not None, unit.name
        _check_plain_keys(table, "question")
        table.press(keys.CLEAR)
        table.press(keys.CLEAR)
        table.insert(RED, 2)
        table.type("1")
        table.remove(RED)  # a card moved mid-entry: keys locked until C
        assert unit.card_lock is not None, unit.name
        _check_plain_keys(table, "card lock")
        table.press(keys.CLEAR)
        table.remove(GREEN)
        table.insert(RED, 2)
        if unit.policy.lift_key is not None:
            table.hold(unit.policy.lift_key, 2500)  # a mortgage to lift: its value asked
            assert unit.paying() is not None, unit.name
            _check_plain_keys(table, "lift value")


def _spy(unit, asked: list) -> None:
    """Notes every hold_ms and release the grammar asks of `unit`."""
    hold_ms = unit.hold_ms

    def spied_hold_ms(key: str) -> int:
        asked.append(key)
        return hold_ms(key)

    def spied_release(key: str, now: int) -> None:
        asked.append(("release", key))

    unit.hold_ms = spied_hold_ms
    unit.release = spied_release


def test_the_release_of_a_plain_key_asks_no_hold_and_runs_no_release():
    for table in _tables():
        unit = table.unit
        table.insert(GREEN, 1)
        asked: list = []
        _spy(unit, asked)
        table.press("5")
        assert asked == [], (unit.name, asked)
        assert unit.entry == "5", unit.name
        table.press(keys.CLEAR)  # not plain: its hold is asked and its release runs
        assert keys.CLEAR in asked and ("release", keys.CLEAR) in asked, (unit.name, asked)


def test_the_release_of_a_plain_key_counts_as_activity():
    table = Table()
    unit = table.unit
    table.insert(GREEN, 1)
    table.key_down("5")
    table.advance(20000)  # held 20 s
    table.key_up("5")
    assert unit.held_key is None
    table.advance(ElectronicBanking.standby_ms - 1000)  # 79 s after the press
    assert unit.view()["display_on"] is True
    table.advance(2000)
    assert unit.view()["display_on"] is False


def test_revolutions_point_is_not_plain_its_hold_steps_the_volume():
    table = Table(unit=Revolution(registry=CardRegistry(6, auto_enroll=False)))
    unit = table.unit
    assert keys.POINT not in unit.plain_keys
    level = unit.volume
    table.hold(keys.POINT, unit.part.volume_step_ms + 100)
    assert unit.volume != level


def test_a_key_the_shell_says_is_down_is_ignored_until_released():
    table = Table()
    table.insert(GREEN, 1)
    table.advance(1500)
    table.unit.ignore_until_released("5")  # the settings menu closed with 5 still down
    table.press("7")  # a hand on the keypad meanwhile: dropped
    assert table.unit.entry == ""
    table.key_up("5")  # its release is not seen
    assert table.unit.entry == "" and table.unit.wake_key is None
    table.press("7")
    assert table.unit.entry == "7"
