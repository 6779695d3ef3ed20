# C right after a transaction takes it back (rulebook tip 3): the checks, the screen text and
# the ledger's inverse. Loaded on first use, like rules.endgame: a game in which nobody takes a
# transaction back never loads it into RAM.
from rules.ledger import BANK, ERR_NOT_ENOUGH

MSG_UNDONE = "UNDONE: %s"
MSG_NO_UNDO = "%s: NO UNDO"  # C after a payment the unit made itself (a tagged "tx")
MSG_CANNOT_UNDO = "CANNOT UNDO"  # a guard: see refusal()


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


def refusal(ledger, undo: list) -> str | None:
    """The message C gets instead of an undo ([number, payer, payee, amount, tag, was_go]),
    or None when the undo may be proposed."""
    if undo[4]:
        return MSG_NO_UNDO % undo[4].upper()
    if ledger_problem(ledger, undo[1], undo[2], undo[3]) is not None:
        return MSG_CANNOT_UNDO
    return None


def done_text(undo: list, money) -> str:
    """`UNDONE: +200K`: what was taken back, signed as the transaction's own screen said it."""
    payer, payee, shown = undo[1], undo[2], money(undo[3])
    if undo[5]:
        shown = "GO +" + shown
    elif payer == BANK:
        shown = "+" + shown
    elif payee == BANK:
        shown = "-" + shown
    else:
        shown = shown + " PAID"
    return MSG_UNDONE % shown


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
