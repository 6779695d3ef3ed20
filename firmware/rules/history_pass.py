# A card's whole history in one pass over the journal, oldest first (store.Store.replay): the
# export's (host_sim.history) and the tests' reference for the pages. Not loaded on the unit,
# whose pages (rules.history) read newest generation first, only as far back as they reach.
from rules.history import TX, UNDO, UNDONE, WINDOW, other_side


def entries(journal, card: int, balance_now: int, first=-1, last=-1) -> tuple:
    """(count, entries): how many entries card `card` has in the current game, and those with
    chronological indexes first..last (first -1: the newest WINDOW). One pass over the journal.
    Balances are counted back from balance_now, the card's balance after the last record: the
    journal may start at a snapshot, and a game's start balance is a setting that can change."""
    kept: list = []
    count = 0
    balance = 0
    number = 0  # the game's transaction count, as an undo record names them
    for item in journal():
        seq, record = item[0], item[1]
        kind = record[0]
        if kind == "ledger":  # a snapshot: the transaction count where the journal starts
            number = record[5] if len(record) > 5 else 0
            continue
        if kind == "new":
            balance, number, kept, count = 0, 0, [], 0
            continue
        entry = None
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
