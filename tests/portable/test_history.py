# A card's history read back from the journal (rules.history, store.Store.replay) (portable).
# micropython-heap: 120k (the virtual flash model, the store and an edition in one heap, as
# test_store.py; 104k failed once issue 28 grew the store and the history twice)
import gc

from editions.electronic_banking.edition import ElectronicBanking

from peripherals.flash import VirtualFlash, empty_dir
from rules import history, history_pass, keys
from rules.cards import CardRegistry
from rules.money import format_amount
from store.store import Store

DIR = "history-test.tmp"
START = 15000000
GO = 2000000


def _journal(records: list):
    """A journal source over a list: (seq, record), oldest first, as Store.replay gives."""

    def replay():
        for i in range(len(records)):
            yield i + 1, records[i]

    return replay


class _Source:
    """What History reads (store.Store's history_generations, history_records) over lists:
    generations[0] the oldest, each a list of records; counts the records it gives."""

    def __init__(self, generations: list) -> None:
        self.generations = generations
        self.given = 0

    def history_generations(self) -> list:
        return [(g, False) for g in reversed(range(len(self.generations)))]

    def history_records(self, generation: int, snapshot: bool = False):
        seq = sum(len(records) for records in self.generations[:generation])
        for record in self.generations[generation]:
            seq += 1
            self.given += 1
            yield seq, record

    def history_snapshot(self, generation: int):
        return None  # no snapshots: no generation is checked for gaps

    def history_check(self, generation: int, start: int, lines: int):
        return None


