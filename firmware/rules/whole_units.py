# Money in whole currency units ($1500), as Classic and the Banker count it: policy, GO and FINE.
#
# Amounts are typed as plain digits (at most 5, no K or M) and GO carries them out; the screen
# shows them after the currency symbol. WholeUnits is the card core's money policy
# (rules.money's Millions is the K/M one), one object per game; key() gives GO and FINE the
# meaning both editions give them, and each edition's part calls it for those keys. The fine
# itself is asked by rules.endgame (fine), loaded by the first.
from compat.const import const
from rules import keys
from rules.keys import BANKRUPT, FINE, MORTGAGE
from rules.ledger import ERR_BAD_CHAR, ERR_NO_DIGITS, ERR_TOO_MANY_DIGITS, EntryError

_CURRENCIES = const(("$", "\xa3", "\u20ac", "M"))  # dollar, pound, euro, Monopoly's M
_MAX_DIGITS = const(5)  # an amount is typed in at most 5 digits, as the original's screen shows
_MAX_AMOUNT = const(99999)
_MAX_BALANCE = const(999999)  # 6 digits: still fits the big font with the currency symbol
_ERR_ZERO = const("MORE THAN 0")
_ERR_OVER = const("MAX %s99999")  # the currency, then _MAX_AMOUNT
_MSG_LIFT_VALUE = const("MORTGAGE VALUE, GO")
# label, currency (with its sign), amount, "": rules.money's format, the same text (one name, in
# a game of every edition)
_MONEY = const("%s%s%d%s")


def typing_problem(text: str) -> str | None:
    """The first problem of a half-typed amount: digits only, at most 5."""
    # Byte codes, not characters: each character read from a str is a new str on
    # MicroPython, looked up among every interned string (some 140 us on the chip).
    for code in text.encode():
        if not 48 <= code <= 57:  # "0".."9"
            return ERR_BAD_CHAR
    if len(text) > _MAX_DIGITS:
        return ERR_TOO_MANY_DIGITS
    return None


def check(start_balance: int, go_amount: int, fine: int, currency: str) -> None:
    """The settings of a whole-units game, each checked: ValueError names the first bad one."""
    for value, what in ((start_balance, "start_balance"), (go_amount, "go_amount")):
        if type(value) is not int or not 1 <= value <= _MAX_AMOUNT:
            raise ValueError("%s must be 1..%d" % (what, _MAX_AMOUNT))
    if type(fine) is not int or not 1 <= fine <= _MAX_AMOUNT:
        raise ValueError("fine must be 1..%d" % _MAX_AMOUNT)
    if currency not in _CURRENCIES:
        raise ValueError("currency must be one of $ \xa3 \u20ac M")


def key(bank, key: str, fine: int) -> bool:
    """GO and FINE, as both editions mean them (True: one of them, done). GO: the typed amount
    carried out (RED pays GREEN; an empty slot is the bank), or, nothing typed, the GO salary.
    FINE: sound on or off with no card in, else `fine` asked of the card alone in RED."""
    if key == keys.GO:
        if bank.entry or bank.entry_locked:
            bank.commit_amount(key)
        else:
            bank.go()
    elif key == FINE:
        if bank.no_card():
            bank.toggle_sound()
        else:
            from rules import endgame  # the asked payments: loaded by the first

            endgame.fine(bank, fine)
    else:
        return False
    return True


class WholeUnits:
    """The money policy of rules.card_bank for whole currency units: shown with the currency
    symbol, typed as plain digits and carried out by GO. The keys of the core's guarded
    gestures are MORTGAGE and BANKRUPT (in K's and M's places), FINE the sound key."""

    max_balance = _MAX_BALANCE
    mortgage_step = 1  # classic rule: value plus 10 %, rounded up to a whole unit (75 -> 83)
    enroll_key = MORTGAGE
    totals_key = BANKRUPT
    lift_key = None  # MORTGAGE asks for the value: no hold needed
    lift_value_help = _MSG_LIFT_VALUE
    history_key = BANKRUPT  # held with one card in: its history; then older (MORTGAGE: newer)
    history_newer_key = MORTGAGE
    sound_key = FINE

    def __init__(self, currency: str, typing_problem=typing_problem) -> None:
        self.entry_prefix = currency
        # A half-typed amount's first problem (the core binds it once): the function above, or
        # an edition's that adds its own refusals first (the Banker's, in TOTALS).
        self.typing_problem = typing_problem

    def money(self, amount: int) -> str:
        return self.labelled_money("", amount)

    def labelled_money(self, label: str, amount: int) -> str:
        # One "%" format: one new string (each costs the chip a lookup among interned ones).
        if amount < 0:
            return _MONEY % (label, "-" + self.entry_prefix, -amount, "")
        return _MONEY % (label, self.entry_prefix, amount, "")

    def parse(self, entry: str, unit_key: str) -> int:
        if not entry:
            raise EntryError(ERR_NO_DIGITS)
        problem = typing_problem(entry)
        if problem is not None:
            raise EntryError(problem)
        return int(entry)

    def amount_problem(self, amount: int) -> str | None:
        if amount < 1:
            return _ERR_ZERO
        if amount > _MAX_AMOUNT:
            return _ERR_OVER % self.entry_prefix
        return None

    def finishing(self, bank, key: str) -> bool:
        """GO with an amount typed, or MORTGAGE while a payment is asked (a mortgage's value
        typed for its lift: rules.endgame)."""
        if key == keys.GO:
            return bool(bank.entry) or bank.entry_locked
        return key == MORTGAGE and bank.paying() is not None
