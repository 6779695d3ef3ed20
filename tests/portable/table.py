# A test table for portable suites: plays the shell's part (clock, journal, acknowledgements).
# Runs unchanged on CPython (pytest) and on MicroPython (tests/mp_runner.py).
from editions.electronic_banking.edition import ElectronicBanking

from rules import keys
from rules.cards import CardRegistry

GREEN = keys.GREEN
RED = keys.RED


def card_id(number: int) -> str:
    return "card-%d" % number


class Table:
    """An edition plus a virtual clock, a journal list and every cue ever produced."""

    key_ms = 60  # how long a tapped key stays down, and the gap after it
    tick_ms = 100

    def __init__(self, unit=None, start_ms: int = 0, enrolled: int = 6, **options) -> None:
        if unit is None:
            registry = CardRegistry(options.get("card_count", 6), auto_enroll=False)
            unit = ElectronicBanking(registry=registry, **options)
        self.unit = unit
        for number in range(1, enrolled + 1):
            unit.registry.apply(("card", card_id(number), number))
        self.now = start_ms
        self.unit.last_activity = start_ms
        self.journal: list = []
        self.cues: list = []
        self.storage_problem: str | None = None  # set to make the next writes fail

    def settle(self) -> None:
        unit = self.unit
        if unit.outbox:
            if self.storage_problem is not None:
                unit.acknowledge(False, self.storage_problem)
            else:
                self.journal.extend(unit.outbox)
                unit.acknowledge(True)
        self.cues.extend(unit.take_cues())

    def advance(self, ms: int) -> None:
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + self.tick_ms)
            self.unit.tick(self.now)
            self.settle()

    def key_down(self, key: str) -> None:
        self.unit.key_down(key, self.now)
        self.settle()

    def key_up(self, key: str) -> None:
        self.unit.key_up(key, self.now)
        self.settle()

    def press(self, key: str) -> None:
        self.key_down(key)
        self.advance(self.key_ms)
        self.key_up(key)
        self.advance(self.key_ms)

    def type(self, text: str) -> None:
        """Tap keys: "260K" taps 2, 6, 0, K; "GO" is the arrow key."""
        if text == keys.GO:
            self.press(keys.GO)
            return
        for ch in text:
            self.press(ch)

    def hold(self, key: str, ms: int) -> None:
        self.key_down(key)
        self.advance(ms)
        self.key_up(key)
        self.advance(self.key_ms)

    def insert(self, slot: int, number: int = 0, raw_id: str | None = None) -> None:
        self.unit.card_present(slot, raw_id if raw_id is not None else card_id(number), self.now)
        self.settle()
        self.advance(self.key_ms)

    def remove(self, slot: int) -> None:
        self.unit.card_gone(slot, self.now)
        self.settle()
        self.advance(self.key_ms)

    def balance(self, number: int) -> int:
        return self.unit.ledger.balance(number)

    def balances(self) -> list:
        return [self.balance(n) for n in range(1, self.unit.card_count + 1)]

    def view(self) -> dict:
        return self.unit.view()

    def last_cue(self) -> str:
        return self.cues[-1] if self.cues else ""

    def clear_cues(self) -> None:
        self.cues = []
