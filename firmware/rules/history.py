# A card's history, one transaction a page, newest first, read back from the journal.
#
# A mode object: the edition opens it when its history key's hold acts (one card in, nothing
# typed: the edition's hold table), hands it every key while it is open and draws view() in its
# place; the Stock Exchange's REVIEW steps back with Review (rules.stock_screens). It writes
# nothing and keeps no copy of the journal: `journal` is a callable returning an iterator of
# (seq, record), oldest first (store.Store.replay on the unit), and each read keeps only a
# window of WINDOW pages, so the heap it takes does not grow with the game. Loaded on first
# use, like rules.endgame.
from rules import keys
from rules.ledger import BANK

WINDOW = 6  # pages kept from one read of the journal; stepping past them reads it again

MSG_OLDEST = "NO EARLIER ENTRY"
MSG_NEWEST = "NO LATER ENTRY"
MSG_EMPTY = "NO TRANSACTIONS YET"
MSG_KEYS = "C: LEAVE HISTORY"  # any other key on the page

# The other side of a transaction, for a tagged "tx" record (its 5th field). A GO is tagged
# "go" since the tag was added; an older journal's GO has no tag and shows as BANK (the amount
# alone cannot tell a GO from a bank payment of the same sum).
TAGS = {
    "go": "GO",
    "chance": "CHANCE",
    "lift": "MORTGAGE",
    "fine": "FINE",
    "bankrupt": "BANKRUPT",
}

# An entry: [seq, number, amount (signed, for this card), other, balance after, state]
TX = 0
UNDO = 1  # an undo record: the page of the transaction it took back says UNDONE
UNDONE = 2  # a transaction taken back by a later undo record


def other_side(record: tuple, card: int) -> str:
    """Who the card's transaction `record` ("tx", payer, payee, amount[, tag, ...]) was with:
    a tag's name (GO, CHANCE, MORTGAGE...), BANK or CARD n."""
    payer, payee = record[1], record[2]
    if len(record) > 4:
        name = TAGS.get(record[4])
        if name is not None:
            return name
    other = payee if payer == card else payer
    if other == BANK:
        return "BANK"
    return "CARD %d" % other


def entries(journal, card: int, balance_now: int, first=-1, last=-1) -> tuple:
    """(count, entries): how many entries card `card` has in the current game, and those with
    chronological indexes first..last (first -1: the newest WINDOW). One pass over the journal.
    Balances are counted back from balance_now, the card's balance after the last record: the
    journal may start at a snapshot, and a game's start balance is a setting that can change."""
    kept: list = []
    count = 0
    balance = 0
    number = 0  # the game's transaction count, as an undo record names them
    for item in journal():
        seq, record = item[0], item[1]
        kind = record[0]
        if kind == "ledger":  # a snapshot: the transaction count where the journal starts
            number = record[5] if len(record) > 5 else 0
            continue
        if kind == "new":
            balance, number, kept, count = 0, 0, [], 0
            continue
        entry = None
        if kind == "tx":
            number += 1
            payer, payee, amount = record[1], record[2], record[3]
            if payer == card or payee == card:
                signed = amount if payee == card else -amount
                balance += signed
                entry = [seq, number, signed, other_side(record, card), balance, TX]
        elif kind == "undo":
            taken, payer, payee, amount = record[1], record[2], record[3], record[4]
            for old in kept:
                if old[1] == taken and old[5] == TX:
                    old[5] = UNDONE
            if payer == card or payee == card:
                signed = amount if payer == card else -amount
                balance += signed
                entry = [seq, taken, signed, "UNDO", balance, UNDO]
        if entry is None:
            continue
        if first < 0 or first <= count <= last:
            kept.append(entry)
            if first < 0 and len(kept) > WINDOW:
                kept.pop(0)
        count += 1
    for entry in kept:
        entry[4] = balance_now - (balance - entry[4])  # from the change since, to a balance
    return count, kept


def transactions(journal, kinds: tuple, first: int = -1, last: int = -1) -> tuple:
    """(count, records): the Stock Exchange's transactions (records of `kinds`) since its last
    new game, and those with chronological indexes first..last (first -1: the newest WINDOW).
    A snapshot's ("se_review", refund_to, refund, *transaction) counts as its transaction."""
    kept: list = []
    count = 0
    for item in journal():
        record = item[1]
        kind = record[0]
        if kind == "se_new":
            kept, count = [], 0
            continue
        if kind == "se_review":
            record = tuple(record[3:])
        elif kind not in kinds:
            continue
        if first < 0 or first <= count <= last:
            kept.append(record)
            if first < 0 and len(kept) > WINDOW:
                kept.pop(0)
        count += 1
    return count, kept


