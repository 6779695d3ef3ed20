# The Electronic Banking edition (Here & Now rulebook): the card-banking core, K/M policy, no part.
#
# Its rules, records, messages and screens are rules.card_bank's (and its modes': rules.admin,
# rules.endgame, rules.history, rules.undo).
from rules.card_bank import CardBank
from rules.money import MILLIONS, M


class ElectronicBanking(CardBank):
    name = "electronic_banking"

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 15 * M,
        go_amount: int = 2 * M,
        registry=None,
    ) -> None:
        CardBank.__init__(self, MILLIONS, None, card_count, start_balance, go_amount, registry)
