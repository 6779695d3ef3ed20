"""Fuzzing: seeded random play of every edition, checking after every event that nothing raised
and that no money was invented or lost.

    .venv/bin/python tools/fuzz.py          # make fuzz: every edition, seeds 1-4, both levels
    .venv/bin/python tools/fuzz.py --edition electronic_banking --seed 7 --seeds 1 --events 20000
    .venv/bin/python tools/fuzz.py --sim-actions 0        # the rules level only

By default each edition gets 4 seeds x 250000 rules-level events and 4 x 1250 simulator
actions, run on --jobs 2 processes.

- rules level: a seeded Player (taps, amounts, long holds of every key, keys left down, cards
  1..8 and strangers in and out of either slot, one card in both slots, swaps without a "gone",
  waits up to 70 s, reboots, a tick counter that wraps at 2**30, storage failures) drives the
  edition with the shell's contract: every outbox is acknowledged before the next event. After
  every event: nothing raised, no balance is negative, the ledger invariant holds, the balances
  are what the acknowledged records alone give (MoneyModel, written apart from the ledger), a
  refused outbox changed nothing durable. At checkpoints (every 500 events, at reboots and at
  the end), fresh editions rebuilt from the journal and from the last snapshot plus the records
  since equal the live one (ledger, card bindings, sound, snapshot).
- simulator level: random legal calls on a VirtualUnit (real firmware, board file and flash, a
  clock that crosses the wrap, a flash that fills up now and then): nothing escapes the
  firmware, the invariant holds and the balances are what the stored records give after every
  call, and a power cycle changes no balance, binding or setting.

The Stock Exchange (a card-less edition that keeps no balances) gets its own player and its
own invariants instead of the money checks: a MarketPlayer keys whole transactions (BANK
PURCHASE, SELL, BUY PLAYERS, INTEREST, START, OFFICES, REMOVE) with tokens and codes chosen
from the market on screen, plus mistakes, browsing, holds, standby, reboots and storage
failures. After every event: the 9 shares of each company are all somewhere (players + bank),
the President is a top holder of a listed company and -1 exactly when it is unlisted, offices
stand only on monopolies, evenly, within the bank's 32 offices and 12 head offices, and the
market equals a shadow Market that applied only the acknowledged records (the journal replayed
live). Checkpoints rebuild it from the journal and from snapshots, as for the other editions.

Exit status: 0 clean; 1 on the first violation, printed with the seed, the event index, the
command that reproduces it and, at the rules level, a shrunk event sequence.
"""

import argparse
import collections
import inspect
import json
import multiprocessing
import pathlib
import random
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from editions.stock_exchange.market import Market  # noqa: E402

import host_sim  # noqa: E402,F401  (puts firmware/, the stand-ins and the parts on sys.path)
from app.editions import EDITIONS, make_edition, uses_cards  # noqa: E402
from boards.keymaps import keymap  # noqa: E402
from host_sim.virtual_unit import VirtualUnit, VirtualUnitError  # noqa: E402
from peripherals.wiring import card_id  # noqa: E402
from store.journal import decode, encode  # noqa: E402

TICKS_PERIOD = 1 << 30
TICKS_MASK = TICKS_PERIOD - 1
STORAGE_PROBLEMS = ("FLASH FULL: SEE GUIDE", "STORAGE FAILED")  # app.unit MSG_FULL
NON_MONEY_RECORDS = ("card", "uncard", "set")  # record kinds that never move money
STRANGERS = ("04deadbeef0001", "a1b2c3d4", "0401020304050607")  # cards no unit enrolled
GREEN, RED = 0, 1


class Violation(AssertionError):
    """A broken property. kind names which check failed (the shrinker keeps it the same)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__("%s: %s" % (kind, detail))
        self.kind = kind
        self.detail = detail
        self.index = -1  # event index, set by the runner


def edition_keys(edition: str) -> list:
    """Every logical key of the edition's keypad layouts, in layout order."""
    found: list = []
    for matrix in ("4x4", "5x5"):
        try:
            layout = keymap(matrix, edition)
        except ValueError:
            continue
        for row in layout:
            for key in row:
                if key is not None and key not in found:
                    found.append(key)
    if not found:
        raise ValueError("no keypad layout for " + edition)
    return found


def is_market(edition) -> bool:
    """A Stock Exchange edition (its state is a market, not a ledger of balances)."""
    return getattr(edition, "market", None) is not None and not hasattr(edition, "ledger")


def card_count_of(edition) -> int:
    """Player cards the edition knows (0 for a card-less edition)."""
    return getattr(edition, "card_count", 0)


def durable_state(edition) -> tuple:
    """What must survive a reboot: the ledger, the card bindings, the sound setting (the
    Stock Exchange: its market, its last transaction for REVIEW, the sound setting)."""
    if is_market(edition):
        return (
            tuple(edition.market.state_records()),
            (getattr(edition, "last", None), getattr(edition, "last_refund_to", None)),
            getattr(edition, "sound_on", None),
        )
    registry = getattr(edition, "registry", None)
    return (
        edition.ledger.state_record(),
        dict(registry.numbers) if registry is not None else None,
        getattr(edition, "sound_on", None),
    )


def full_state(edition) -> tuple:
    """durable_state plus the edition's own snapshot, as the journal would store it."""
    return durable_state(edition) + (sorted(encode(r) for r in edition.snapshot_records()),)


def describe(step: tuple) -> str:
    kind, now, a, b, refuse = step
    args = [repr(x) for x in (a, b) if x is not None]
    text = "%-12s t=%-10d %s" % (kind, now, " ".join(args))
    return text + ("  -> acknowledge(False, %r)" % refuse if refuse else "")


# ---- the rules level -------------------------------------------------------------------------


class MoneyModel:
    """Balances as the acknowledged records alone give them: written apart from rules.ledger,
    so a ledger that miscounts cannot agree with it by construction."""

    def __init__(self, card_count: int, start_balance: int) -> None:
        self.card_count = card_count
        self.balances = [0] + [start_balance] * card_count
        self.unmodelled = 0
        # This game's transactions in order (None: known only by count, from a snapshot), and
        # the numbers taken back: an undo may name only the last one, and only once.
        self.moves: list = []
        self.undone: set = set()

    def apply(self, record: tuple, ledger) -> None:
        kind = record[0]
        balances = self.balances
        if kind == "tx":
            payer, payee, amount = record[1], record[2], record[3]
            if type(amount) is not int or amount <= 0:
                raise Violation("bad record", "amount %r in %r" % (amount, record))
            if payer == payee or not (
                0 <= payer <= self.card_count and 0 <= payee <= self.card_count
            ):
                raise Violation("bad record", "accounts in %r" % (record,))
            if payer and balances[payer] < amount:
                raise Violation("bad record", "%r overdraws card %d" % (record, payer))
            if payer:
                balances[payer] -= amount
            if payee:
                balances[payee] += amount
            self.moves.append((payer, payee, amount))
        elif kind == "undo":
            self._undo(record)
        elif kind == "new":
            self.balances = [0] + [record[1]] * self.card_count
            self.moves, self.undone = [], set()
        elif kind == "ledger":
            self.balances = list(record[4])
            self.moves, self.undone = [None] * (record[5] if len(record) > 5 else 0), set()
        elif kind not in NON_MONEY_RECORDS:
            self.unmodelled += 1  # a record kind this model does not know: trust the ledger
            self.balances = list(ledger.balances)

    def _undo(self, record: tuple) -> None:
        number, payer, payee, amount = record[1], record[2], record[3], record[4]
        if number != len(self.moves) or number in self.undone:
            raise Violation("bad undo", "%r: not the last transaction, once" % (record,))
        known = self.moves[number - 1]
        if known is not None and known != (payer, payee, amount):
            raise Violation("bad undo", "%r does not match transaction %r" % (record, known))
        if payee and self.balances[payee] < amount:
            raise Violation("bad undo", "%r overdraws card %d" % (record, payee))
        if payer:
            self.balances[payer] += amount
        if payee:
            self.balances[payee] -= amount
        self.undone.add(number)


