# A card's whole history in one pass over the journal, oldest first (store.Store.replay): the
# export's (host_sim.history) and the tests' reference for the pages. Not loaded on the unit,
# whose pages (rules.history) read newest generation first, only as far back as they reach.
from rules.history import (
    GAP,
    MSG_GAP,
    TX,
    UNDO,
    UNDONE,
    WINDOW,
    ledger_gap,
    ledger_of,
    other_side,
)


def entries(journal, card: int, balance_now: int, first=-1, last=-1) -> tuple:
    """(count, entries): how many entries card `card` has in the current game, and those with
    chronological indexes first..last (first -1: the newest WINDOW). One pass over the journal.
    Balances are counted back from balance_now, the card's balance after the last record: the
    journal may start at a snapshot, and a game's start balance is a setting that can change.
    A journal with gap checks (Store.replay(True)) gives a GAP entry where a generation's
    records fall short of the snapshot that follows it."""
    kept: list = []
    count = 0
    balance = 0
    number = 0  # the game's transaction count, as an undo record names them
    origin = None  # the card's balance where `balance` counts from; None: not read yet
    for item in journal():
        seq, record = item[0], item[1]
        kind = record[0]
        if kind == "ledger":  # a snapshot: the transaction count where the journal starts
            number = record[5] if len(record) > 5 else 0
            origin = record[4][card] - balance
            continue
        if kind == "new":
            balance, number, kept, count = 0, 0, [], 0
            origin = record[1]
            continue
        entry = None
        if kind == "check":
            if origin is None:  # a game with no record before: from its start balance
                ledger = ledger_of(record[2])
                origin = None if ledger is None else ledger[1]
            start = None if origin is None else (origin, 0)
            amount, moves = ledger_gap(record, card, start, balance, number)
            number += moves
            if amount != 0:
                balance += amount
                entry = [seq, number, amount, MSG_GAP % record[1], balance, GAP]
        if kind == "tx":
            number += 1
            payer, payee, amount = record[1], record[2], record[3]
            if payer == card or payee == card:
                signed = amount if payee == card else -amount
                balance += signed
                entry = [seq, number, signed, other_side(record, card), balance, TX]
        elif kind == "undo":
            taken, payer, payee, amount = record[1], record[2], record[3], record[4]
            for old in kept:
                if old[1] == taken and old[5] == TX:
                    old[5] = UNDONE
            if payer == card or payee == card:
                signed = amount if payer == card else -amount
                balance += signed
                entry = [seq, taken, signed, "UNDO", balance, UNDO]
        if entry is None:
            continue
        if first < 0 or first <= count <= last:
            kept.append(entry)
            if first < 0 and len(kept) > WINDOW:
                kept.pop(0)
        count += 1
    for entry in kept:
        entry[4] = balance_now - (balance - entry[4])  # from the change since, to a balance
    return count, kept
