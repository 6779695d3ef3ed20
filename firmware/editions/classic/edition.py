# The Classic banker: the card-banking core in whole units ($1500) plus FINE, MORTGAGE, BANKRUPT.
#
# One-key helpers for a mortgage lifted, the prison fine and a bankruptcy.
#
# Amounts are typed as plain numbers and GO carries them out (no K or M): the whole-units money
# and GO and FINE are rules.whole_units', shared with the Banker. The keys in K's, M's and the
# point's places are MORTGAGE, BANKRUPT and FINE. Records are the core's: each helper's
# payment is one ("tx", payer, payee, amount) line, a bankruptcy included.
from rules import whole_units
from rules.card_bank import MSG_KEY_NOT_USED, CardBank
from rules.keys import BANKRUPT, FINE, MORTGAGE  # noqa: F401  (FINE: named here for the tests)
from rules.whole_units import WholeUnits, check


def nothing(part, *args) -> None:
    """ClassicPart's answer to the extension points it has nothing for: None (no, not mine)."""


class ClassicPart:
    """Classic's part (rules.card_bank's extension points): GO and FINE as every whole-units
    edition means them (rules.whole_units), and MORTGAGE and BANKRUPT in K's and M's places,
    which ask their payments (rules.endgame, loaded by the first)."""

    def __init__(self, fine: int) -> None:
        self.fine = fine  # the prison fine, in whole units
        self.bank: Classic = None  # type: ignore[assignment]  # its core (set once built)

    def key(self, key: str) -> bool:
        bank = self.bank
        if whole_units.key(bank, key, self.fine):
            return True
        if key == MORTGAGE:
            from rules import endgame  # the asked payments: loaded by the first

            endgame.mortgage(bank)  # a card alone in RED: the typed value, or ask for it
        elif key == BANKRUPT:
            from rules import endgame

            endgame.bankrupt(bank)  # RED: the bankrupt; GREEN: the creditor (none: the bank)
        else:
            bank.refuse(MSG_KEY_NOT_USED)
        return True

    # ---- the other extension points: nothing of its own (one function for all of them) ------

    def snapshot(self, records: list) -> list:
        return records

    released = cleared = hold_ms = held = restore = not_stored = tag = enrolling = nothing
    seated = taken_out = card_gone = done = tick = view = nothing


class Classic(CardBank):
    """The core configured for Classic: the whole-units policy and Classic's part."""

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
        check(start_balance, go_amount, fine, currency)
        part = ClassicPart(fine)
        policy = WholeUnits(currency)
        CardBank.__init__(self, policy, part, card_count, start_balance, go_amount, registry)
        part.bank = self
