# Money for the K/M editions: keypad entry parsing, 5-digit display formatting, operation limits,
# and the card core's money policy for them (Millions). Amounts are ints in currency units
# (15M == 15_000_000); no float ever touches money. Loaded by the K/M editions alone: a Classic
# or Banker game (rules.whole_units) never loads it.
from compat.const import const
from rules import keys
from rules.ledger import (  # (every policy's errors: named here too, as they were)
    ERR_BAD_CHAR,
    ERR_NO_DIGITS,
    ERR_TOO_MANY_DIGITS,
    EntryError,
)

K = const(1000)
M = const(1000000)

MIN_OPERATION = const(10000)  # rulebook: the smallest single operation is 10K
MAX_OPERATION = const(20000000)  # rulebook: the largest single operation is 20M
_OPERATION_STEP = const(10000)  # every printed amount is a multiple of 10K
_MAX_ENTRY_DIGITS = const(5)  # the original's screen fits 5 digits
_MAX_DISPLAY_DIGITS = const(5)
MAX_BALANCE = const(999990000)  # largest balance "999.99M" still shown exactly in 5 digits

# Messages are short enough for one line of the small font (21 columns).
ERR_TWO_POINTS = "ONE POINT ONLY"
ERR_POINT_LAST = "DIGIT AFTER POINT"
ERR_TOO_PRECISE = "TOO PRECISE"
ERR_UNDER_MIN = "MIN 10K"
ERR_OVER_MAX = "MAX 20M"
ERR_NOT_STEP = "STEPS OF 10K ONLY"
MSG_LIFT_VALUE = "MORTGAGE VALUE, K/M"  # what the lift asks for (Millions.lift_value_help)


def entry_problem(body: str, complete: bool = False) -> str | None:
    """The first problem in the digits-and-point part of an entry, or None.

    With complete=False the text is a prefix still being typed: no digits yet and a trailing
    point are fine. Checks run left to right so the keystroke that broke the entry is named.
    """
    digits = 0
    points = 0
    # Byte codes, not characters: on MicroPython each character read from a str is a lookup
    # among every interned string. A character beyond ASCII is bad at its first byte.
    for code in body.encode():
        if code == 46:  # "."
            points += 1
            if points > 1:
                return ERR_TWO_POINTS
        elif code >= 48 and code <= 57:  # "0".."9" (unchained: keeps the frame in 11 words)
            digits += 1
            if digits > _MAX_ENTRY_DIGITS:
                return ERR_TOO_MANY_DIGITS
        else:
            return ERR_BAD_CHAR
    if complete:
        if digits == 0:
            return ERR_NO_DIGITS
        if body.endswith("."):  # (body[-1] would intern the last digit: a name for good)
            return ERR_POINT_LAST
    return None


def parse_amount(text: str) -> int:
    """'260K' -> 260000, '1.5M' -> 1500000, '750' -> 750; raises EntryError."""
    unit = 1
    body = text
    if text.endswith("K") or text.endswith("M"):  # (no 1-character str cut from the text)
        unit = K if text.endswith("K") else M
        body = text[:-1]
    problem = entry_problem(body, True)
    if problem is not None:
        raise EntryError(problem)
    point = body.find(".")
    if point < 0:
        return int(body) * unit
    fraction = body[point + 1 :]
    scaled = int(body[:point] + fraction) * unit
    divisor = 10 ** len(fraction)
    if scaled % divisor:
        raise EntryError(ERR_TOO_PRECISE)  # finer than one currency unit
    return scaled // divisor


def operation_problem(amount: int) -> str | None:
    """Why one K/M-edition operation of this amount is refused, or None if it is allowed."""
    if amount < MIN_OPERATION:
        return ERR_UNDER_MIN
    if amount > MAX_OPERATION:
        return ERR_OVER_MAX
    if amount % _OPERATION_STEP:
        return ERR_NOT_STEP
    return None


# The last two amounts format_amount() was asked for, and their texts: a view shows the same
# balances at every redraw, and working the text out again took a third of a view's time.
_recent: list = [None, "", None, ""]