# Company groups by code, written out here apart from editions.stock_exchange.market (brown, light
# blue, pink, orange, red, yellow, green, dark blue).
MARKET_GROUPS = ((1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12, 13, 14), (15, 16, 17)) + (
    (18, 19, 20),
    (21, 22),
)
MARKET_SHARES = 9
MARKET_OFFICES = 32
MARKET_HEAD_OFFICES = 12
MARKET_TRANSACTIONS = (
    "se_intro",
    "se_buy",
    "se_sell",
    "se_trade",
    "se_interest",
    "se_start",
    "se_offices",
    "se_remove",
)


def market_problem(market) -> str | None:
    """The first broken market invariant, checked from the raw lists (not from the market's
    own state_problem), or None."""
    offices = heads = 0
    for code in range(1, 23):
        row = market.holdings[code]
        if len(row) != 6 or any(type(n) is not int or n < 0 for n in row):
            return "company %d: bad holdings %r" % (code, row)
        bank = market.bank_shares(code)
        if bank < 0 or bank + sum(row) != MARKET_SHARES:
            return "company %d: players %r + bank %d are not 9 shares" % (code, row, bank)
        president = market.president[code]
        if sum(row) == 0:
            if president != -1:
                return "company %d: unlisted but president %r" % (code, president)
        elif president not in range(6) or row[president] != max(row):
            return "company %d: president %r with holdings %r" % (code, president, row)
        if market.trend[code] not in (-1, 0, 1):
            return "company %d: trend %r" % (code, market.trend[code])
        level = market.offices[code]
        if level not in range(6):
            return "company %d: office level %r" % (code, level)
        if level == 5:
            heads += 1
        else:
            offices += level
    for group in MARKET_GROUPS:
        levels = [market.offices[code] for code in group]
        owners = {market.president[code] for code in group}
        if max(levels) and (len(owners) != 1 or -1 in owners):
            return "offices %r on group %r, which is not a monopoly" % (levels, group)
        if max(levels) - min(levels) > 1:
            return "uneven offices %r on group %r" % (levels, group)
    if offices > MARKET_OFFICES or heads > MARKET_HEAD_OFFICES:
        return "%d offices and %d head offices in use" % (offices, heads)
    return None


class MarketModel:
    """A shadow Market that applies only the acknowledged records (the journal, replayed live);
    the edition's market must equal it after every event."""

    def __init__(self) -> None:
        self.market = Market()
        self.unmodelled = 0

    def apply(self, record: tuple, _ledger=None) -> None:
        if record[0] == "se_review":
            return  # the REVIEW screen's record: no market change
        try:
            self.market.apply(record)
        except ValueError as error:
            raise Violation("bad record", "%r does not apply: %s" % (record, error)) from None

    def state(self) -> list:
        return self.market.state_records()


