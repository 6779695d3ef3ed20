# The Classic banker: the card-banking core in whole units ($1500) plus FINE, MORTGAGE, BANKRUPT.
#
# One-key helpers for a mortgage lifted, the prison fine and a bankruptcy.
#
# Amounts are typed as plain numbers and GO carries them out (no K or M). The keys in K's, M's
# and the point's places are MORTGAGE, BANKRUPT and FINE. Records are the core's: each
# helper's payment is one ("tx", payer, payee, amount) line, a bankruptcy included.
from compat.const import const
from rules import keys
from rules.card_bank import MSG_KEY_NOT_USED, CardBank
from rules.keys import BANKRUPT, FINE, MORTGAGE
from rules.ledger import BANK
from rules.machine import MSG_FINISH_ENTRY
from rules.money import ERR_BAD_CHAR, ERR_NO_DIGITS, EntryError

CURRENCIES = ("$", "\xa3", "\u20ac", "M")  # dollar, pound, euro, Monopoly's M
_MAX_DIGITS = const(5)  # an amount is typed in at most 5 digits, as the original's screen shows
MAX_AMOUNT = 99999
MAX_BALANCE = 999999  # 6 digits: still fits the big font with the currency symbol

_FINE_KIND = const("fine")
_BANKRUPT_KIND = const("bankrupt")

ERR_TOO_MANY_DIGITS = "MAX 5 DIGITS"
_ERR_ZERO = const("MORE THAN 0")
MSG_LIFT_VALUE = "MORTGAGE VALUE, GO"
_MSG_NOTHING_LEFT = const("BALANCE IS 0")
_MSG_BANKRUPT_RED = const("BANKRUPT CARD IN RED")


def typing_problem(text: str) -> str | None:
    """The first problem of a half-typed amount: digits only, at most MAX_DIGITS."""
    # Byte codes, not characters: each character read from a str is a new str on
    # MicroPython, looked up among every interned string (some 140 us on the chip).
    for code in text.encode():
        if not 48 <= code <= 57:  # "0".."9"
            return ERR_BAD_CHAR
    if len(text) > _MAX_DIGITS:
        return ERR_TOO_MANY_DIGITS
    return None


def nothing(part, *args) -> None:
    """WholeUnits' answer to the extension points it has nothing for: None (no, not mine)."""


