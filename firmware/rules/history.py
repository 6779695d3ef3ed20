# A card's history, one transaction a page, newest first, read back from the journal.
#
# A mode (Page, on the edition's stack: rules.modes): the edition opens it when its history
# key's hold acts (one card in, nothing typed: the edition's hold table); it takes every key
# while it is open and draws view() in the edition's place. The Stock Exchange's REVIEW steps
# back with Review (editions.stock_exchange.pages). It writes nothing and keeps no copy of the
# journal: `journal` is the store (store.Store), read newest generation first and only as far
# back as the pages reach (Pages), each read keeping a window of WINDOW pages, so neither the
# time a page takes nor the heap grows with the game.
# rules.history_pass is the whole-game pass the export uses. Loaded on first use, like
# rules.endgame.
from compat.const import const
from rules import keys
from rules.ledger import BANK
from rules.modes import Mode, drop_mode, open_mode

WINDOW = 6  # pages kept from one read of a generation; stepping past them reads one again

_MSG_OLDEST = const("NO EARLIER ENTRY")
_MSG_NEWEST = const("NO LATER ENTRY")
_MSG_EMPTY = const("NO TRANSACTIONS YET")
_MSG_KEYS = const("C: LEAVE HISTORY")  # any other key on the page
# The oldest generations were removed (store.Store: the history yields to play): where the
# kept history begins, the game's number of its first transaction, e.g. HISTORY FROM #1,210.
MSG_FROM = "HISTORY FROM #"

# The other side of a transaction, for a tagged "tx" record (its 5th field). A GO is tagged
# "go" since the tag was added; an older journal's GO has no tag and shows as BANK (the amount
# alone cannot tell a GO from a bank payment of the same sum). (tag, name) pairs: in a tuple of
# constants the strings are objects, where a dict literal's keys were names for good in every
# edition that shows a history page (issue 27: 14 of them the Banker's alone).
_TAGS = const(
    (
        ("go", "GO"),
        ("chance", "CHANCE"),
        ("lift", "MORTGAGE"),
        ("fine", "FINE"),
        ("bankrupt", "BANKRUPT"),
    )
)
# The Banker's actions on a deed (a "tx" with the deed's square 6th): the page names both,
# "BUY 39", in at most 8 characters ("MORT 39  BAL $999999" fills the 21 of a line). A
# bankruptcy's building proceeds keep BANKRUPT (_TAGS).
DEED_TAGS = const(
    (
        ("buy", "BUY"),
        ("auction", "AUCT"),
        ("rent", "RENT"),
        ("build", "BUILD"),
        ("sell", "SELL"),
        ("mortgage", "MORT"),
        ("lift", "LIFT"),
        ("interest", "10%"),
        ("trade", "TRADE"),
    )
)


# An entry: [seq, number, amount (signed, for this card), other, balance after, state]
TX = 0
UNDO = 1  # an undo record: the page of the transaction it took back says UNDONE
UNDONE = 2  # a transaction taken back by a later undo record
GAP = 3  # records lost in an older generation: what they moved (ledger_gap)

MSG_GAP = "%d MISSING"  # a gap's other side: journal lines lost (its page: 2 MISSING +130K)


def _named(pairs: tuple, tag):
    """The name `pairs` give `tag`, or None."""
    for key, name in pairs:
        if key == tag:
            return name
    return None


def grouped(number: int) -> str:
    """1210 -> "1,210"."""
    text = str(number)
    out = text[: len(text) % 3 or 3]
    for i in range(len(out), len(text), 3):
        out += "," + text[i : i + 3]
    return out


def other_side(record: tuple, card: int) -> str:
    """Who the card's transaction `record` ("tx", payer, payee, amount[, tag, ...]) was with:
    a tag's name (GO, CHANCE, MORTGAGE...), a Banker's action with its deed (BUY 39), BANK or
    CARD n."""
    payer, payee = record[1], record[2]
    if len(record) > 5:
        word = _named(DEED_TAGS, record[4])
        if word is not None:
            return "%s %d" % (word, record[5])
    if len(record) > 4:
        name = _named(_TAGS, record[4])
        if name is not None:
            return name
    other = payee if payer == card else payer
    if other == BANK:
        return "BANK"
    return "CARD %d" % other


def ledger_of(state: tuple):
    """The ("ledger", start, created, destroyed, balances[, moves]) record among a snapshot's
    state records, None if it has none."""
    for record in state:
        if record[0] == "ledger":
            return record
    return None