class RulesRun:
    """Plays the shell's part for one edition: acknowledges every outbox before the next event,
    keeps the journal as the store would read it back, and checks the edition after each event.
    make: the edition factory (tests hand in broken editions to see the checks fail)."""

    def __init__(self, edition: str, enrolled: int, make=None, checkpoint_every: int = 500):
        self.name = edition
        self.make = make if make is not None else (lambda: make_edition(edition))
        self.checkpoint_every = checkpoint_every
        self.edition = self.make()
        self.market = is_market(self.edition)
        if self.market:
            self.model: MoneyModel | MarketModel = MarketModel()
        else:
            ledger = self.edition.ledger
            self.model = MoneyModel(ledger.card_count, ledger.start_balance)
        self.journal: list = []  # every acknowledged record, encoded and decoded like the store
        self.index = 0  # events fed so far
        self.seen_version = -1
        self.last_now = 0  # the last ticks value fed, to count wraps of the tick counter
        self.cues: list = []  # the cues of the last event
        self.stats = collections.Counter()
        # A fresh unit's flash comes with the first `enrolled` player cards (like VirtualUnit).
        for number in range(1, min(enrolled, card_count_of(self.edition)) + 1):
            record = self._journaled(("card", card_id(number), number))
            self.edition.restore(record)
            self.journal.append(record)
        self._check()
        self.snapshot: tuple = ([], 0)
        self.checkpoint()  # the start is a checkpoint too: it takes the first snapshot

    # -- feeding -------------------------------------------------------------------------------

    def feed(self, step: tuple) -> None:
        """One event, its acknowledgement and the checks; a Violation carries the event's
        index (0-based, counted from the run's start)."""
        kind, now, a, b, refuse = step
        edition = self.edition
        index = self.index
        try:
            if kind == "tick":
                edition.tick(now)
            elif kind == "key_down":
                edition.key_down(a, now)
            elif kind == "key_up":
                edition.key_up(a, now)
            elif kind == "card_present":
                edition.card_present(a, b, now)
            elif kind == "card_gone":
                edition.card_gone(a, now)
            elif kind == "reboot":
                self._reboot(now)
            else:
                raise ValueError("unknown step " + kind)
            self._settle(refuse)
            self._check()
            self.stats["events"] += 1
            self.stats["ticks"] += kind == "tick"
            self.stats["wraps"] += now < self.last_now and kind != "reboot"
            self.last_now = now
            if (index + 1) % self.checkpoint_every == 0:
                self.checkpoint()
        except Violation as violation:
            violation.index = index
            raise
        except Exception as error:  # anything the firmware raises is a finding
            where = traceback.format_exception(type(error), error, error.__traceback__)
            violation = Violation(
                "exception %s" % type(error).__name__,
                "%s during %s\n%s" % (error, describe(step), "".join(where[-4:]).rstrip()),
            )
            violation.index = index
            raise violation from error
        self.index = index + 1

    def _journaled(self, record: tuple) -> tuple:
        try:
            stored = decode(encode(record))
        except (TypeError, ValueError) as error:
            raise Violation("bad record", "%r cannot be journaled: %s" % (record, error)) from None
        if stored is None or list(stored) != json.loads(json.dumps(list(record))):
            raise Violation("bad record", "%r does not read back from the journal" % (record,))
        return tuple(stored)

    def _settle(self, refuse) -> None:
        edition = self.edition
        if edition.outbox:
            records = list(edition.outbox)
            stored = [self._journaled(record) for record in records]
            if refuse is not None:
                before = durable_state(edition)
                edition.acknowledge(False, refuse)
                if durable_state(edition) != before:
                    raise Violation(
                        "refused record applied", "%r, refused, changed the state" % (records,)
                    )
                self.stats["storage failures"] += 1
                self.stats["refusals"] -= 1  # its error cue is the storage's, not a rule's
            else:
                edition.acknowledge(True)
                self.journal.extend(stored)
                for record in stored:
                    self.model.apply(record, getattr(edition, "ledger", None))
                    self.stats["records"] += 1
                    self.stats["transactions"] += (
                        record[0] == "tx" or record[0] in MARKET_TRANSACTIONS
                    )
                    self.stats["new games"] += record[0] == "new" or record[0] == "se_new"
                    self.stats["undos"] += record[0] == "undo"
                    self.stats["enrolments"] += record[0] == "card"
            if edition.outbox:
                raise Violation("outbox kept", "%r still waiting after acknowledge" % (records,))
        cues = self.cues = edition.take_cues()
        if cues:
            self.stats["refusals"] += cues.count("error")
        if edition.version != self.seen_version:
            edition.view()  # must not raise, whatever the state
            self.seen_version = edition.version

    def _check(self) -> None:
        if self.market:
            self._check_market()
            return
        ledger = self.edition.ledger
        balances = ledger.balances
        for number in range(len(balances)):
            if balances[number] < 0:
                raise Violation("negative balance", "card %d has %d" % (number, balances[number]))
        if not ledger.invariant_holds():
            raise Violation("ledger invariant", "broken: %r" % (ledger.state_record(),))
        if list(balances) != self.model.balances:
            raise Violation(
                "money not conserved",
                "balances %r, but the acknowledged records give %r"
                % (list(balances), self.model.balances),
            )

    def _check_market(self) -> None:
        market = self.edition.market
        problem = market_problem(market)
        if problem is not None:
            raise Violation("market invariant", problem)
        live, model = market.state_records(), self.model.state()  # type: ignore[union-attr]
        if live != model:
            raise Violation(
                "market not what the records give",
                "live %r, but the acknowledged records give %r" % (live, model),
            )

    # -- checkpoints and reboots ------------------------------------------------------------

    def _rebuild(self, records: list, source: str):
        fresh = self.make()
        for number, record in enumerate(records):
            try:
                fresh.restore(record)
            except ValueError as error:
                raise Violation(
                    "rebuild from " + source, "record %d %r refused: %s" % (number, record, error)
                ) from None
        return fresh

    def _take_snapshot(self) -> tuple:
        records = [self._journaled(record) for record in self.edition.snapshot_records()]
        return records, len(self.journal)

    def checkpoint(self) -> None:
        """A fresh edition rebuilt from (a) the journal, (b) the last snapshot plus the records
        since, and (c) a snapshot taken now must each equal the live one."""
        live = full_state(self.edition)
        rebuilt = self._rebuild(self.journal, "journal")
        if full_state(rebuilt) != live:
            raise Violation("rebuild from journal", _diff(full_state(rebuilt), live))
        records, since = self.snapshot
        rebuilt = self._rebuild(records + self.journal[since:], "snapshot")
        if full_state(rebuilt) != live:
            raise Violation("rebuild from snapshot", _diff(full_state(rebuilt), live))
        self.snapshot = self._take_snapshot()
        rebuilt = self._rebuild(self.snapshot[0], "new snapshot")
        if full_state(rebuilt) != live:
            raise Violation("rebuild from new snapshot", _diff(full_state(rebuilt), live))
        self.stats["checkpoints"] += 1

    def _reboot(self, now: int) -> None:
        """Power comes back: the state is what the store hands over (snapshot + journal)."""
        records, since = self.snapshot
        rebooted = self._rebuild(records + self.journal[since:], "snapshot at boot")
        if full_state(rebooted) != full_state(self.edition):
            raise Violation("reboot", _diff(full_state(rebooted), full_state(self.edition)))
        self.edition = rebooted
        self.seen_version = -1
        self.stats["reboots"] += 1
        rebooted.tick(now)


def _diff(rebuilt: tuple, live: tuple) -> str:
    names = ("ledger or market", "card bindings", "sound", "snapshot records")
    lines = []
    for name, got, want in zip(names, rebuilt, live, strict=False):
        if got != want:
            lines.append("%s: rebuilt %r, live %r" % (name, got, want))
    return "; ".join(lines)


