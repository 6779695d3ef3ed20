# The store suites' table (portable): an edition rebuilt from records, and a game of
# transactions played into a store, compacting when it says so, as app.unit does.
from editions.electronic_banking.edition import ElectronicBanking

from rules.cards import CardRegistry


def edition_from(records: list) -> ElectronicBanking:
    """An Electronic Banking edition (6 cards, none enrolled on its own) with `records` applied."""
    edition = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for record in records:
        edition.restore(record)
    return edition


def play(store, edition: ElectronicBanking, count: int, start: int = 0) -> None:
    """count transactions, compacting whenever the store says so (as the app does)."""
    for i in range(start, start + count):
        record = ("tx", 0, 1 + i % 6, 10000 * (1 + i % 7))
        store.append([record])
        edition.restore(record)
        if store.compact_due():
            assert store.compact(edition.snapshot_records())
