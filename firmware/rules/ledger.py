# Accounts by card number with the bank as counterparty; confirmed transactions as records.
# Records are plain tuples so the store can journal them and replay them at boot:
#   ("tx", payer, payee, amount[, tag, ...])   BANK (0) as payer creates money, as payee destroys
#                                  it; the tag names what it was for the history (rules.history):
#                                  "go", "chance" (and the card's number), "lift", "fine",
#                                  "bankrupt". Journals written before "go" existed have untagged
#                                  GOs. The ledger applies every kind alike
#   ("new", start_balance)         every card back to the start balance
#   ("undo", number, payer, payee, amount)   transaction `number` of this game (its "tx" record
#                                  named by its place, 1 = the first after the new game) taken
#                                  back: the exact inverse, the bank's counters included
#   ("ledger", start, created, destroyed, balances, moves)   the whole ledger (snapshots); moves
#                                  is absent from snapshots written before undo existed (then 0)
BANK = 0  # account 0: the bank as payer creates money, as payee destroys it
ERR_NOT_ENOUGH = "NOT ENOUGH MONEY"
ERR_BALANCE_LIMIT = "BALANCE LIMIT"
ERR_SAME_ACCOUNT = "SAME CARD TWICE"
# What every money policy refuses in a typed amount (rules.money's K/M one, rules.whole_units'):
# here, with the ledger's own refusals, where the card core and each policy find them without
# loading the other policy's module. One line of the small font (21 columns) each.
ERR_NO_DIGITS = "TYPE DIGITS FIRST"
ERR_TOO_MANY_DIGITS = "MAX 5 DIGITS"
ERR_BAD_CHAR = "NOT A NUMBER"


class EntryError(ValueError):
    """A typed amount that cannot be accepted; .message is what the screen shows."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Ledger:
    def __init__(self, card_count: int, start_balance: int, max_balance: int) -> None:
        self.card_count = card_count
        self.start_balance = start_balance
        self.max_balance = max_balance
        self.balances = [0] * (card_count + 1)  # index 0 is the bank and stays 0
        self.created = 0  # paid out by the bank since the last new game
        self.destroyed = 0  # paid in to the bank since the last new game
        self.applied = 0  # records applied since power-up, replayed ones included
        self.reset(start_balance)

    def reset(self, start_balance: int) -> None:
        self.start_balance = start_balance
        for number in range(1, self.card_count + 1):
            self.balances[number] = start_balance
        self.created = 0
        self.destroyed = 0
        self.moves = 0  # "tx" records since the new game: the number an undo names

    def balance(self, number: int) -> int:
        return self.balances[number]

    def transfer_problem(self, payer: int, payee: int, amount: int) -> str | None:
        if payer == payee:
            return ERR_SAME_ACCOUNT
        if payer != BANK and self.balances[payer] < amount:
            return ERR_NOT_ENOUGH
        if payee != BANK and self.balances[payee] + amount > self.max_balance:
            return ERR_BALANCE_LIMIT
        return None

    def apply(self, record: tuple) -> None:
        """Apply one confirmed record; raises ValueError for a record that cannot be valid."""
        kind = record[0]
        if kind == "tx":
            payer, payee, amount = record[1], record[2], record[3]
            if amount <= 0 or self.transfer_problem(payer, payee, amount) is not None:
                raise ValueError("invalid transaction record")
            if payer == BANK:
                self.created += amount
            else:
                self.balances[payer] -= amount
            if payee == BANK:
                self.destroyed += amount
            else:
                self.balances[payee] += amount
            self.moves += 1
        elif kind == "undo":
            from rules import undo  # loaded on first use

            undo.apply(self, record)
        elif kind == "new":
            self.reset(record[1])
        elif kind == "ledger":
            self._load_state(record)
        else:
            raise ValueError("not a ledger record")
        self.applied += 1

    def state_record(self) -> tuple:
        start, balances = self.start_balance, list(self.balances)
        return ("ledger", start, self.created, self.destroyed, balances, self.moves)

    def _load_state(self, record: tuple) -> None:
        balances = record[4]
        if len(balances) != self.card_count + 1:
            raise ValueError("snapshot has another number of cards")
        saved = (self.start_balance, self.created, self.destroyed, self.balances)
        self.start_balance, self.created, self.destroyed = record[1], record[2], record[3]
        self.balances = list(balances)
        if not self.invariant_holds():
            self.start_balance, self.created, self.destroyed, self.balances = saved
            raise ValueError("snapshot breaks the money invariant")
        self.moves = record[5] if len(record) > 5 else 0  # names transactions only

    def total(self) -> int:
        return sum(self.balances)

    def invariant_holds(self) -> bool:
        """Money is only created or destroyed by the bank, and no card is overdrawn."""
        for number in range(1, self.card_count + 1):
            if self.balances[number] < 0 or self.balances[number] > self.max_balance:
                return False
        expected = self.start_balance * self.card_count + self.created - self.destroyed
        return self.balances[BANK] == 0 and self.total() == expected