class Player:
    """A person at the unit and the shell's clock: seeded random actions, expanded into timed
    steps (kind, ticks_ms, arg, arg, refusal) in `out`. refusal is None (the write succeeds) or
    the problem passed to acknowledge(False, ...) if that event produces an outbox."""

    def __init__(
        self,
        keys: list,
        card_count: int,
        enrolled: int,
        rng: random.Random,
        start_ticks: int | None = None,
    ) -> None:
        self.rng = rng
        self.keys = list(keys)
        self.digits = [k for k in self.keys if len(k) == 1 and k.isdigit()]
        self.others = [k for k in self.keys if k not in self.digits]  # K, M, GO, C, ...
        self.card_count = card_count
        self.enrolled = enrolled
        self.t = 0  # ms since the start, never wraps
        self.base = self._start_ticks() if start_ticks is None else start_ticks
        self.slots: list = [None, None]
        self.down: list = []  # keys held down right now
        self.fail_rate = 0.0
        self.out: collections.deque = collections.deque()
        self.refused: set = set()  # cards the unit refused when they went in
        self.emit("tick")

    def _start_ticks(self) -> int:
        pick = self.rng.random()
        if pick < 0.6:
            return TICKS_PERIOD - self.rng.randint(1, 600000)  # wraps within ten minutes
        return 0 if pick < 0.8 else self.rng.randrange(TICKS_PERIOD)

    # -- primitives ------------------------------------------------------------------------

    def emit(self, kind: str, a=None, b=None) -> None:
        refuse = None
        if self.fail_rate and self.rng.random() < self.fail_rate:
            refuse = self.rng.choice(STORAGE_PROBLEMS)
        self.out.append((kind, (self.t + self.base) & TICKS_MASK, a, b, refuse))

    def wait(self, ms: int) -> None:
        """ms pass. The shell ticks every 100 ms; to keep most events inputs, here a tick comes
        at up to 4 random points and at the end (not always after a short wait)."""
        if ms <= 0:
            return
        start = self.t
        count = min(4, ms // 500)
        for point in sorted(self.rng.randint(1, ms) for _ in range(count)):
            self.t = start + point
            self.emit("tick")
        self.t = start + ms
        if ms >= 200 or self.rng.random() < 0.3:
            self.emit("tick")

    def key_down(self, key: str) -> None:
        if key not in self.down:
            self.down.append(key)
            self.emit("key_down", key)

    def key_up(self, key: str) -> None:
        if key in self.down:
            self.down.remove(key)
            self.emit("key_up", key)

    def tap(self, key: str) -> None:
        self.key_down(key)
        self.wait(self.rng.randint(30, 150))
        self.key_up(key)
        self.wait(self.rng.randint(40, 300))

    def hold(self, key: str, ms: int) -> None:
        self.key_down(key)
        self.wait(ms)
        self.key_up(key)
        self.wait(self.rng.randint(40, 300))

    def insert(self, slot: int, card: str) -> None:
        """May replace a card lying there without a "gone" (a swap the readers missed)."""
        self.slots[slot] = card
        self.emit("card_present", slot, card)
        self.wait(self.rng.randint(50, 400))

    def remove(self, slot: int) -> None:
        if self.slots[slot] is not None:
            self.slots[slot] = None
            self.emit("card_gone", slot)
            self.wait(self.rng.randint(50, 400))

    def reboot(self) -> None:
        """Power off and on: keys are let go, ticks_ms starts again, the readers find the cards
        still lying in the slots."""
        self.down = []
        self.t += self.rng.randint(100, 5000)
        self.base = (self._start_ticks() - self.t) & TICKS_MASK
        self.emit("reboot")
        self.wait(self.rng.randint(100, 300))
        for slot in (GREEN, RED):
            if self.slots[slot] is not None:
                self.emit("card_present", slot, self.slots[slot])
                self.wait(self.rng.randint(50, 200))

    def type_text(self, text: str) -> None:
        for char in text:
            key = "GO" if char == ">" else char
            if key in self.keys:
                self.tap(key)

    # -- choices -------------------------------------------------------------------------------

    def card(self) -> str:
        """A player card 1..8 (mostly enrolled ones) or a card no unit knows."""
        rng = self.rng
        pick = rng.random()
        if pick < 0.8 and self.enrolled:
            return card_id(rng.randint(1, self.enrolled))
        if pick < 0.93:
            return card_id(rng.randint(1, 8))
        return rng.choice(STRANGERS) if rng.random() < 0.8 else "%08x" % rng.getrandbits(32)

    def player_card(self) -> str:
        """A player card the unit has not refused lately (as a person who saw UNKNOWN CARD
        would take another one)."""
        rng = self.rng
        for _ in range(4):
            card = card_id(rng.randint(1, self.card_count))
            if card not in self.refused:
                return card
        return card_id(rng.randint(1, max(1, self.enrolled)))

    def heard(self, step: tuple, cues: list) -> None:
        """What the person heard after a step: an error cue after a card went in marks it."""
        if step[0] == "card_present":
            if "error" in cues:
                self.refused.add(step[3])
            else:
                self.refused.discard(step[3])

    def amount(self) -> str:
        if "K" not in self.keys:
            return plain_amount_text(self.rng)
        return amount_text(self.rng)

    def seat_for_transaction(self) -> None:
        """Cards in place for a credit (GREEN), a payment (RED) or a transfer (both)."""
        rng = self.rng
        layout = rng.choice(("green", "red", "both", "both"))
        first = self.card() if rng.random() < 0.1 else self.player_card()
        second = self.card() if rng.random() < 0.1 else self.player_card()
        while second == first and self.enrolled > 1:
            second = self.player_card()
        want = [first, second]
        if layout == "green":
            want[RED] = None
        elif layout == "red":
            want = [None, first]
        for slot in (GREEN, RED):
            lying = self.slots[slot]
            if lying is None or lying == want[slot]:
                continue
            if want[slot] is None or lying in want or rng.random() < 0.7:
                self.remove(slot)  # else a swap without a "gone"
        for slot in (GREEN, RED):
            if want[slot] is not None and self.slots[slot] != want[slot]:
                self.insert(slot, want[slot])

    def act(self) -> None:
        """One random action of a person at the unit."""
        rng = self.rng
        if self.down and rng.random() < 0.3:
            self.key_up(rng.choice(self.down))  # let go of a key left down
        pick = rng.random() * 100
        if pick < 45:  # a transaction: the bulk, so that money moves often
            if rng.random() < 0.6 or self.slots == [None, None]:
                self.seat_for_transaction()
            for _ in range(1 + (rng.random() < 0.4) + (rng.random() < 0.2)):
                if "C" in self.keys and rng.random() < 0.8:
                    self.tap("C")
                self.type_text(self.amount())
        elif pick < 50:  # GO, best with a card alone in GREEN
            if rng.random() < 0.5:
                self.remove(RED)
                if self.slots[GREEN] is None or rng.random() < 0.3:
                    self.insert(GREEN, self.card())
            self.type_text(">")
        elif pick < 60:
            self.tap(rng.choice(self.keys))
        elif pick < 69:
            slot = rng.choice((GREEN, RED))
            other = self.slots[1 - slot]
            if other is not None and rng.random() < 0.1:
                self.insert(slot, other)  # the same card in both slots (a clone)
            else:
                if self.slots[slot] is not None and rng.random() < 0.6:
                    self.remove(slot)
                self.insert(slot, self.card())
        elif pick < 75:
            self.remove(rng.choice((GREEN, RED)))
        elif pick < 84:
            kind = rng.random()
            if kind < 0.7:
                self.wait(rng.randint(0, 3000))
            elif kind < 0.9:
                self.wait(rng.randint(3000, 20000))
            else:
                self.wait(rng.randint(55000, 70000))  # standby after a minute
        elif pick < 89:  # a long hold of any key, then random answers
            if rng.random() < 0.4:
                self.remove(GREEN)
                self.remove(RED)
            self.hold(rng.choice(self.keys), rng.randint(1500, 4500))
            for _ in range(rng.randint(0, 4)):
                answer = rng.random()
                if answer < 0.4:
                    self.type_text(rng.choice((">", "C")))
                elif answer < 0.6:
                    self.insert(rng.choice((GREEN, RED)), self.card())
                elif answer < 0.8 and self.digits:
                    self.tap(rng.choice(self.digits))
                else:
                    self.remove(rng.choice((GREEN, RED)))
        elif pick < 92:
            self.admin()
        elif pick < 95:
            self.key_down(rng.choice(self.keys))  # let go of later, after other events
        elif pick < 97:
            self.fail_rate = rng.choice((0.0, 0.0, 0.0, 0.0, 0.0, 0.05, 0.3, 1.0))
        elif pick < 97.2:
            self.reboot()
        else:
            self.wait(rng.randint(0, 400))

    def admin(self) -> None:
        """A long press of a command key, confirmed, then cards and numbers (the shape of a
        new game, of enrolling cards, of clearing them), then C."""
        rng = self.rng
        if rng.random() < 0.7:
            self.remove(GREEN)
            self.remove(RED)
        self.hold(rng.choice(self.others), rng.randint(2100, 4000))
        self.type_text(">" if rng.random() < 0.8 else "C")
        for _ in range(rng.randint(0, self.card_count)):
            slot = GREEN if rng.random() < 0.8 else RED
            number = rng.randint(1, self.card_count)
            if rng.random() < 0.7:
                self.insert(slot, card_id(number))  # player card n as number n
                self.type_text("%d>" % number)
            else:
                self.insert(slot, self.card())
                self.type_text("%s>" % rng.choice(self.digits or [""]))
            self.remove(slot)
        if "C" in self.keys and rng.random() < 0.05:
            self.hold("C", rng.randint(2100, 2600))
            self.type_text(rng.choice((">", "C")))
        if rng.random() < 0.8:
            self.remove(GREEN)
            self.remove(RED)
        self.type_text("C")
        self.refused.clear()  # cards were enrolled: try them all again


def amount_text(rng: random.Random) -> str:
    """Amount-shaped keystrokes ("C" is the clear key, ">" the GO key): mostly valid amounts
    (10K..20M in steps of 10K, as K or M), some at or past the limits, some malformed."""
    pick = rng.random()
    if pick < 0.75:
        steps = rng.randint(1, 100) if rng.random() < 0.6 else rng.randint(1, 2000)
        amount = steps * 10000
        if amount < 1000000 or rng.random() < 0.3:
            return "%dK" % (amount // 1000)
        whole, rest = divmod(amount, 1000000)
        fraction = ("%06d" % rest).rstrip("0")
        return "%d%sM" % (whole, "." + fraction if fraction else "")
    if pick < 0.9:
        return rng.choice(("0K", "5K", "9K", "10K", "20M", "20.01M", "25M", "1.234M", "15M"))
    body = "".join(rng.choice("0123456789..") for _ in range(rng.randint(0, 7)))
    return body + rng.choice(("K", "M", "", ">", "C"))


def plain_amount_text(rng: random.Random) -> str:
    """The same for a keypad without K and M (Classic): whole units that GO carries out."""
    pick = rng.random()
    if pick < 0.75:
        return "%d>" % rng.randint(1, 2000)
    if pick < 0.9:
        return rng.choice(("0>", "1>", "99999>", "100000>", ">", "050>"))
    body = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 7)))
    return body + rng.choice(("", ">", "C"))


