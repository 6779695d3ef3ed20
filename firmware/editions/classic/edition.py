# The Classic banker: Electronic Banking's card and slot logic in whole currency units ($1500),
# with one-key helpers for a mortgage lifted, the prison fine and a bankruptcy.
#
# Amounts are typed as plain numbers and GO carries them out (no K or M). The keys in K's, M's
# and the point's places are MORTGAGE, BANKRUPT and FINE. Records are Electronic Banking's: each
# helper's payment is one ("tx", payer, payee, amount) line, a bankruptcy included.
from editions.electronic_banking.edition import ElectronicBanking
from rules import keys
from rules.endgame import MSG_RED_ALONE
from rules.keys import BANKRUPT, FINE, MORTGAGE
from rules.ledger import BANK
from rules.machine import MSG_FINISH_ENTRY
from rules.money import ERR_BAD_CHAR, ERR_NO_DIGITS, EntryError

CURRENCIES = ("$", "\xa3", "\u20ac", "M")  # dollar, pound, euro, Monopoly's M
MAX_DIGITS = 5  # an amount is typed in at most 5 digits, as the original's screen shows
MAX_AMOUNT = 99999
MAX_BALANCE = 999999  # 6 digits: still fits the big font with the currency symbol

FINE_KIND = "fine"
BANKRUPT_KIND = "bankrupt"

ERR_TOO_MANY_DIGITS = "MAX 5 DIGITS"
ERR_ZERO = "MORE THAN 0"
MSG_LIFT_VALUE = "MORTGAGE VALUE, GO"
MSG_NOTHING_LEFT = "BALANCE IS 0"
MSG_BANKRUPT_RED = "BANKRUPT CARD IN RED"


class Classic(ElectronicBanking):
    name = "classic"
    max_balance = MAX_BALANCE
    mortgage_step = 1  # classic rule: value plus 10 %, rounded up to a whole unit (75 -> 83)
    enroll_key = MORTGAGE
    totals_key = BANKRUPT
    lift_key = None  # MORTGAGE asks for the value: no hold needed
    lift_value_help = MSG_LIFT_VALUE
    history_key = BANKRUPT  # held with one card in: its history; then older (MORTGAGE: newer)
    history_newer_key = MORTGAGE

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
        super().__init__(card_count, start_balance, go_amount, registry)
        self.fine = fine
        self.currency = currency

    # ---- whole currency units ----------------------------------------------------------------

    def money(self, amount: int) -> str:
        return self.labelled_money("", amount)

    def labelled_money(self, label: str, amount: int) -> str:
        # One "%" format: one new string (each costs the chip a lookup among interned ones).
        if amount < 0:
            return "%s-%s%d" % (label, self.currency, -amount)
        return "%s%s%d" % (label, self.currency, amount)

    def _entry_problem(self, text: str) -> str | None:
        # Byte codes, not characters: each character read from a str is a new str on
        # MicroPython, looked up among every interned string (some 140 us on the chip).
        for code in text.encode():
            if not 48 <= code <= 57:  # "0".."9"
                return ERR_BAD_CHAR
        if len(text) > MAX_DIGITS:
            return ERR_TOO_MANY_DIGITS
        return None

    def _parse_entry(self, unit_key: str) -> int:
        if not self.entry:
            raise EntryError(ERR_NO_DIGITS)
        problem = self._entry_problem(self.entry)
        if problem is not None:
            raise EntryError(problem)
        return int(self.entry)

    def amount_problem(self, amount: int) -> str | None:
        if amount < 1:
            return ERR_ZERO
        if amount > MAX_AMOUNT:
            return "MAX " + self.money(MAX_AMOUNT)
        return None

    def finishing(self, key: str) -> bool:
        if key == keys.GO:
            return bool(self.entry) or self.entry_locked
        return key == MORTGAGE and self.ask_pay is not None

    def shown_entry(self) -> str:
        return self.currency + (self.entry if self.entry else "0")

    # ---- keys --------------------------------------------------------------------------------

    def _press(self, key: str) -> None:
        if key in keys.DIGITS:
            self.type_key(key)
        elif key == keys.GO:
            if self.entry or self.entry_locked:
                self._commit_amount(key)
            else:
                self._go()
        elif key == FINE:
            if self.no_card():
                self._toggle_sound()
            else:
                self._ask_fine()
        elif key == MORTGAGE:
            self._mortgage()
        elif key == BANKRUPT:
            self._bankrupt()
        else:
            self.refuse("KEY NOT USED HERE")

    def _mortgage(self) -> None:
        """MORTGAGE with a card alone in RED: the typed value, or ask for it."""
        problem = self.slot_problem()
        if problem is None and self.payment().red_alone() is None:
            problem = MSG_RED_ALONE
        if problem is not None:
            self.refuse(problem)
            return
        if self.entry or self.entry_locked:
            self.payment().lift_value(MORTGAGE)
        else:
            self.payment().start_lift()

    def _ask_fine(self) -> None:
        problem = self.slot_problem()
        payer = self.payment().red_alone()
        if problem is None and payer is None:
            problem = MSG_RED_ALONE
        if problem is None and (self.entry or self.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is not None or payer is None:
            self.refuse(problem or MSG_RED_ALONE)
            return
        problem = self.ledger.transfer_problem(payer, BANK, self.fine)
        if problem is not None:
            self.refuse(problem)
            return
        title = "CARD %d FINE" % payer
        self.payment().ask(FINE_KIND, payer, BANK, self.fine, title)

    def _bankrupt(self) -> None:
        """RED: the bankrupt player; GREEN: the creditor, or none for the bank."""
        problem = self.slot_problem()
        payer = self.slot_card[keys.RED]
        green = self.slot_card[keys.GREEN]
        payee = BANK if green is None else green
        if problem is None and payer is None:
            problem = MSG_BANKRUPT_RED
        if problem is None and (self.entry or self.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is not None or payer is None:
            self.refuse(problem or MSG_BANKRUPT_RED)
            return
        amount = self.ledger.balance(payer)
        problem = MSG_NOTHING_LEFT if amount <= 0 else None
        if problem is None:
            problem = self.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:
            self.refuse(problem)
            return
        title = "BANKRUPT %d>%s" % (payer, "BANK" if green is None else str(green))
        self.payment().ask(BANKRUPT_KIND, payer, payee, amount, title)

    def asked_paid(self, kind: str, record: tuple) -> None:
        amount = self.money(record[3])
        if kind == FINE_KIND:
            self.last_change = "FINE -" + amount
            self.cue("debit")
        else:
            payee = record[2]
            self.last_change = "ALL %s TO %s" % (
                amount,
                "BANK" if payee == BANK else "CARD %d" % payee,
            )
            self.cue("bankrupt")