def format_amount(amount: int) -> str:
    """Shortest display form in at most 5 digits: 100K, 1M, 15.2M, 15.25M, 123.45M.

    Exact for every multiple of 10K up to MAX_BALANCE; finer amounts lose trailing digits
    (rounding down). Amounts from 100000M up cannot fit and show all their whole millions.
    """
    recent = _recent
    if amount == recent[0]:
        return recent[1]
    if amount == recent[2]:
        return recent[3]
    text = _format(amount)
    recent[2] = recent[0]
    recent[3] = recent[1]
    recent[0] = amount
    recent[1] = text
    return text


# The text is made by one "%" format, so MicroPython interns one new string per amount (each
# new string is looked up among every interned one: str(), a slice or a "+" each cost that
# lookup, and the old slicing made about ten). The fraction is worked out in arithmetic and
# printed zero-padded to its digits ("%0*d": the width is an argument).
_WHOLE = const("%s%s%d%s")  # label, sign, whole part, suffix
_FRACTION = const("%s%s%d.%0*d%s")  # label, sign, whole part, fraction digits, fraction, suffix
_POWERS = const((1, 10, 100, 1000, 10000, 100000, 1000000))


def format_labelled(label: str, amount: int) -> str:
    """label + format_amount(amount), made as one string (not remembered)."""
    return _format(amount, label)


def _format(amount: int, label: str = "") -> str:
    sign = ""
    if amount < 0:
        sign = "-"
        amount = -amount
    if amount >= M:
        suffix = "M"
        unit_digits = 6  # digits of a fraction of a million
    elif amount >= K:
        suffix = "K"
        unit_digits = 3
    else:
        return _WHOLE % (label, sign, amount, "")
    unit = _POWERS[unit_digits]
    whole = amount // unit
    rest = amount % unit
    room = _MAX_DISPLAY_DIGITS - 1  # digits left for the fraction after the whole part's
    limit = 10
    while whole >= limit and room > 0:
        room -= 1
        limit *= 10
    if room > unit_digits:
        room = unit_digits
    fraction = rest // _POWERS[unit_digits - room] if rest and room > 0 else 0
    while fraction and fraction % 10 == 0:  # no trailing zeros
        fraction //= 10
        room -= 1
    if not fraction:
        return _WHOLE % (label, sign, whole, suffix)
    return _FRACTION % (label, sign, whole, room, fraction, suffix)


class Millions:
    """The K/M money policy of rules.card_bank (Electronic Banking, Revolution; the whole-units
    one is rules.whole_units'): data and the functions above (the core binds money,
    labelled_money, typing_problem once: no extra call)."""

    max_balance = MAX_BALANCE
    mortgage_step = 10000  # rulebooks: a lifted mortgage is rounded up to the next 10K
    enroll_key = keys.THOUSAND  # hold, no card in: enroll cards
    totals_key = keys.MILLION  # hold, no card in: end-of-game totals
    lift_key: str | None = keys.GO  # hold, a card alone in RED: lift a mortgage
    lift_value_help = MSG_LIFT_VALUE
    history_key = keys.MILLION  # hold, one card in: its history (rules.history); then older
    history_newer_key = keys.THOUSAND  # (newer)
    sound_key = keys.POINT  # pressed with no card in: sound on/off
    entry_prefix = ""  # shown before the typed digits (a currency symbol)
    money = staticmethod(format_amount)  # an amount as the screen shows it
    labelled_money = staticmethod(format_labelled)  # label + money(amount), one string
    typing_problem = staticmethod(entry_problem)  # a half-typed amount's first problem, or None
    amount_problem = staticmethod(operation_problem)

    def parse(self, entry: str, unit_key: str) -> int:  # raises EntryError
        return parse_amount(entry + unit_key)

    def finishing(self, bank, key: str) -> bool:  # this key carries out the typed amount
        return key == keys.THOUSAND or key == keys.MILLION


MILLIONS = Millions()  # the K/M policy, one for every edition that uses it (it keeps nothing)