# ---- the Stock Exchange's player ---------------------------------------------------------------

MARKET_KINDS = (
    ("BANK", 34),
    ("SELL", 14),
    ("BUYP", 14),
    ("INTEREST", 10),
    ("START", 10),
    ("OFFICES", 14),
    ("REMOVE", 4),
)
MARKET_TOKENS = 4  # most play uses the first four tokens, as a game of four would


def _weighted(rng: random.Random, table) -> str:
    pick = rng.random() * sum(weight for _, weight in table)
    for name, weight in table:
        pick -= weight
        if pick < 0:
            return name
    return table[-1][0]


def _token(rng: random.Random) -> int:
    return rng.randrange(MARKET_TOKENS) if rng.random() < 0.85 else rng.randrange(6)


def _code_keys(code: int) -> list:
    return list("%02d" % code)


def market_plan(market, rng: random.Random) -> list:
    """One transaction as a player keys it, from what the market screen shows: a list of
    ("tap", KEY) and ("hold", KEY, ms). Mostly valid; some codes, counts and tokens are wrong,
    some forms are cancelled or left unconfirmed."""
    plan: list = []
    if rng.random() < 0.85:
        plan.append(("tap", "CANCEL"))  # back to the market screen from wherever it was
    kind = _weighted(rng, MARKET_KINDS)
    listed = [code for code in range(1, 23) if market.president[code] >= 0]
    token = _token(rng)
    keys: list = []
    if kind == "REMOVE":
        in_play = [t for t in range(6) if market.in_play[t]]
        token = rng.choice(in_play) if in_play and rng.random() < 0.8 else token
        plan.append(("hold", "REMOVE", rng.randint(2100, 2600)))
        keys = [str(token + 1)]
    elif kind == "OFFICES":
        owned = [code for code in listed if market.monopoly_owner(code) >= 0]
        code = rng.choice(owned) if owned and rng.random() < 0.85 else rng.randint(1, 22)
        group = market.group_of(code)
        step = rng.choice((1, 1, 1, -1, 0))
        keys = _code_keys(code)
        for member in group:
            level = market.offices[member] + step
            if rng.random() < 0.15:
                level = rng.randint(0, 5)
            keys.append(str(min(5, max(0, level))))
    elif kind == "START":
        keys = [str(token + 1)]
    else:
        holders = [(t, code) for code in listed for t in range(6) if market.holdings[code][t] > 0]
        if kind == "BANK":
            unlisted = [code for code in range(1, 23) if code not in listed]
            owned_groups = [
                code for code in unlisted if market.president[market.group_of(code)[0]] >= 0
            ] + [code for code in unlisted if market.president[market.group_of(code)[-1]] >= 0]
            pick = rng.random()
            if owned_groups and pick < 0.4:
                code = rng.choice(owned_groups)
                first, last = market.group_of(code)[0], market.group_of(code)[-1]
                owner = market.president[first]
                token = owner if owner >= 0 else market.president[last]
            elif listed and pick < 0.75:
                code = rng.choice(listed)
            elif unlisted and pick < 0.95:
                code = rng.choice(unlisted)
            else:
                code = rng.randint(1, 22)
            keys = [str(token + 1)] + _code_keys(code)
            if market.president[code] >= 0:
                keys.append(rng.choice("1112223"))
            elif rng.random() < 0.3:
                keys += list(str(rng.choice((0, 0, rng.randint(1, 999), rng.randint(1, 99999)))))
        elif kind in ("SELL", "BUYP"):
            if holders and rng.random() < 0.9:
                seller, code = rng.choice(holders)
            else:
                seller, code = token, rng.randint(1, 22)
            held = market.holdings[code][seller]
            count = rng.randint(1, max(1, held)) if rng.random() < 0.9 else rng.randint(1, 9)
            if kind == "SELL":
                keys = [str(seller + 1)] + _code_keys(code) + [str(count)]
            else:
                buyer = _token(rng)
                if buyer == seller and rng.random() < 0.9:
                    buyer = (seller + 1 + rng.randrange(5)) % 6
                keys = [str(buyer + 1), str(seller + 1)] + _code_keys(code) + [str(count)]
        else:  # INTEREST
            code = rng.choice(listed) if listed and rng.random() < 0.9 else rng.randint(1, 22)
            keys = [str(token + 1)] + _code_keys(code)
    if kind != "REMOVE":
        plan.append(("tap", kind))
    for key in keys:
        if rng.random() < 0.03:
            plan.append(("tap", rng.choice("0123456789")))  # a slip of the finger
        plan.append(("tap", key))
    end = rng.random()
    if end < 0.9:
        plan.append(("tap", "CONFIRM"))
    elif end < 0.96:
        plan.append(("tap", "CANCEL"))
    return plan