class WholeUnits:
    """Classic's money policy and its part, one object (a class is heap on the chip): whole
    currency units shown with the currency symbol, typed as plain digits and carried out by GO;
    as the part (rules.card_bank's extension points), FINE, MORTGAGE and BANKRUPT in K's, M's
    and the point's places ask their payments (rules.endgame)."""

    max_balance = MAX_BALANCE
    mortgage_step = 1  # classic rule: value plus 10 %, rounded up to a whole unit (75 -> 83)
    enroll_key = MORTGAGE
    totals_key = BANKRUPT
    lift_key = None  # MORTGAGE asks for the value: no hold needed
    lift_value_help = MSG_LIFT_VALUE
    history_key = BANKRUPT  # held with one card in: its history; then older (MORTGAGE: newer)
    history_newer_key = MORTGAGE
    sound_key = FINE
    typing_problem = staticmethod(typing_problem)

    def __init__(self, currency: str, fine: int) -> None:
        self.entry_prefix = currency
        self.fine = fine  # the prison fine, in whole units
        self.bank: Classic = None  # type: ignore[assignment]  # its core (set once built)

    def money(self, amount: int) -> str:
        return self.labelled_money("", amount)

    def labelled_money(self, label: str, amount: int) -> str:
        # One "%" format: one new string (each costs the chip a lookup among interned ones).
        if amount < 0:
            return "%s-%s%d" % (label, self.entry_prefix, -amount)
        return "%s%s%d" % (label, self.entry_prefix, amount)

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
        if amount > MAX_AMOUNT:
            return "MAX " + self.money(MAX_AMOUNT)
        return None

    def finishing(self, bank, key: str) -> bool:
        if key == keys.GO:
            return bool(bank.entry) or bank.entry_locked
        return key == MORTGAGE and bank.paying() is not None

    # ---- the part: Classic's keys ------------------------------------------------------------

    def key(self, key: str) -> bool:
        bank = self.bank
        if key == keys.GO:
            if bank.entry or bank.entry_locked:
                bank.commit_amount(key)
            else:
                bank.go()
        elif key == FINE:
            if bank.no_card():
                bank.toggle_sound()
            else:
                self.ask_fine()
        elif key == MORTGAGE:
            self.mortgage()
        elif key == BANKRUPT:
            self.bankrupt()
        else:
            bank.refuse(MSG_KEY_NOT_USED)
        return True

    def mortgage(self) -> None:
        """MORTGAGE with a card alone in RED: the typed value, or ask for it."""
        from rules import endgame  # the asked payments: loaded by the first

        bank = self.bank
        problem = bank.slot_problem()
        if problem is None and endgame.red_alone(bank) is None:
            problem = endgame.MSG_RED_ALONE
        if problem is not None:
            bank.refuse(problem)
            return
        if bank.entry or bank.entry_locked:
            endgame.lift_value(bank, MORTGAGE)
        else:
            endgame.start_lift(bank)

    def ask_fine(self) -> None:
        from rules import endgame

        bank = self.bank
        problem = bank.slot_problem()
        payer = endgame.red_alone(bank)
        if problem is None and payer is None:
            problem = endgame.MSG_RED_ALONE
        if problem is None and (bank.entry or bank.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is not None or payer is None:
            bank.refuse(problem or endgame.MSG_RED_ALONE)
            return
        problem = bank.ledger.transfer_problem(payer, BANK, self.fine)
        if problem is not None:
            bank.refuse(problem)
            return
        title = "CARD %d FINE" % payer
        endgame.ask(bank, _FINE_KIND, payer, BANK, self.fine, title)

    def bankrupt(self) -> None:
        """RED: the bankrupt player; GREEN: the creditor, or none for the bank."""
        bank = self.bank
        problem = bank.slot_problem()
        payer = bank.slot_card[keys.RED]
        green = bank.slot_card[keys.GREEN]
        payee = BANK if green is None else green
        if problem is None and payer is None:
            problem = _MSG_BANKRUPT_RED
        if problem is None and (bank.entry or bank.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is not None or payer is None:
            bank.refuse(problem or _MSG_BANKRUPT_RED)
            return
        amount = bank.ledger.balance(payer)
        problem = _MSG_NOTHING_LEFT if amount <= 0 else None
        if problem is None:
            problem = bank.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:
            bank.refuse(problem)
            return
        title = "BANKRUPT %d>%s" % (payer, "BANK" if green is None else str(green))
        from rules import endgame

        endgame.ask(bank, _BANKRUPT_KIND, payer, payee, amount, title)

    def asked_paid(self, kind: str, record: tuple) -> None:
        """FINE or BANKRUPT paid (on flash, applied): the line under the balance, the cue."""
        bank = self.bank
        amount = bank.money(record[3])
        if kind == _FINE_KIND:
            bank.last_change = "FINE -" + amount
            bank.cue("debit")
        else:
            payee = record[2]
            bank.last_change = "ALL %s TO %s" % (
                amount,
                "BANK" if payee == BANK else "CARD %d" % payee,
            )
            bank.cue("bankrupt")

    # ---- the other extension points: nothing of its own (one function for all of them) ------

    def snapshot(self, records: list) -> list:
        return records

    released = cleared = hold_ms = held = restore = not_stored = tag = enrolling = nothing
    seated = taken_out = card_gone = done = tick = view = nothing


class Classic(CardBank):
    """The core configured for Classic: the whole-units policy and the helpers' part."""

    name = "classic"

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 1500,
        go_amount: int = 200,
        fine: int = 50,
        currency: str = "$",
        registry=None,
    ) -> None:
        for value, what in ((start_balance, "start_balance"), (go_amount, "go_amount")):
            if type(value) is not int or not 1 <= value <= MAX_AMOUNT:
                raise ValueError("%s must be 1..%d" % (what, MAX_AMOUNT))
        if type(fine) is not int or not 1 <= fine <= MAX_AMOUNT:
            raise ValueError("fine must be 1..%d" % MAX_AMOUNT)
        if currency not in CURRENCIES:
            raise ValueError("currency must be one of $ \xa3 \u20ac M")
        rules = WholeUnits(currency, fine)
        CardBank.__init__(self, rules, rules, card_count, start_balance, go_amount, registry)
        rules.bank = self