def ledger_gap(check: tuple, card: int, start, change: int, txs: int) -> tuple:
    """(amount, transactions) by which `card`'s records read, `change` and `txs` "tx" records
    on from `start` ((balance, moves) where they start; None: a game with no record before
    them, from its ledger's start balance), fall short of a gap check's snapshot
    (store.reader.following's record). (0, 0) when the snapshot has no ledger for the card."""
    ledger = ledger_of(check[2])
    if ledger is None or len(ledger[4]) <= card:
        return 0, 0
    if start is None:
        start = (ledger[1], 0)
    return ledger[4][card] - start[0] - change, _moves(ledger) - start[1] - txs


def _moves(ledger: tuple) -> int:
    """A ledger record's transaction count (absent from snapshots older than undo: 0)."""
    return ledger[5] if len(ledger) > 5 else 0


def open_page(ed) -> None:
    """The history key held (the edition's hold table): the one card's history, newest first,
    as a mode on the edition's stack (rules.modes)."""
    green, red = ed.slot_card[keys.GREEN], ed.slot_card[keys.RED]
    card = green if green is not None else red
    policy = ed.policy
    ed.cue("key")
    try:
        pages = History(
            ed.journal,
            card,
            ed.ledger.balance(card),
            ed.ledger.moves,
            ed.money,
            policy.history_key,
            policy.history_newer_key,
        )
    except OSError:
        ed.refuse("STORAGE FAILED")  # the journal could not be read back: nothing shown
        return
    ed.showing_card_number = False
    open_mode(ed, Page(ed, pages))


def shown(ed):
    """The History whose page the edition shows (its top mode is a Page), or None."""
    modes = ed.modes
    if modes and isinstance(modes[-1], Page):
        return modes[-1].pages
    return None


class Page(Mode):
    """A card's history page on the edition's stack: it takes every key as it goes down (no
    release, no hold), draws in the edition's place, and ends with C, a card event or
    standby."""

    covers = True

    def __init__(self, machine, pages) -> None:
        self.machine = machine
        self.pages = pages  # the History read back

    def press(self, key: str, now: int) -> bool:
        ed = self.machine
        ed.held_key = None  # the page takes the key as it goes down: no release, no hold
        ed.cue("key")
        try:
            problem = self.pages.key(key)
        except OSError:
            drop_mode(ed, self)
            ed.refuse("STORAGE FAILED")
            return True
        if problem == "":
            drop_mode(ed, self)
        elif problem is not None:
            ed.refuse(problem)
            return True
        ed.view_changed()
        return True

    def view(self, view: dict) -> None:
        self.pages.view(view)


def review_older(ed, page, kinds: tuple) -> None:
    """The Stock Exchange's REVIEW on its REVIEW screen: the transaction (a record of `kinds`)
    before the one shown; the REVIEW page's (mode's) `review` keeps what was read, its page how
    far back. Nothing is written. Here, not in editions.stock_exchange.pages: only a step back
    loads it."""
    review = page.review
    if review is None and ed.journal is None:
        ed.refuse(_MSG_OLDEST)  # no store to read back (the rules alone, as a test drives them)
        return
    try:
        if review is None:
            review = page.review = Review(ed.journal, kinds)
        back = review.page + 1
        if review.entry(back) is None:
            ed.refuse(_MSG_OLDEST)
            return
    except OSError:
        ed.refuse("STORAGE FAILED")
        return
    review.page = back
    ed.cue("key")
    ed.view_changed()