class MarketPlayer(Player):
    """A Stock Exchange player (no cards): whole transactions from market_plan(), browsing the
    market screens, TOTAL and REVIEW, long holds, ON/OFF, standby after 5 minutes, reboots and
    storage failures. market: a callable giving the live edition's Market (the screen)."""

    def __init__(self, keys: list, rng: random.Random, market, start_ticks=None) -> None:
        super().__init__(keys, 0, 0, rng, start_ticks)
        self.market = market

    def follow(self, plan: list) -> None:
        for step in plan:
            if step[0] == "tap":
                self.tap(step[1])
            else:
                self.hold(step[1], step[2])

    def act(self) -> None:
        rng = self.rng
        if self.down and rng.random() < 0.3:
            self.key_up(rng.choice(self.down))
        pick = rng.random() * 100
        if pick < 55:
            self.follow(market_plan(self.market(), rng))
        elif pick < 63:
            self.tap(rng.choice(self.keys))
        elif pick < 69:  # browsing: a code typed on the market screen, next side, TOTAL, REVIEW
            for _ in range(rng.randint(1, 3)):
                choice = rng.random()
                if choice < 0.5:
                    for key in _code_keys(rng.randint(0, 25)):
                        self.tap(key)
                else:
                    self.tap(rng.choice(("CONFIRM", "CANCEL", "TOTAL", "REVIEW")))
                self.wait(rng.randint(0, 6000))
        elif pick < 78:
            kind = rng.random()
            if kind < 0.6:
                self.wait(rng.randint(0, 5000))
            elif kind < 0.85:
                self.wait(rng.randint(5000, 40000))
            elif kind < 0.95:
                self.wait(rng.randint(295000, 320000))  # standby after 5 minutes
            else:
                self.tap("ONOFF")
        elif pick < 84:  # a hold of any key (REMOVE and NEW GAME mostly), then answers
            key = rng.choice(("REMOVE", "NEWGAME", rng.choice(self.keys)))
            self.hold(key, rng.randint(300, 4500))
            for _ in range(rng.randint(0, 3)):
                self.tap(rng.choice(("CONFIRM", "CANCEL", rng.choice(self.digits))))
        elif pick < 85:  # a new game, confirmed
            self.hold("NEWGAME", rng.randint(2100, 3000))
            self.tap("CONFIRM")
        elif pick < 88:
            self.key_down(rng.choice(self.keys))
        elif pick < 91:
            self.fail_rate = rng.choice((0.0, 0.0, 0.0, 0.0, 0.0, 0.05, 0.3, 1.0))
        elif pick < 91.3:
            self.reboot()
        else:
            self.wait(rng.randint(0, 400))


def make_player(edition: str, rng: random.Random, enrolled: int, market=None, start_ticks=None):
    """The player for an edition: a MarketPlayer for a card-less one (market: a callable giving
    the live Market), else a card Player."""
    keys = edition_keys(edition)
    if not uses_cards(edition):
        if market is None:
            fixed = Market()
            market = lambda: fixed  # noqa: E731
        return MarketPlayer(keys, rng, market, start_ticks)
    card_count = card_count_of(make_edition(edition))
    return Player(keys, card_count, enrolled, rng, start_ticks)


def rules_fuzz(
    edition: str,
    seed: int,
    events: int,
    make=None,
    checkpoint_every: int = 500,
    trace: list | None = None,
) -> collections.Counter:
    """Feed `events` random events to the edition; returns the counters or raises Violation.
    trace: if given, every step fed is appended to it (for shrinking a failure)."""
    rng = random.Random("%s:%d" % (edition, seed))
    enrolled = setup_enrolled(edition, seed)
    run = RulesRun(edition, enrolled, make, checkpoint_every)
    player = make_player(edition, rng, enrolled, lambda: run.edition.market)
    started = time.perf_counter()
    while run.index < events:
        while not player.out:
            player.act()
        step = player.out.popleft()
        if trace is not None:
            trace.append(step)
        run.feed(step)
        player.heard(step, run.cues)
    try:
        run.checkpoint()
    except Violation as violation:
        violation.index = run.index - 1
        raise
    stats = run.stats
    stats["seconds"] = time.perf_counter() - started
    stats["unmodelled records"] = run.model.unmodelled
    return stats


def setup_enrolled(edition: str, seed: int) -> int:
    """How many player cards the seed's unit starts with (mostly all, sometimes fewer)."""
    card_count = card_count_of(make_edition(edition))
    rng = random.Random("%s:%d:cards" % (edition, seed))
    return card_count if rng.random() < 0.7 else rng.randint(0, card_count)


def replay(edition: str, enrolled: int, steps: list, make=None) -> Violation | None:
    """Feed recorded steps (ending with a checkpoint); the Violation they cause, or None."""
    try:
        run = RulesRun(edition, enrolled, make, checkpoint_every=1 << 60)
        for step in steps:
            run.feed(step)
        run.checkpoint()
    except Violation as violation:
        return violation
    return None