class _LongSource(_Source):
    """`count` transactions in generations of `per`, made on the fly: no list is ever built."""

    def __init__(self, count: int, per: int) -> None:
        _Source.__init__(self, [])
        self.count = count
        self.per = per

    def history_generations(self) -> list:
        return [(g, False) for g in reversed(range((self.count + self.per - 1) // self.per))]

    def history_records(self, generation: int, snapshot: bool = False):
        for i in range(generation * self.per, min(self.count, (generation + 1) * self.per)):
            self.given += 1
            yield i + 1, ("tx", 1, 2, 10000) if i % 2 else ("tx", 2, 1, 10000)


def _history(journal, card: int, balance: int, moves: int) -> history.History:
    return history.History(
        journal, card, balance, moves, format_amount, keys.MILLION, keys.THOUSAND
    )


def test_entries_newest_first_with_undone_and_the_other_side():
    records = [
        ("card", "c2", 2),
        ("tx", 0, 2, GO, "go"),  # GO
        ("tx", 2, 0, 500000),  # to the bank
        ("tx", 2, 3, 1000000),  # to card 3 ...
        ("undo", 3, 2, 3, 1000000),  # ... taken back
        ("tx", 0, 2, 300000, "chance", 2),  # a Chance card the unit paid
        ("tx", 2, 0, 110000, "lift"),  # a mortgage lifted
        ("tx", 4, 5, 70000),  # not card 2's
    ]
    balance = START + GO - 500000 + 300000 - 110000
    count, kept = history_pass.entries(_journal(records), 2, balance)
    assert count == 6
    shown = [(e[2], e[3], e[4], e[5]) for e in reversed(kept)]
    assert shown == [
        (-110000, "MORTGAGE", balance, history.TX),
        (300000, "CHANCE", balance + 110000, history.TX),
        (1000000, "UNDO", balance - 190000, history.UNDO),
        (-1000000, "CARD 3", balance - 1190000, history.UNDONE),
        (-500000, "BANK", START + GO - 500000, history.TX),
        (GO, "GO", START + GO, history.TX),
    ]


def test_an_untagged_go_of_an_older_journal_shows_as_bank():
    """Journals written before GO was tagged: the bank paying the GO amount is a payment from
    the bank like any other (its amount cannot tell it from one)."""
    records = [("tx", 0, 2, GO), ("tx", 0, 2, GO, "go"), ("tx", 0, 2, 100000)]
    count, kept = history_pass.entries(_journal(records), 2, START + 2 * GO + 100000)
    assert count == 3
    assert [e[3] for e in kept] == ["BANK", "GO", "BANK"]
    assert [e[4] for e in kept] == [START + GO, START + 2 * GO, START + 2 * GO + 100000]


def test_the_bankers_actions_name_their_deed_by_square():
    """A Banker "tx" carries its tag and the deed's square: the page says what was done with
    which deed (BUY 39, LIFT 12), never the bank or the other card; a bankruptcy's building
    proceeds stay BANKRUPT; and every such line fits the 21 characters of the screen."""
    records = [
        ("tx", 1, 0, 400, "buy", 39),
        ("tx", 1, 0, 60, "auction", 1),
        ("tx", 1, 2, 50, "rent", 39),  # card 1 pays card 2 the rent of Boardwalk
        ("tx", 1, 0, 200, "build", 39),
        ("tx", 0, 1, 100, "sell", 39),
        ("tx", 0, 1, 75, "mortgage", 12),
        ("tx", 1, 0, 83, "lift", 12),
        ("tx", 2, 1, 300, "trade", 28),  # card 2 buys Water Works from card 1
        ("tx", 1, 0, 8, "interest", 28),
        ("tx", 0, 1, 100, "bankrupt", 21),
        ("tx", 2, 1, 90, "bankrupt"),
    ]
    count, kept = history_pass.entries(_journal(records), 1, 1000, 0, 20)
    assert count == len(records)
    assert [e[3] for e in kept] == [
        "BUY 39",
        "AUCT 1",
        "RENT 39",
        "BUILD 39",
        "SELL 39",
        "MORT 12",
        "LIFT 12",
        "TRADE 28",
        "10% 28",
        "BANKRUPT",
        "BANKRUPT",
    ]
    assert history.other_side(("tx", 1, 2, 50, "rent", 39), 2) == "RENT 39"  # the owner's too
    for tag, _ in history.DEED_TAGS:
        assert len("%s  BAL $999999" % history.other_side(("tx", 1, 0, 1, tag, 39), 1)) <= 21
    # a Revolution Chance payment's 6th field is the card's number, not a deed
    assert history.other_side(("tx", 0, 1, 300000, "chance", 7), 1) == "CHANCE"


def test_a_new_game_starts_the_history_again():
    records = [("tx", 0, 2, 50000), ("new", START), ("tx", 2, 1, 20000)]
    count, kept = history_pass.entries(_journal(records), 2, START - 20000)
    assert count == 1 and kept[0][2] == -20000 and kept[0][4] == START - 20000


def test_pages_step_and_refuse_at_the_ends():
    records = [("tx", 0, 1, 10000 * (n + 1)) for n in range(15)]
    balance = START + sum(10000 * (n + 1) for n in range(15))
    pages = _history(_Source([records[:4], records[4:9], records[9:]]), 1, balance, 15)
    view: dict = {}
    pages.view(view)
    assert view["title"] == "CARD 1  #15" and view["big"] == "+150K"
    assert view["detail"] == "BANK  BAL " + format_amount(balance)
    assert pages.key(keys.THOUSAND) == "NO LATER ENTRY"
    for page in range(1, 15):
        assert pages.key(keys.MILLION) is None
        pages.view(view)
        assert view["big"] == "+" + format_amount(10000 * (15 - page)), page
        assert view["title"] == "CARD 1  #%d" % (15 - page)
        assert len(pages.kept) <= history.WINDOW
    assert pages.key(keys.MILLION) == "NO EARLIER ENTRY"
    assert pages.key("5") == "C: LEAVE HISTORY"
    assert pages.key(keys.CLEAR) == ""
    for _ in range(14):
        assert pages.key(keys.THOUSAND) is None
    pages.view(view)
    assert view["title"] == "CARD 1  #15"


def test_a_long_game_keeps_one_window_in_ram():
    """2000 transactions in ten generations: the history holds WINDOW entries, whatever the
    game's length, and reads only the generations its pages reach (the newest, here)."""
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    source = _LongSource(2000, 200)
    pages = _history(source, 1, START, 2000)
    assert source.given == 200  # the newest generation, not the 2000 records
    for _ in range(20):
        pages.key(keys.MILLION)
    gc.collect()
    used = (gc.mem_alloc() - before) if hasattr(gc, "mem_alloc") else 0
    assert len(pages.kept) <= history.WINDOW
    assert source.given <= 4 * 200  # a generation per WINDOW pages stepped
    view: dict = {}
    pages.view(view)
    assert view["title"] == "CARD 1  #1980"
    assert used < 3000, used  # MicroPython: the object and one window, not 2000 entries


def test_store_replay_reads_every_generation_left_on_flash():
    flash = VirtualFlash(empty_dir(DIR))
    store = Store(flash)
    store.compact_every = 10
    store.history_bytes = 0  # only the newest two generations stay: the history starts later
    edition = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for i in range(35):
        record = ("tx", 0, 1 + i % 6, 10000)
        store.append([record])
        edition.restore(record)
        if store.compact_due():
            assert store.compact(edition.snapshot_records())
    store.append([("tx", 1, 2, 20000), ("tx", 2, 3, 30000)])  # one batch line
    seqs = []
    kinds = []
    for seq, record in store.replay():
        seqs.append(seq)
        kinds.append(record[0])
    # The oldest snapshot on flash (its state records, after record 20), then records 21-36.
    state = len([seq for seq in seqs if seq == 20])
    assert "ledger" in kinds[:state] and "tx" not in kinds[:state]
    assert seqs[state:] == list(range(21, 36)) + [36, 36]
    assert kinds[state:] == ["tx"] * 17
    count, kept = history_pass.entries(store.replay, 1, edition.ledger.balance(1) - 20000)
    assert count == 3  # records 25, 31 and the batch's payment by card 1


def test_the_edition_opens_pages_on_a_hold_and_a_tap_stays_a_tap():
    """The rules alone: M held 2 s with card 2 in GREEN opens its history; C leaves."""
    records = [("card", "c2", 2), ("tx", 0, 2, GO), ("tx", 2, 0, 500000)]
    edition = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for record in records:
        edition.restore(record)
    edition.journal = _Source([records])
    edition.card_present(keys.GREEN, "c2", 0)
    edition.tick(1500)
    edition.key_down(keys.MILLION, 2000)
    edition.key_up(keys.MILLION, 2100)  # a tap: nothing typed to finish, as before
    assert history.shown(edition) is None and edition.message_is_error
    edition.key_down(keys.MILLION, 5000)
    edition.tick(7100)
    view = edition.view()
    assert view["title"] == "CARD 2  #2" and view["big"] == "-500K"
    assert view["detail"] == "BANK  BAL " + format_amount(START + GO - 500000)
    edition.key_up(keys.MILLION, 7200)  # the hold's release does nothing more
    assert history.shown(edition) is not None and edition.outbox == []
    edition.key_down(keys.MILLION, 8000)
    edition.key_up(keys.MILLION, 8100)
    assert edition.view()["big"] == "+2M"
    edition.key_down(keys.CLEAR, 9000)
    edition.key_up(keys.CLEAR, 9100)
    assert history.shown(edition) is None and edition.view()["big"] == format_amount(
        START + GO - 500000
    )
    assert edition.outbox == []


def test_m_that_finished_an_amount_and_c_that_left_do_not_hold_on():
    """Only a press that deferred M opens the history: M finishing 5 and held on pays 5K and
    nothing more. C that leaves the page and stays down is not also a new game's hold."""
    records = [("card", "c2", 2), ("tx", 0, 2, GO)]
    edition = ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))
    for record in records:
        edition.restore(record)
    edition.journal = _Source([records])
    edition.card_present(keys.GREEN, "c2", 0)
    edition.tick(1500)
    edition.key_down("5", 2000)
    edition.key_up("5", 2100)
    edition.key_down(keys.MILLION, 3000)
    assert edition.outbox == [("tx", 0, 2, 5000000)]
    edition.acknowledge(True)
    edition.tick(5500)  # M still down 2.5 s, the amount paid: one card in, nothing typed now
    edition.key_up(keys.MILLION, 5600)
    assert history.shown(edition) is None and edition.question() is None
    edition.key_down(keys.MILLION, 6000)
    edition.tick(8100)
    assert history.shown(edition) is not None
    edition.key_up(keys.MILLION, 8200)
    edition.key_down(keys.CLEAR, 9000)  # leaves the page as it goes down
    assert history.shown(edition) is None
    edition.tick(11500)  # still down 2.5 s
    edition.key_up(keys.CLEAR, 11600)
    assert edition.question() is None and edition.outbox == []


def test_review_steps_back_a_generation_at_a_time_and_stops_at_a_new_game():
    """The Stock Exchange's REVIEW: the newest generation read first, an older one only when
    the steps reach it; se_new ends the transactions; a snapshot's se_review counts as one."""
    buy = ("se_buy", 0, 1, 2, 500)
    gens = [
        [buy] * 4 + [("se_new",)] + [("se_buy", 1, 1, 1, 10 + n) for n in range(3)],
        [("se_buy", 2, 2, 1, 100 + n) for n in range(7)] + [("se_price", 1, 99)],
        [("se_buy", 3, 3, 1, 200 + n) for n in range(5)],
    ]
    source = _Source(gens)
    review = history.Review(source, ("se_buy",))
    assert source.given == 0  # nothing read before the first step back
    assert review.entry(0)[4] == 204 and review.entry(4)[4] == 200
    assert source.given == 5  # the newest generation only
    assert review.entry(5)[4] == 106 and review.entry(11)[4] == 100
    assert review.entry(12)[4] == 12 and review.entry(14)[4] == 10
    assert review.entry(15) is None  # the 4 buys before se_new were another game's
    assert source.given == 5 + 8 + 8 + 8  # the middle generation twice: a window is six