class Pages:
    """Entries read back from the journal newest first, page 0 the newest, a generation at a
    time: `journal` is the store (history_generations(), history_records()). Only the
    generations the pages reach are read, newest first, each forward a line at a time; what
    one read learnt (its entry count, and the state at its older end that the next older one
    is counted back from: a subclass's `carry`) is kept for the generations read so far, a few
    numbers each, and entries for at most WINDOW pages of one generation. A subclass reads a
    generation with _scan(generation, snapshot, carry, first, last) -> (count, carry before
    it, entries of chronological indexes first..last in it (first -1: its newest WINDOW),
    whether it starts the game)."""

    def __init__(self, journal, carry) -> None:
        self.journal = journal
        self.page = 0
        self.generations = journal.history_generations()  # (generation, snapshot), newest first
        self.counts: list = []  # entries in each generation read, newest first
        self.carries = [carry]  # the state after each generation read (and before the last)
        self.started = False  # the oldest generation read holds the game's start
        self.kept: list = []  # entries of generation self.at, chronological indexes self.low..
        self.at = -1
        self.low = 0

    def _scan(self, generation: int, snapshot: bool, carry, first: int, last: int) -> tuple:
        raise NotImplementedError

    def _read(self, i: int, first: int, last: int) -> tuple:
        generation, snapshot = self.generations[i]
        return self._scan(generation, snapshot, self.carries[i], first, last)

    def _older(self) -> bool:
        """Read the next older generation (its newest WINDOW entries); False if none is left."""
        i = len(self.counts)
        if self.started or i >= len(self.generations):
            return False
        count, carry, kept, started = self._read(i, -1, -1)
        self.counts.append(count)
        self.carries.append(carry)
        self.started = started
        if count:  # an empty one leaves the window as it was: the page shown stays readable
            self.kept, self.at, self.low = kept, i, count - len(kept)
        return True

    def entry(self, page: int):
        """The entry on `page` (0: the newest), None past the oldest; reads a generation (only
        one, in turn) when the page is outside the window."""
        i = 0
        newer = 0  # entries in the generations newer than i
        while True:
            if i == len(self.counts) and not self._older():
                return None
            if page < newer + self.counts[i]:
                break
            newer += self.counts[i]
            i += 1
        count = self.counts[i]
        index = count - 1 - (page - newer)  # chronological, in generation i
        if self.at != i or not self.low <= index < self.low + len(self.kept):
            if self.at != i or index < self.low:  # stepping older: the window ends here
                first, last = max(0, index - WINDOW + 1), index
            else:
                first, last = index, min(count - 1, index + WINDOW - 1)
            self.kept = self._read(i, first, last)[2]
            self.at, self.low = i, first
        return self.kept[index - self.low]


class Review(Pages):
    """The Stock Exchange's transactions (records of `kinds`) since its last new game, newest
    first, for REVIEW stepping back. A snapshot's ("se_review", refund_to, refund,
    *transaction) starting the history counts as its transaction."""

    def __init__(self, journal, kinds: tuple) -> None:
        self.kinds = kinds
        Pages.__init__(self, journal, None)

    def _scan(self, generation: int, snapshot: bool, carry, first: int, last: int) -> tuple:
        kept: list = []
        count = 0
        started = False
        for item in self.journal.history_records(generation, snapshot):
            record = item[1]
            kind = record[0]
            if kind == "se_new":
                kept, count, started = [], 0, True
                continue
            if kind == "se_review":
                record = tuple(record[3:])
            elif kind not in self.kinds:
                continue
            if first < 0 or first <= count <= last:
                kept.append(record)
                if first < 0 and len(kept) > WINDOW:
                    kept.pop(0)
            count += 1
        return count, None, kept, started


