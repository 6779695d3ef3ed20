"""Random play of the Electronic Banking edition: no money is ever lost or invented."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from table import GREEN, RED, Table, card_id

from rules.cards import CardRegistry
from rules.electronic_banking import ElectronicBanking
from rules.money import format_amount

KEYS = list("0123456789.KMCX") + ["GO"]

amount_steps = st.tuples(
    st.just("type"),
    st.one_of(
        st.from_regex(r"C?[0-9]{1,3}(\.[0-9]{1,2})?[KM]", fullmatch=True),  # often refused
        st.integers(1, 2000).map(lambda steps: "C" + format_amount(steps * 10000)),  # valid
    ),
)
events = st.lists(
    st.one_of(
        st.tuples(st.just("press"), st.sampled_from(KEYS)),
        amount_steps,
        st.tuples(st.just("hold"), st.sampled_from(["C", "5"]), st.integers(100, 3000)),
        st.tuples(st.just("insert"), st.sampled_from([GREEN, RED]), st.integers(1, 7)),
        st.tuples(st.just("remove"), st.sampled_from([GREEN, RED])),
        st.tuples(st.just("wait"), st.integers(0, 70000)),
        st.tuples(st.just("storage"), st.booleans()),
    ),
    min_size=5,
    max_size=120,
)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events)
def test_random_play_keeps_every_confirmed_transaction(script: list) -> None:
    table = Table()
    table.insert(GREEN, 1)  # start mid-game so that most scripts move money
    for step in script:
        kind = step[0]
        if kind == "press":
            table.press(step[1])
        elif kind == "type":
            table.type(step[1])
        elif kind == "hold":
            table.hold(step[1], step[2])
        elif kind == "insert":
            # card 7 is not enrolled: an unknown card
            table.insert(step[1], raw_id=card_id(step[2]) if step[2] <= 6 else "stranger")
        elif kind == "remove":
            table.remove(step[1])
        elif kind == "wait":
            table.advance(step[1])
        else:
            table.storage_problem = "STORAGE FULL" if step[1] else None
        ledger = table.unit.ledger
        assert ledger.invariant_holds()
        assert all(balance >= 0 for balance in table.balances())
    event("journal records: %s" % ("none" if not table.journal else "some"))
    # Replaying the journal alone rebuilds exactly the state the unit shows.
    replayed = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for record in table.journal:
        replayed.restore(record)
    assert replayed.ledger.balances == table.unit.ledger.balances
    assert replayed.sound_on == table.unit.sound_on
