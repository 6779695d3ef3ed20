# The ledger: bank as counterparty, refusals, replay and the money invariant (portable).
from rules.ledger import BANK, ERR_BALANCE_LIMIT, ERR_NOT_ENOUGH, ERR_SAME_ACCOUNT, Ledger

START = 15000000


def _ledger() -> Ledger:
    return Ledger(4, START, 999990000)


def _refuses_each(ledger, records) -> None:
    """Each record is refused with ValueError (and the test then checks nothing changed)."""
    for bad in records:
        try:
            ledger.apply(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("applied %r" % (bad,))


def test_every_card_starts_at_the_start_balance():
    ledger = _ledger()
    assert [ledger.balance(n) for n in range(1, 5)] == [START] * 4
    assert ledger.invariant_holds()


def test_bank_creates_and_destroys_money():
    ledger = _ledger()
    ledger.apply(("tx", BANK, 1, 2000000))
    ledger.apply(("tx", 2, BANK, 500000))
    assert ledger.balance(1) == 17000000
    assert ledger.balance(2) == 14500000
    assert ledger.created == 2000000 and ledger.destroyed == 500000
    assert ledger.total() == 4 * START + 1500000
    assert ledger.invariant_holds()


def test_player_transfer_keeps_the_total():
    ledger = _ledger()
    ledger.apply(("tx", 3, 4, 1000000))
    assert ledger.balance(3) == 14000000 and ledger.balance(4) == 16000000
    assert ledger.total() == 4 * START
    assert ledger.invariant_holds()


def test_refusals():
    ledger = _ledger()
    assert ledger.transfer_problem(1, 2, START + 10000) == ERR_NOT_ENOUGH
    assert ledger.transfer_problem(1, 1, 10000) == ERR_SAME_ACCOUNT
    assert ledger.transfer_problem(BANK, 1, 999990000) == ERR_BALANCE_LIMIT
    assert ledger.transfer_problem(1, BANK, START) is None  # paying everything is allowed


def test_invalid_record_is_refused_and_changes_nothing():
    ledger = _ledger()
    _refuses_each(ledger, (("tx", 1, 2, START + 1), ("tx", 1, 2, 0), ("tx", 2, 2, 10), ("zz", 1)))
    assert ledger.total() == 4 * START and ledger.applied == 0


def test_invariant_detects_tampering():
    ledger = _ledger()
    ledger.balances[2] += 10000  # money that no record explains
    assert not ledger.invariant_holds()
    ledger.balances[2] -= 10000
    ledger.balances[BANK] = 5
    assert not ledger.invariant_holds()


def test_new_game_resets_balances_and_the_bank_tally():
    ledger = _ledger()
    ledger.apply(("tx", BANK, 1, 2000000))
    ledger.apply(("new", START))
    assert [ledger.balance(n) for n in range(1, 5)] == [START] * 4
    assert ledger.created == 0 and ledger.invariant_holds()


def test_replaying_records_rebuilds_the_same_state():
    live = _ledger()
    records = [("tx", BANK, 1, 2000000), ("tx", 1, 2, 3000000), ("tx", 4, BANK, 10000)]
    for record in records:
        live.apply(record)
    replayed = _ledger()
    for record in records:
        replayed.apply(record)
    assert replayed.balances == live.balances and replayed.invariant_holds()


def test_an_undo_is_the_exact_inverse_of_the_transaction_it_names():
    ledger = _ledger()
    ledger.apply(("tx", BANK, 1, 2000000))
    ledger.apply(("tx", 2, BANK, 500000))
    ledger.apply(("tx", 3, 4, 1000000))
    assert ledger.moves == 3
    before_last = (list(ledger.balances), ledger.created, ledger.destroyed)
    ledger.apply(("undo", 2, 2, BANK, 500000))
    assert ledger.balance(2) == START and ledger.destroyed == 0 and ledger.invariant_holds()
    ledger.apply(("undo", 1, BANK, 1, 2000000))
    assert ledger.balance(1) == START and ledger.created == 0 and ledger.invariant_holds()
    assert ledger.moves == 3 and before_last[1] == 2000000  # an undo is not a transaction


def test_an_undo_that_cannot_be_valid_is_refused_and_changes_nothing():
    ledger = _ledger()
    ledger.apply(("tx", 1, 2, 1000000))
    state = ledger.state_record()
    _refuses_each(
        ledger,
        (
            ("undo", 2, 1, 2, 1000000),  # names no transaction of this game
            ("undo", 0, 1, 2, 1000000),
            ("undo", 1, 1, 2, START + 2000000),  # card 2 does not hold that much
            ("undo", 1, BANK, 2, 10000),  # the bank never created money this game
            ("undo", 1, 1, 9, 10000),  # no card 9
            ("undo", 1, 1, 1, 10000),
            ("undo", 1, 1, 2, 0),
        ),
    )
    assert ledger.state_record() == state and ledger.invariant_holds()


def test_a_snapshot_keeps_the_transaction_count_and_an_old_one_loads():
    ledger = _ledger()
    ledger.apply(("tx", BANK, 1, 2000000))
    copy = _ledger()
    copy.apply(ledger.state_record())
    assert copy.moves == 1 and copy.balances == ledger.balances
    copy.apply(("undo", 1, BANK, 1, 2000000))  # an undo right after a snapshot replays
    assert copy.balance(1) == START
    old = _ledger()
    old.apply(ledger.state_record()[:5])  # written before undo existed
    assert old.moves == 0 and old.balances == ledger.balances