def shrink(edition: str, enrolled: int, steps: list, kind: str, budget_s: float, make=None):
    """Drop chunks of steps while the same kind of violation still happens (ddmin, bounded)."""
    deadline = time.monotonic() + budget_s

    def fails(candidate: list) -> bool:
        found = replay(edition, enrolled, candidate, make)
        return found is not None and found.kind == kind

    parts = 2
    while len(steps) > 1 and time.monotonic() < deadline:
        size = -(-len(steps) // parts)
        for start in range(0, len(steps), size):
            candidate = steps[:start] + steps[start + size :]
            if fails(candidate):
                steps = candidate
                parts = max(parts - 1, 2)
                break
            if time.monotonic() >= deadline:
                break
        else:
            if parts >= len(steps):
                break
            parts = min(len(steps), parts * 2)
    return steps


# ---- the simulator level ---------------------------------------------------------------------


class WrapUnit(VirtualUnit):
    """A VirtualUnit whose clock starts at start_ms, so its ticks_ms can cross the 2**30 wrap
    (only needed while VirtualUnit itself takes no start_ms: see new_unit)."""

    def __init__(self, *args, start_ms: int = 0, **kwargs) -> None:
        self._start_ms: int | None = start_ms
        super().__init__(*args, **kwargs)

    def _boot(self) -> None:
        if self._start_ms is not None:  # the first boot only: the loop has run no task yet
            self.clock.now_us = self._start_ms * 1000
            self._start_ms = None
        super()._boot()


def new_unit(edition: str, seed: int, start_ms: int) -> VirtualUnit:
    if "start_ms" in inspect.signature(VirtualUnit).parameters:
        return VirtualUnit(edition=edition, seed=seed, start_ms=start_ms)  # type: ignore[call-arg]
    return WrapUnit(edition=edition, seed=seed, start_ms=start_ms)


class StoreWatch:
    """Applies every record the unit's store makes durable to a MoneyModel, so the simulator
    level also compares the balances with what the durable records alone give."""

    def __init__(self, unit) -> None:
        edition = unit.unit.edition
        if is_market(edition):
            self.model: MoneyModel | MarketModel = MarketModel()
        else:
            self.model = MoneyModel(edition.ledger.card_count, edition.ledger.start_balance)
        self.seq = unit.unit.store.seq
        self.attach(unit)

    def attach(self, unit) -> None:
        """Watch the store of the unit as booted now (after every power cycle)."""
        store = unit.unit.store
        if store.seq != self.seq:
            raise Violation("watch", "records %d..%d unseen" % (self.seq + 1, store.seq))
        append = store.append

        def watched(records: list) -> None:
            append(records)  # an OSError here: nothing is durable, the model stays
            for record in records:
                self.model.apply(tuple(record), getattr(unit.unit.edition, "ledger", None))
            self.seq = store.seq

        store.append = watched


def sim_fuzz(edition: str, seed: int, actions: int, max_wait_s: float = 70.0):
    """Random legal calls on a VirtualUnit; returns the counters or raises Violation."""
    rng = random.Random("%s:sim:%d" % (edition, seed))
    start_ms = TICKS_PERIOD - rng.randint(1000, 120000)
    stats: collections.Counter = collections.Counter()
    started = time.perf_counter()
    unit = new_unit(edition, seed, start_ms)
    market = not uses_cards(edition)
    act = _sim_market_action if market else _sim_action
    check = _sim_market_check if market else _sim_check
    try:
        watch = StoreWatch(unit)
        names = sorted(unit.keys)
        for index in range(actions):
            try:
                what = act(unit, rng, names, max_wait_s, stats, watch)
                check(unit, what, watch)
            except Violation as violation:
                violation.index = index
                raise
            except VirtualUnitError as error:  # the fuzzer's own mistake: it picks legal calls
                violation = Violation("illegal call", str(error))
                violation.index = index
                raise violation from error
            except Exception as error:  # anything escaping the firmware
                where = traceback.format_exception(type(error), error, error.__traceback__)
                violation = Violation(
                    "exception %s" % type(error).__name__,
                    "%s\n%s" % (error, "".join(where[-4:]).rstrip()),
                )
                violation.index = index
                raise violation from error
            stats["actions"] += 1
        before = durable_state(unit.unit.edition)
        unit.flash.fill(None)
        unit.power_cycle()
        watch.attach(unit)
        if durable_state(unit.unit.edition) != before:
            raise Violation("power cycle", _diff(durable_state(unit.unit.edition), before))
        stats["records"] = unit.unit.store.seq
        stats["virtual seconds"] = (unit.clock.ms() - start_ms) // 1000
        stats["wraps"] = (unit.clock.ms() // TICKS_PERIOD) - (start_ms // TICKS_PERIOD)
    finally:
        unit.close()
    stats["seconds"] = time.perf_counter() - started
    return stats


def _sim_action(unit, rng, names, max_wait_s, stats, watch) -> str:
    slots = unit.slot_cards
    pick = rng.random() * 100
    balances = unit.balances()
    failures = unit.unit.storage_failures
    if pick < 35:
        layout = rng.choice(("green", "red", "both"))
        for slot in ("green", "red"):
            wanted = layout in (slot, "both")
            if wanted and slots[slot] is None:
                free = [n for n in range(1, 9) if n not in slots.values()]
                unit.insert(rng.choice(free if rng.random() < 0.2 else free[:5]), slot)
            elif not wanted and slots[slot] is not None:
                unit.remove(slot)
        typed = [
            "go" if char == ">" else char
            for char in "C" + (amount_text(rng) if "K" in unit.keys else plain_amount_text(rng))
            if ("go" if char == ">" else char) in unit.keys
        ]
        for name in typed:
            unit.press(name)
        what = "type " + " ".join(typed)
    elif pick < 40 and "go" in names:
        unit.press("go")
        what = "press go"
    elif pick < 55:
        key = rng.choice(names)
        unit.press(key)
        what = "press " + key
    elif pick < 61:
        key = rng.choice(names)
        seconds = rng.uniform(0.3, 4.5)
        unit.hold(key, seconds)
        what = "hold %s %.2f" % (key, seconds)
    elif pick < 73:
        empty = [slot for slot in ("green", "red") if slots[slot] is None]
        if not empty:
            unit.remove(rng.choice(("green", "red")))
            return "remove"
        slot = rng.choice(empty)
        card = rng.choice([n for n in range(1, 9) if n not in slots.values()])
        unit.insert(card, slot)
        what = "insert %d %s" % (card, slot)
    elif pick < 81:
        full = [slot for slot in ("green", "red") if slots[slot] is not None]
        if not full:
            return "nothing to remove"
        slot = rng.choice(full)
        unit.remove(slot)
        what = "remove " + slot
    elif pick < 93:
        seconds = rng.uniform(0, 3) if rng.random() < 0.8 else rng.uniform(0, max_wait_s)
        unit.advance(seconds)
        what = "advance %.2f" % seconds
    elif pick < 97:
        before = durable_state(unit.unit.edition)
        unit.power_cycle()
        watch.attach(unit)
        if durable_state(unit.unit.edition) != before:
            raise Violation("power cycle", _diff(durable_state(unit.unit.edition), before))
        stats["power cycles"] += 1
        return "power_cycle"
    else:
        room = None if rng.random() < 0.7 else rng.randint(0, 300)
        unit.flash.fill(room)  # a full flash: appends fail with ENOSPC until it is emptied
        return "flash fill %r" % (room,)
    stats["storage failures"] += unit.unit.storage_failures - failures
    stats["moved money"] += unit.balances() != balances
    return what


def _sim_check(unit, what: str, watch: StoreWatch) -> None:
    edition = unit.unit.edition
    if edition.outbox:
        raise Violation("outbox kept", "%r left unacknowledged after %s" % (edition.outbox, what))
    for number, balance in unit.balances().items():
        if balance < 0:
            raise Violation(
                "negative balance", "card %d has %d after %s" % (number, balance, what)
            )
    if not edition.ledger.invariant_holds():
        raise Violation("ledger invariant", "%r after %s" % (edition.ledger.state_record(), what))
    if list(edition.ledger.balances) != watch.model.balances:
        raise Violation(
            "money not conserved",
            "balances %r, but the stored records give %r after %s"
            % (list(edition.ledger.balances), watch.model.balances, what),
        )


def _sim_market_action(unit, rng, names, max_wait_s, stats, watch) -> str:
    """One random legal call on a Stock Exchange VirtualUnit (keys only: it has no slots)."""
    public = {logical: name for name, logical in unit.keys.items()}
    edition = unit.unit.edition
    before = edition.market.state_records()
    failures = unit.unit.storage_failures
    pick = rng.random() * 100
    if pick < 50:
        plan = market_plan(edition.market, rng)
        for step in plan:
            if step[0] == "tap":
                unit.press(public[step[1]])
            else:
                unit.hold(public[step[1]], step[2] / 1000)
        what = "keyed " + " ".join(public[step[1]] for step in plan)
    elif pick < 62:
        key = rng.choice(names)
        unit.press(key)
        what = "press " + key
    elif pick < 68:
        key = rng.choice(names)
        seconds = rng.uniform(0.3, 4.5)
        unit.hold(key, seconds)
        what = "hold %s %.2f" % (key, seconds)
    elif pick < 85:
        seconds = rng.uniform(0, 3) if rng.random() < 0.95 else rng.uniform(0, max_wait_s)
        unit.advance(seconds)
        what = "advance %.2f" % seconds
    elif pick < 90:
        state = durable_state(unit.unit.edition)
        unit.power_cycle()
        watch.attach(unit)
        if durable_state(unit.unit.edition) != state:
            raise Violation("power cycle", _diff(durable_state(unit.unit.edition), state))
        stats["power cycles"] += 1
        return "power_cycle"
    else:
        room = None if rng.random() < 0.7 else rng.randint(0, 300)
        unit.flash.fill(room)
        return "flash fill %r" % (room,)
    stats["storage failures"] += unit.unit.storage_failures - failures
    stats["moved money"] += unit.unit.edition.market.state_records() != before
    return what


def _sim_market_check(unit, what: str, watch: StoreWatch) -> None:
    edition = unit.unit.edition
    if edition.outbox:
        raise Violation("outbox kept", "%r left unacknowledged after %s" % (edition.outbox, what))
    problem = market_problem(edition.market)
    if problem is not None:
        raise Violation("market invariant", "%s after %s" % (problem, what))
    live, model = edition.market.state_records(), watch.model.state()  # type: ignore[union-attr]
    if live != model:
        raise Violation(
            "market not what the records give",
            "live %r, but the stored records give %r after %s" % (live, model, what),
        )


# ---- command line ----------------------------------------------------------------------------


def _job(job: tuple) -> dict:
    level, edition, seed, count, shrink_s = job
    started = time.perf_counter()
    try:
        if level == "rules":
            trace: list = []
            try:
                stats = rules_fuzz(edition, seed, count, trace=trace)
            except Violation as violation:
                steps = trace[: violation.index + 1]
                enrolled = setup_enrolled(edition, seed)
                small = shrink(edition, enrolled, steps, violation.kind, shrink_s)
                return _failure(level, edition, seed, count, violation, enrolled, small)
        else:
            stats = sim_fuzz(edition, seed, count, 70.0 if uses_cards(edition) else 320.0)
    except Violation as violation:
        return _failure(level, edition, seed, count, violation, None, None)
    stats["seconds"] = time.perf_counter() - started
    return {"level": level, "edition": edition, "seed": seed, "stats": dict(stats)}


def _failure(level, edition, seed, count, violation, enrolled, steps) -> dict:
    return {
        "level": level,
        "edition": edition,
        "seed": seed,
        "count": count,
        "violation": str(violation),
        "index": violation.index,
        "enrolled": enrolled,
        "steps": [describe(step) for step in steps] if steps else None,
    }


RULES_LINE = (
    "%s %d events (%d ticks) in %.1f s, %d events/s; %d transactions committed (%.1f%% of "
    "events moved money), %d refusals, %d storage failures injected, %d checkpoints verified, "
    "%d reboots, %d new games, %d enrolments, %d tick wraps"
)
SIM_LINE = (
    "%s %d actions in %.1f s, %d actions/s, %d virtual s; %d moved money, %d records stored, "
    "%d storage failures, %d power cycles checked, %d tick wraps"
)


def _report(head: str, level: str, stats: dict) -> None:
    seconds = max(stats.get("seconds", 0), 1e-9)
    get = stats.get
    if level == "rules":
        events = get("events", 0)
        values: tuple = (head, events, get("ticks", 0), seconds, events / seconds)
        values += (get("transactions", 0), 100.0 * get("transactions", 0) / max(events, 1))
        values += (get("refusals", 0), get("storage failures", 0), get("checkpoints", 0))
        values += (get("reboots", 0), get("new games", 0), get("enrolments", 0), get("wraps", 0))
        print(RULES_LINE % values)
    else:
        actions = get("actions", 0)
        values = (head, actions, seconds, actions / seconds, get("virtual seconds", 0))
        values += (get("moved money", 0), get("records", 0), get("storage failures", 0))
        values += (get("power cycles", 0), get("wraps", 0))
        print(SIM_LINE % values)


def _report_failure(result: dict) -> None:
    print(
        "VIOLATION in %s (%s level), seed %d, %s %d: %s"
        % (
            result["edition"],
            result["level"],
            result["seed"],
            "event" if result["level"] == "rules" else "action",
            result["index"],
            result["violation"],
        )
    )
    count = (
        "--events %d --sim-actions 0"
        if result["level"] == "rules"
        else "--sim-actions %d --events 0"
    )
    print(
        "reproduce: python tools/fuzz.py --edition %s --seed %d --seeds 1 %s"
        % (result["edition"], result["seed"], count % (result["index"] + 1))
    )
    if result["steps"]:
        print(
            "shrunk to %d events (unit starting with %d enrolled cards):"
            % (len(result["steps"]), result["enrolled"])
        )
        for line in result["steps"]:
            print("    " + line)


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=250000, help="rules events per seed")
    parser.add_argument("--sim-actions", type=int, default=1250, help="simulator actions per seed")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--seeds", type=int, default=4, help="seeds from --seed on (default 4)")
    parser.add_argument("--edition", choices=EDITIONS, action="append", help="default: all")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--shrink-seconds", type=float, default=60.0)
    options = parser.parse_args(argv)
    editions = options.edition or list(EDITIONS)
    seeds = range(options.seed, options.seed + options.seeds)
    jobs = []
    for edition in editions:
        for seed in seeds:
            if options.events > 0:
                jobs.append(("rules", edition, seed, options.events, options.shrink_seconds))
            if options.sim_actions > 0:
                jobs.append(("sim", edition, seed, options.sim_actions, 0))
    started = time.perf_counter()
    if options.jobs > 1 and len(jobs) > 1:
        with multiprocessing.Pool(min(options.jobs, len(jobs))) as pool:
            results = pool.map(_job, jobs, chunksize=1)
    else:
        results = [_job(job) for job in jobs]
    failed = False
    totals: dict = {}
    for result in results:
        if "violation" in result:
            _report_failure(result)
            failed = True
            continue
        head = "%-18s %-5s seed %d:" % (result["edition"], result["level"], result["seed"])
        _report(head, result["level"], result["stats"])
        total = totals.setdefault((result["edition"], result["level"]), collections.Counter())
        total.update(result["stats"])
    if options.seeds > 1:
        for (edition, level), total in totals.items():
            _report("%-18s %-5s TOTAL :" % (edition, level), level, total)
    print("fuzz: %s in %.1f s" % ("FAILED" if failed else "ok", time.perf_counter() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