def open_page(ed) -> None:
    """The history key held (the edition's hold table): the one card's history, newest first."""
    green, red = ed.slot_card[keys.GREEN], ed.slot_card[keys.RED]
    card = green if green is not None else red
    ed.cue("key")
    try:
        ed.history = History(
            ed.journal,
            card,
            ed.ledger.balance(card),
            ed.money,
            ed.history_key,
            ed.history_newer_key,
        )
    except OSError:
        ed.refuse("STORAGE FAILED")  # the journal could not be read back: nothing shown
        return
    ed.showing_card_number = False
    ed.view_changed()


def page_key(ed, key: str) -> None:
    """A key while the page is open (handed over as it goes down): it steps or leaves."""
    ed.cue("key")
    try:
        problem = ed.history.key(key)
    except OSError:
        ed.history = None
        ed.refuse("STORAGE FAILED")
        return
    if problem == "":
        ed.history = None
    elif problem is not None:
        ed.refuse(problem)
        return
    ed.view_changed()


def review_older(ed, kinds: tuple) -> None:
    """The Stock Exchange's REVIEW on its REVIEW screen: the transaction (a record of `kinds`)
    before the one shown; the edition's `review` keeps what was read, its page how far back.
    Nothing is written. Here, not in rules.stock_screens: only a step back loads it."""
    review = ed.review
    try:
        if review is None:
            review = ed.review = Review(ed.journal, kinds)
        back = review.page + 1
        if back >= review.count:
            ed.refuse(MSG_OLDEST)
            return
        review.entry(back)
    except OSError:
        ed.refuse("STORAGE FAILED")
        return
    review.page = back
    ed.cue("key")
    ed.view_changed()


class Pages:
    """Entries read back from the journal a window at a time, page 0 the newest. A subclass
    reads with _read(first, last) -> (count, entries of chronological indexes first..last;
    first -1: the newest WINDOW)."""

    def __init__(self) -> None:
        self.page = 0
        self.count, self.kept = self._read(-1, -1)
        self.first = self.count - len(self.kept)  # chronological index of kept[0]

    def _read(self, first: int, last: int) -> tuple:
        raise NotImplementedError

    def entry(self, page: int):
        """The entry on `page` (0: the newest); reads the journal again outside the window."""
        index = self.count - 1 - page
        if not self.first <= index < self.first + len(self.kept):
            if index < self.first:  # stepping older: the window ends at this entry
                first, last = max(0, index - WINDOW + 1), index
            else:
                first, last = index, index + WINDOW - 1
            self.count, self.kept = self._read(first, last)
            self.first = first
        return self.kept[index - self.first]


class Review(Pages):
    """The Stock Exchange's transactions, newest first, for REVIEW stepping back."""

    def __init__(self, journal, kinds: tuple) -> None:
        self.journal = journal
        self.kinds = kinds
        Pages.__init__(self)

    def _read(self, first: int, last: int) -> tuple:
        return transactions(self.journal, self.kinds, first, last)


class History(Pages):
    """One card's history pages. page 0 is the newest entry; older_key and newer_key step."""

    def __init__(self, journal, card, balance, money, older_key, newer_key) -> None:
        self.journal = journal
        self.card = card
        self.balance = balance  # the card's balance now, after every entry
        self.money = money  # the edition's amount format
        self.older_key = older_key
        self.newer_key = newer_key
        Pages.__init__(self)
        if self.count:
            self.entry(0)  # an OSError from the journal reaches the edition here

    def _read(self, first: int, last: int) -> tuple:
        return entries(self.journal, self.card, self.balance, first, last)

    def key(self, key: str) -> str | None:
        """A key on the page: None when it is taken ("" when it leaves), else the refusal."""
        if key == keys.CLEAR:
            return ""
        if key == self.older_key:
            if self.page + 1 >= self.count:
                return MSG_OLDEST if self.count else MSG_EMPTY
            self.page += 1
            self.entry(self.page)  # read here, where a failed read can be refused, not in view()
            return None
        if key == self.newer_key:
            if self.page == 0:
                return MSG_NEWEST if self.count else MSG_EMPTY
            self.page -= 1
            self.entry(self.page)
            return None
        return MSG_KEYS

    def view(self, view: dict) -> None:
        """Fill an edition's view: title CARD n and the page, the signed amount big, then the
        other side and the balance after it (UNDONE for a transaction taken back)."""
        view["mode"] = "history"
        if not self.count:
            view["title"] = "CARD %d HISTORY" % self.card
            view["big"] = "----"
            view["detail"] = MSG_EMPTY
            return
        view["title"] = "CARD %d  %d/%d" % (self.card, self.page + 1, self.count)
        entry = self.entry(self.page)
        amount = entry[2]
        view["big"] = ("+" if amount > 0 else "-") + self.money(abs(amount))
        if entry[5] == UNDONE:
            view["detail"] = "%s: UNDONE" % entry[3]
        else:
            view["detail"] = "%s  BAL %s" % (entry[3], self.money(entry[4]))
