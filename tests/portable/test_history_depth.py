# A card's history read back from a store of several journal generations, newest first, and
# how much of the journal that reads (rules.history.Pages, store.Store.history_records)
# (portable). Its own suite: with test_history.py's in one interpreter the heap below is too
# small for both.
# micropython-heap: 128k (the virtual flash model, the store and an edition in one heap, as
# test_store.py; its floor was 98k, 104k failed once issue 28 grew the store and history, and
# 120k was at its edge once issue 29 split the card core from the edition: +0.6 KB of code)
from editions.electronic_banking.edition import ElectronicBanking

from peripherals.flash import VirtualFlash, empty_dir
from rules import history, history_pass, keys
from rules.cards import CardRegistry
from rules.money import format_amount
from store.journal import encode
from store.store import Store

DIR = "history-depth-test.tmp"
START = 15000000


class _CountingFs:
    """A filesystem that counts the journal lines (log.*) read through it."""

    def __init__(self, fs) -> None:
        self.fs = fs
        self.lines = 0

    def listdir(self, path=""):
        return self.fs.listdir()

    def open(self, name: str, mode: str = "r"):
        handle = self.fs.open(name, mode)
        if name.startswith("log.") and "r" in mode:
            return _CountingFile(self, handle)
        return handle


class _CountingFile:
    def __init__(self, fs: _CountingFs, handle) -> None:
        self.fs = fs
        self.handle = handle

    def __enter__(self):
        return self

    def __exit__(self, *args) -> None:
        self.handle.close()

    def __iter__(self):
        return self

    def __next__(self):
        line = self.handle.readline()
        if not line:
            raise StopIteration
        self.fs.lines += 1
        return line


def _history(journal, card: int, balance: int, moves: int) -> history.History:
    return history.History(
        journal, card, balance, moves, format_amount, keys.MILLION, keys.THOUSAND
    )


def _play(store: Store, edition, records: list) -> None:
    for record in records:
        store.append([record])
        edition.restore(record)
        if store.compact_due():
            assert store.compact(edition.snapshot_records())


def _edition() -> ElectronicBanking:
    return ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))


def _open(store: Store, edition, card: int) -> history.History:
    return _history(store, card, edition.ledger.balance(card), edition.ledger.moves)


def _every_page(pages: history.History) -> list:
    """Every page, newest first, as (number, amount, other, balance, state), stepped with M."""
    shown = []
    while True:
        shown.append(tuple(pages.entry(pages.page)[1:]))
        if pages.key(keys.MILLION) is not None:
            return shown


def _whole_pass(store: Store, edition, card: int, checks: bool = False) -> list:
    """The same pages from one pass over the whole game (history_pass.entries on Store.replay;
    checks: with the gap checks)."""
    balance = edition.ledger.balance(card)
    count, kept = history_pass.entries(lambda: store.replay(checks), card, balance, 0, 1 << 30)
    assert count == len(kept)
    return [tuple(entry[1:]) for entry in reversed(kept)]


def test_opening_and_stepping_read_only_the_generations_the_pages_reach():
    """Eight generations of 20 records: opening reads the newest journal only, a step past
    the window one older journal, never the whole game (the pass before this read all 160
    lines on each)."""
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 20
    edition = _edition()
    _play(store, edition, [("tx", 0, 1 + i % 3, 10000 * (1 + i % 7)) for i in range(165)])
    counting = _CountingFs(flash)
    reader = Store(counting)
    assert len(reader.history_generations()) >= 8
    pages = _open(reader, edition, 1)
    assert counting.lines <= 5, counting.lines  # log.8: the 5 records after the last snapshot
    view: dict = {}
    pages.view(view)
    assert view["title"] == "CARD 1  #163" and view["big"] == "+" + format_amount(20000)
    for _ in range(8):  # the newest generation's page, log.7's seven, one of log.6's
        before = counting.lines
        assert pages.key(keys.MILLION) is None
        assert counting.lines - before <= store.compact_every, counting.lines - before
    pages.view(view)
    assert view["title"] == "CARD 1  #139"  # the 139th transaction, i = 138
    assert counting.lines == 5 + 3 * store.compact_every  # log.7 twice (a window is six)
    before = counting.lines
    history_pass.entries(reader.replay, 1, 0)
    assert counting.lines - before == 165  # what the pass before this read on every open


