# C right after a transaction takes it back (rulebook tip 3): the checks, the screen text and
# the ledger's inverse. Loaded on first use, like rules.endgame: a game in which nobody takes a
# transaction back never loads it into RAM.
from compat.const import const
from rules.ledger import BANK, ERR_NOT_ENOUGH

_MSG_UNDONE = const("UNDONE: %s")
_MSG_NO_UNDO = const("%s: NO UNDO")  # C after a payment the unit made itself (a tagged "tx")
MSG_CANNOT_UNDO = "CANNOT UNDO"  # a guard: see ledger_problem()


def ledger_problem(ledger, payer: int, payee: int, amount: int) -> str | None:
    """Why transaction payer -> payee of amount cannot be taken back now, or None. Right
    after it (the only time the editions offer it) it always can: the payee still holds the
    amount, the payer goes back to a balance it had, the bank's tally still counts it."""
    problem = ledger.transfer_problem(payee, payer, amount)
    if problem is None and payer == BANK and ledger.created < amount:
        problem = ERR_NOT_ENOUGH
    if problem is None and payee == BANK and ledger.destroyed < amount:
        problem = ERR_NOT_ENOUGH
    return problem


def proposal(ledger, tx, was_go: bool, money) -> tuple:
    """(record, text) for C after tx, the ledger's last ("tx", payer, payee, amount[, tag...])
    (a GO if was_go): the undo record, naming it by its number in the game, and its
    `UNDONE: +200K` line, signed as the transaction's own screen said it; or (None, the
    refusal) for a payment the unit made itself (a "chance"-tagged record) or a guard that
    trips. Other tags name an asked payment ("lift", "fine", "bankrupt"), taken back as any."""
    payer, payee, amount = tx[1], tx[2], tx[3]
    if len(tx) > 4 and tx[4] == "chance":  # ("chance", number): a Chance card the unit paid
        return None, _MSG_NO_UNDO % tx[4].upper()  # (other tags name a payment: rules.history)
    if ledger_problem(ledger, payer, payee, amount) is not None:
        return None, MSG_CANNOT_UNDO
    shown = money(amount)
    if was_go:
        shown = "GO +" + shown
    elif payer == BANK:
        shown = "+" + shown
    elif payee == BANK:
        shown = "-" + shown
    else:
        shown = shown + " PAID"
    return ("undo", ledger.moves, payer, payee, amount), _MSG_UNDONE % shown


def apply(ledger, record: tuple) -> None:
    """("undo", number, payer, payee, amount): the exact inverse of the game's transaction
    `number`, the bank's counters included; raises ValueError for one that cannot be valid."""
    number, payer, payee, amount = record[1], record[2], record[3], record[4]
    if type(number) is not int or not 1 <= number <= ledger.moves:
        raise ValueError("undo names no transaction of this game")
    for account in (payer, payee):
        if type(account) is not int or not 0 <= account <= ledger.card_count:
            raise ValueError("undo names no account")
    if type(amount) is not int or amount <= 0 or payer == payee:
        raise ValueError("invalid undo record")
    if ledger_problem(ledger, payer, payee, amount) is not None:
        raise ValueError("undo record breaks the balances")
    if payer == BANK:
        ledger.created -= amount
    else:
        ledger.balances[payer] += amount
    if payee == BANK:
        ledger.destroyed -= amount
    else:
        ledger.balances[payee] -= amount


def take_back(ed) -> None:
    """C right after a transaction: propose its inverse; nothing changes before acknowledge."""
    was_go = ed.undo_go
    record, text = proposal(ed.ledger, ed.undo, was_go, ed.money)
    if record is None:  # a Chance payout; or a guard that cannot trip in play
        ed.undo = None
        ed.refuse(text)
        return

    def undone(record: tuple) -> None:
        if was_go:
            ed.go_done = False  # the GO did not happen: this insertion may still GO
        ed.showing_card_number = False
        ed.last_change = text
        ed.show_message(text, False)
        ed.cue("undo")

    ed.propose([record], undone)