class History(Pages):
    """One card's history pages. page 0 is the newest entry; older_key and newer_key step.
    Balances and transaction numbers are counted back from the card's balance and the game's
    transaction count now (ledger.moves), a generation at a time, so no page needs the ones
    before it; an undo names the number of the transaction it took back, which may be in an
    older generation: the numbers this card's undos named are kept, a few ints."""

    def __init__(self, journal, card, balance, moves, money, older_key, newer_key) -> None:
        self.card = card
        self.money = money  # the edition's amount format
        self.older_key = older_key
        self.newer_key = newer_key
        self.undone: list = []  # transaction numbers this card's undo records took back
        Pages.__init__(self, journal, (moves, balance))
        self.empty = self.entry(0) is None  # an OSError from the journal reaches the edition

    def _scan(self, generation: int, snapshot: bool, carry, first: int, last: int) -> tuple:
        card = self.card
        kept: list = []
        undone: list = []
        count = 0
        txs = 0  # "tx" records in the generation (after a new game in it)
        change = 0  # the card's balance change over the generation
        started = False
        begin = None  # (balance, moves) where the generation starts, and the number before it
        start, lines, seq = -1, 0, -1  # and the journal lines read since, for the gap check
        for item in self.journal.history_records(generation, snapshot):
            record = item[1]
            kind = record[0]
            if item[0] != seq:
                seq, lines = item[0], lines + 1
            if kind == "ledger":  # the snapshot's state starting the history
                begin, start, lines = (record[4][card], _moves(record)), seq, 0
            if kind == "new":
                kept, undone, count, txs, change, started = [], [], 0, 0, 0, True
                begin, start, lines = (record[1], 0), seq - 1, 1
                continue
            entry = None
            if kind == "tx":
                txs += 1
                payer, payee, amount = record[1], record[2], record[3]
                if payer == card or payee == card:
                    signed = amount if payee == card else -amount
                    change += signed
                    entry = [item[0], txs, signed, other_side(record, card), change, TX]
            elif kind == "undo":
                payer, payee, amount = record[2], record[3], record[4]
                if payer == card or payee == card:
                    signed = amount if payer == card else -amount
                    change += signed
                    undone.append(record[1])
                    entry = [item[0], record[1], signed, "UNDO", change, UNDO]
            if entry is None:
                continue
            if first < 0 or first <= count <= last:
                kept.append(entry)
                if first < 0 and len(kept) > WINDOW:
                    kept.pop(0)
            count += 1
        gap = self._gap(generation, begin, start, lines, change, txs)
        txs += gap[1]  # the transactions lost are counted at the generation's end
        gap[1] = txs
        if gap[2] != 0:  # the newest entry of the generation: where its snapshot found it
            change += gap[2]
            if first < 0 or first <= count <= last:
                kept.append(gap)
                if first < 0 and len(kept) > WINDOW:
                    kept.pop(0)
            count += 1
        for number in undone:
            if number not in self.undone:
                self.undone.append(number)
        moves, balance = carry  # after the generation's last record
        for entry in kept:
            if entry[5] != UNDO:
                entry[1] += moves - txs  # its place in the generation, to the game's number
            entry[4] = balance - (change - entry[4])  # from the change since, to a balance
            if entry[5] == TX and entry[1] in self.undone:
                entry[5] = UNDONE
        return count, (moves - txs, balance - change), kept, started

    def _gap(self, generation: int, begin, start: int, lines: int, change: int, txs: int):
        """The gap entry [seq, transactions missing, amount, other, change after, GAP] by
        which a generation's records fall short of the snapshot that follows it (amount 0:
        none for the card, or unchecked); begin and start: where its records start
        ((balance, moves), the record number), as read."""
        gap = [0, 0, 0, "", change, GAP]
        if begin is None and generation > 0:  # its records start at its own snapshot
            found = self.journal.history_snapshot(generation)
            ledger = None if found is None else ledger_of(found[1])
            if ledger is None:
                return gap  # nothing to count from: unchecked
            begin, start = (ledger[4][self.card], _moves(ledger)), found[0]
        check = self.journal.history_check(generation, max(start, 0), lines)
        if check is None:
            return gap
        amount, moves = ledger_gap(check[1], self.card, begin, change, txs)
        return [check[0], moves, amount, MSG_GAP % check[1][1], change + amount, GAP]

    def oldest(self, message: str) -> str:
        """Past the oldest kept entry (every kept generation read): `message` if the history
        reaches the game's start, else where it begins (MSG_FROM and the first number)."""
        moves = self.carries[-1][0]  # transactions before the oldest generation read
        if self.started or moves <= 0:
            return message
        return MSG_FROM + grouped(moves + 1)

    def key(self, key: str) -> str | None:
        """A key on the page: None when it is taken ("" when it leaves), else the refusal."""
        if key == keys.CLEAR:
            return ""
        if key == self.older_key:
            if self.empty:
                return self.oldest(_MSG_EMPTY)
            if self.entry(self.page + 1) is None:  # read here, where a failure is refused
                return self.oldest(_MSG_OLDEST)
            self.page += 1
            return None
        if key == self.newer_key:
            if self.page == 0:
                return self.oldest(_MSG_EMPTY) if self.empty else _MSG_NEWEST
            self.page -= 1
            self.entry(self.page)
            return None
        return _MSG_KEYS

    def view(self, view: dict) -> None:
        """Fill an edition's view: title CARD n and the transaction's number in the game (an
        undo's: the one it took back), the signed amount big, then the other side and the
        balance after it (UNDONE for a transaction taken back)."""
        view["mode"] = "history"
        if self.empty:
            view["title"] = "CARD %d HISTORY" % self.card
            view["big"] = "----"
            view["detail"] = self.oldest(_MSG_EMPTY)
            return
        entry = self.entry(self.page)
        view["title"] = "CARD %d  #%d" % (self.card, entry[1])
        amount = entry[2]
        view["big"] = ("+" if amount > 0 else "-") + self.money(abs(amount))
        if entry[5] == GAP:
            view["title"] = "CARD %d  GAP" % self.card
            view["detail"] = "%s %s" % (entry[3], view["big"])  # 2 MISSING +130K
        elif entry[5] == UNDONE:
            view["detail"] = "%s: UNDONE" % entry[3]
        else:
            view["detail"] = "%s  BAL %s" % (entry[3], self.money(entry[4]))