def test_paging_across_generations_with_an_undo_and_a_new_game_in_the_middle():
    """Undos in a newer generation than the transactions they took back, a new game
    mid-generation: every page as one pass over the whole game shows it, both ways."""
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 7
    edition = _edition()
    _play(store, edition, [("tx", 0, 2, 50000)] * 9 + [("new", START)])
    _play(store, edition, [("tx", 2, 3, 10000 * (i + 1)) for i in range(10)])
    assert store.log_records == 6  # the next one closes generation 3
    _play(store, edition, [("tx", 2, 1, 777000)])  # the last of its generation: compacted
    assert store.log_records == 0  # so the undo below goes to the next generation
    taken = edition.ledger.moves
    undos = [("undo", taken, 2, 1, 777000), ("tx", 0, 2, 200000, "go")]
    undos += [("tx", 4, 5, 1000)] * 20 + [("tx", 3, 2, 5000)]
    _play(store, edition, undos)
    _play(store, edition, [("tx", 2, 0, 123000)])
    _play(store, edition, [("undo", edition.ledger.moves, 2, 0, 123000)])
    pages = _open(store, edition, 2)
    shown = _every_page(pages)
    assert shown == _whole_pass(store, edition, 2)
    assert len(shown) == 16  # 14 transactions and 2 undos since the new game
    assert shown[-1][:2] == (1, -10000)  # the new game's first: the older game's not shown
    states = [page[4] for page in shown]
    assert states.count(history.UNDONE) == 2 and states.count(history.UNDO) == 2
    undone = [page for page in shown if page[0] == taken and page[2] != "UNDO"][0]
    assert undone[1:3] == (-777000, "CARD 1") and undone[4] == history.UNDONE
    assert shown[0][:3] == (taken + 23, 123000, "UNDO") and shown[1][4] == history.UNDONE
    assert pages.key(keys.MILLION) == "NO EARLIER ENTRY"
    back = []
    for _ in range(len(shown) - 1):
        assert pages.key(keys.THOUSAND) is None
        back.append(tuple(pages.entry(pages.page)[1:]))
    assert back == list(reversed(shown[:-1]))
    assert pages.key(keys.THOUSAND) == "NO LATER ENTRY"


def test_a_new_game_snapshot_ends_the_history_and_old_journals_are_not_read():
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 10
    edition = _edition()
    _play(store, edition, [("tx", 0, 1, 10000)] * 25)
    edition.restore(("new", START))
    assert store.compact(edition.snapshot_records(), new_game=True)
    _play(store, edition, [("tx", 1, 2, 30000), ("tx", 0, 1, 40000)])
    counting = _CountingFs(flash)
    pages = _open(Store(counting), edition, 1)
    assert _every_page(pages) == [
        (2, 40000, "BANK", START + 10000, history.TX),
        (1, -30000, "CARD 2", START - 30000, history.TX),
    ]
    assert counting.lines == 2  # only the new game's journal


def test_stale_copies_and_a_torn_line_are_passed_over_as_the_whole_pass_does():
    """A whole, checksummed line numbered at or below its generation's snapshot (a stale copy)
    and a torn last line: neither shows, in an older generation or the newest."""
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 6
    edition = _edition()
    _play(store, edition, [("tx", 0, 1 + i % 2, 10000 * (1 + i)) for i in range(15)])
    for name in ("log.1", "log.2"):
        with flash.open(name, "rb") as log:
            lines = log.read()
        with flash.open(name, "wb") as log:  # record 3 again, first: a stale copy
            log.write(encode((3, "tx", 0, 1, 999000)) + lines)
    with flash.open("log.2", "ab") as log:
        log.write(b'[99, "tx", 0, 1, 55')  # torn: no newline, no CRC
    pages = _open(store, edition, 1)
    shown = _every_page(pages)
    assert shown == _whole_pass(store, edition, 1)
    assert [page[1] for page in shown] == [10000 * (15 - 2 * n) for n in range(8)]


def test_lines_lost_in_older_generations_give_gap_pages_as_the_whole_pass_does():
    """A line removed from log.1 and one's checksum broken in log.3 (both older than the
    generation boot reads): a gap page at each generation's end, the same as the whole pass
    with its gap checks, the pages adding up to the balance; the newest generation and a card
    the lost lines did not touch have none."""
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 5
    edition = _edition()
    _play(store, edition, [("tx", 1 + i % 2, 3, 10000 * (1 + i)) for i in range(27)])
    _play(store, edition, [("tx", 0, 4, 5000)])
    with flash.open("log.1", "rb") as log:
        data = log.read()
    start = data.index(b"[7, ")
    with flash.open("log.1", "wb") as log:  # record 7 (card 1 paid 70K) removed
        log.write(data[:start] + data[data.index(b"\n", start) + 1 :])
    with flash.open("log.3", "rb") as log:
        data = log.read()
    with flash.open("log.3", "wb") as log:  # record 17 (card 1 paid 170K): its CRC broken
        log.write(data.replace(b"170000]", b"170001]"))
    for card in (1, 2, 3, 4):
        pages = _open(store, edition, card)
        shown = _every_page(pages)
        assert shown == _whole_pass(store, edition, card, True), card
        gaps = [page for page in shown if page[4] == history.GAP]
        balance = edition.ledger.balance(card)
        assert START + sum(page[1] for page in shown) == balance
        assert shown[0][3] == balance
        if card == 2 or card == 4:
            assert gaps == [], card
            continue
        sign = -1 if card == 1 else 1
        assert [(page[1], page[2]) for page in gaps] == [
            (sign * 170000, "1 MISSING"),
            (sign * 70000, "1 MISSING"),
        ], card
    view: dict = {}
    pages = _open(store, edition, 1)
    while pages.entry(pages.page)[5] != history.GAP:
        pages.key(keys.MILLION)
    pages.view(view)
    assert (view["title"], view["big"], view["detail"]) == (
        "CARD 1  GAP",
        "-170K",
        "1 MISSING -170K",
    )


def test_a_history_whose_oldest_generations_were_removed_says_where_it_begins():
    """The store removed the oldest generations (the history yields to play): stepping past
    the oldest page kept, and a card with no entry left, say HISTORY FROM #n, n the game's
    number of the first transaction still on flash (the numbers the titles show)."""
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 10
    store.history_bytes = 0  # only the newest two generations stay
    edition = _edition()
    _play(store, edition, [("tx", 0, 5, 10000)])  # card 5's only transaction: #1
    for i in range(1233):  # one at a time: a list of them all would not fit MicroPython's heap
        _play(store, edition, [("tx", 1 + i % 2, 3, 1000 * (1 + i % 9))])
    assert "log.0" not in flash.listdir() and store.generation == 123
    pages = _open(store, edition, 3)
    shown = _every_page(pages)
    assert shown == _whole_pass(store, edition, 3)
    first = shown[-1][0]
    assert first == 1221 == edition.ledger.moves - 14 + 1  # log.122 (10) and log.123 (4)
    assert pages.key(keys.MILLION) == "HISTORY FROM #1,221" == history.MSG_FROM + "1,221"
    empty = _open(store, edition, 5)
    view: dict = {}
    empty.view(view)
    assert view["title"] == "CARD 5 HISTORY" and view["detail"] == "HISTORY FROM #1,221"
    assert empty.key(keys.MILLION) == "HISTORY FROM #1,221" == empty.key(keys.THOUSAND)
    assert [history.grouped(n) for n in (7, 1000, 123456, 1234567)] == [
        "7",
        "1,000",
        "123,456",
        "1,234,567",
    ]


def test_a_whole_history_says_there_is_no_earlier_entry():
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 10
    edition = _edition()
    _play(store, edition, [("tx", 0, 3, 1000 * (1 + i)) for i in range(35)])
    pages = _open(store, edition, 3)
    assert len(_every_page(pages)) == 35
    assert pages.key(keys.MILLION) == "NO EARLIER ENTRY"
    empty = _open(store, edition, 5)
    view: dict = {}
    empty.view(view)
    assert view["detail"] == "NO TRANSACTIONS YET"
