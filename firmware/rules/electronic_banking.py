# The Electronic Banking edition (Here & Now rulebook) as an event-driven state machine.
#
# Inputs: key_down/key_up (logical key, ticks ms), card_present/card_gone (slot, card id), tick.
# Outputs: view() as plain data, take_cues() sound cue names, and `outbox`: records that the
# shell must make durable and then acknowledge(). Nothing a record changes is applied, shown
# as done or cued before acknowledge(True): the unit is write-ahead by construction.
#
# Records: ("tx", payer, payee, amount), ("undo", number, payer, payee, amount), ("new", start),
# ("ledger", ...) (rules.ledger);
# ("card", id, number), ("uncard", number) (rules.cards); ("set", "sound", 0|1);
# ("set", "assets", number, value): the property and building value typed in TOTALS for a
# player (end-of-game ranking only: it never changes a balance; a new game clears it).
from rules import keys
from rules.cards import CardRegistry
from rules.ledger import BANK, Ledger
from rules.machine import StateMachine
from rules.money import (
    MAX_BALANCE,
    EntryError,
    M,
    entry_problem,
    format_amount,
    operation_problem,
    parse_amount,
)
from rules.ticks import ticks_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rules.history import History

LIFT_HOLD = 1  # EB.hold_deferred: the lift key is down, unacted
HISTORY_HOLD = 2  # ... the history key

MSG_INSERT_CARD = "INSERT A CARD"
MSG_UNKNOWN_CARD = "UNKNOWN CARD"
MSG_SAME_CARD = "SAME CARD IN BOTH"
MSG_REMOVE_BAD_CARD = "REMOVE THAT CARD"
MSG_PRESS_C = "PRESS C TO RETYPE"
MSG_GO_GREEN_ONLY = "GO: GREEN SLOT ONLY"
MSG_GO_ONCE = "REINSERT FOR 2ND GO"
MSG_FINISH_ENTRY = "PRESS C FIRST"
MSG_NEW_GAME = "NEW GAME"
MSG_SOUND_ON = "SOUND ON"
MSG_SOUND_OFF = "SOUND OFF"
MSG_CANCELLED = "ENTRY CANCELLED"
MSG_NEW_CARD = "NEW CARD"
MSG_CONFIRM_KEYS = "GO = YES   C = NO"
MSG_ENROLL_HELP = "INSERT CARD  C: DONE"
MSG_ENROLL_NUMBER = "TYPE 1-%d, THEN GO"
MSG_ENROLL_ONE_CARD = "ONE CARD AT A TIME"
MSG_ENROLLED = "CARD %d ENROLLED"
MSG_ENROLL_DONE = "ENROLLING DONE"
MSG_CARDS_CLEARED = "ALL CARDS CLEARED"
MSG_NO_CARDS = "HOLD K: ENROLL CARDS"
MSG_LIFT_VALUE = "MORTGAGE VALUE, K/M"
MSG_CARD_MOVED = "CARD MOVED: PRESS C"  # a card came or went mid-entry: keys locked until C

# Admin states. Each needs a long press and then GO to confirm: one stray key ends nothing.
ASK_NEW_GAME = "NEW GAME?"
ASK_ENROLL = "ENROLL CARDS?"
ASK_CLEAR_CARDS = "CLEAR ALL CARDS?"
ENROLLING = "ENROLLING"
ASK_TOTALS = "GAME TOTALS?"
TOTALS = "TOTALS"  # end-of-game totals: each card's cash plus its typed property value


class ElectronicBanking(StateMachine):
    name = "electronic_banking"
    card_number_ms = 1000  # the card's number shows this long before its balance
    message_ms = 2500  # how long a message stays before the normal screen returns
    standby_ms = 60000  # rulebook: off after 1 minute without activity
    long_press_ms = 2000  # hold C this long to be asked about a new game
    enroll_press_ms = 3000  # hold K (no card in) this long to be asked about enrolling cards
    confirm_ms = 15000  # an unanswered question is cancelled after this
    totals_press_ms = 2000  # hold the totals key (no card in) this long to be asked about TOTALS
    max_balance = MAX_BALANCE
    mortgage_step = 10000  # rulebooks: a lifted mortgage is rounded up to the next 10K
    # Which logical key each guarded gesture holds (an edition may put them on other keys).
    enroll_key = keys.THOUSAND  # hold, no card in: enroll cards
    totals_key = keys.MILLION  # hold, no card in: end-of-game totals
    lift_key: str | None = keys.GO  # hold, a card alone in RED: lift a mortgage
    lift_value_help = MSG_LIFT_VALUE
    # Hold, one card in, nothing typed: that card's history (rules.history); then older/newer.
    history_key = keys.MILLION
    history_newer_key = keys.THOUSAND
    journal = None  # set by the shell: a callable giving the journal's (seq, record), in order

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 15 * M,
        go_amount: int = 2 * M,
        registry: CardRegistry | None = None,
    ) -> None:
        if not 2 <= card_count <= 8:
            raise ValueError("card_count must be 2..8")
        self.card_count = card_count
        self.go_amount = go_amount
        self.start_balance = start_balance  # what the next new game starts at (a setting)
        self.ledger = Ledger(card_count, start_balance, self.max_balance)
        self.registry = registry if registry is not None else CardRegistry(card_count)
        self.sound_on = True
        self.slot_card: list = [None, None]  # player number per slot (GREEN, RED)
        self.slot_refusal: list = [None, None]  # message for a refused card lying in a slot
        self.entry = ""  # keystrokes of the amount being typed, without K/M
        self.entry_locked = False  # a refused keystroke: only C (or pulling a card) unlocks
        self.go_done = False  # GO already credited during this insertion of the GREEN card
        # Why every key but C is refused: a card came or went while an amount was half typed,
        # so the keys that follow must not silently form another amount (None: not locked).
        self.card_lock: str | None = None
        # The "tx" record C would take back (the ledger's last transaction), set when a lone
        # "tx" is applied; gone when a card moves, another key acts, or it is undone.
        self.undo: tuple | None = None
        self.undo_go = False  # that transaction is a GO
        self.last_change = ""  # "+2M" etc. under the balance after a transaction
        self.message = ""
        self.message_is_error = False
        self.message_at = 0
        self.awake = True
        self.last_activity = 0
        self.started = False  # the first tick sets the clock reference (boot is activity)
        self.card_shown_at = 0
        self.showing_card_number = False
        self.held_key: str | None = None
        self.held_since = 0
        self.long_press_done = False
        self.swallowed_key: str | None = None  # the key that woke the unit; its release too
        self.cues: list = []
        self.outbox: list = []  # records awaiting durable storage
        self._on_durable = None  # what to do once the outbox is acknowledged
        self.version = 0  # bumps whenever view() may have changed
        self.admin: str | None = None  # a question awaiting GO/C, or ENROLLING
        self.admin_at = 0
        self.enroll_slots: list = [None, None]  # card id lying in each slot while enrolling
        # A hold key went down unacted (LIFT_HOLD: the lift key, HISTORY_HOLD: the history
        # key): it acts on release, or its hold acts. One field for both keeps the instance
        # small: each attribute MicroPython adds to it slows every attribute lookup.
        self.hold_deferred = 0
        # A payment asked first (rules.endgame): [kind, payer, payee, amount, title] awaiting GO,
        # or kind "value" while the value of the mortgage to lift is typed.
        self.ask_pay: list | None = None
        self.assets = [0] * (card_count + 1)  # typed property values per player (TOTALS)
        self.totals_page = 0  # TOTALS: a card's page, then the winner, then each rank
        self.history: History | None = None  # a card's history page, while it is open

    # ---- persistence hand-off -------------------------------------------------------------

    def restore(self, record: tuple) -> None:
        """Replay one record from storage at boot (no cues, no screen change)."""
        kind = record[0]
        if kind == "tx" or kind == "new" or kind == "ledger" or kind == "undo":
            self.ledger.apply(record)
            if kind == "new":
                self.assets = [0] * (self.card_count + 1)
        elif kind == "card" or kind == "uncard":
            self.registry.apply(record)
        elif kind == "set":
            if record[1] == "sound":
                self.sound_on = bool(record[2])
            elif record[1] == "assets":
                from rules import endgame

                endgame.restore_assets(self, record)
        else:
            raise ValueError("unknown record")

    def snapshot_records(self) -> list:
        """The whole state as records: restore() of these on a fresh edition rebuilds it."""
        records: list = [
            ("card", card, self.registry.numbers[card]) for card in self.registry.numbers
        ]
        records.append(("set", "sound", 1 if self.sound_on else 0))
        records.append(self.ledger.state_record())
        for number in range(1, self.card_count + 1):
            if self.assets[number]:
                records.append(("set", "assets", number, self.assets[number]))
        return records

    def acknowledge(self, durable: bool, problem: str = "STORAGE FAILED") -> None:
        """The shell stored the outbox (durable=True) or could not (nothing is applied)."""
        records = self.outbox
        then = self._on_durable
        self.outbox = []
        self._on_durable = None
        if not records:
            return
        if not durable:
            if self.entry:
                self.entry_locked = True  # as any refused amount: retype it from C
            self._refuse(problem)
            return
        for record in records:
            self.restore(record)
        self.undo = None  # only the transaction just carried out can be taken back
        if len(records) == 1 and records[0][0] == "tx":
            self.undo = records[0]
            self.undo_go = False  # _go_done() says otherwise
        if then is not None:
            then(records[-1])
        self._changed()

    def _propose(self, record: tuple, then) -> None:
        self._propose_all([record], then)

    def _propose_all(self, records: list, then) -> None:
        if self.outbox:
            raise RuntimeError("previous record not acknowledged")
        self.outbox.extend(records)
        self._on_durable = then

    # ---- amounts: the hooks an edition with other money overrides ----------------------------

    def _money(self, amount: int) -> str:
        """An amount as the screen shows it."""
        return format_amount(amount)

    def _entry_problem(self, text: str) -> str | None:
        """The first problem of a half-typed amount (digits and point so far), or None."""
        return entry_problem(text, False)

    def _parse_entry(self, unit_key: str) -> int:
        """The typed amount finished by unit_key; raises EntryError."""
        return parse_amount(self.entry + unit_key)

    def _operation_problem(self, amount: int) -> str | None:
        return operation_problem(amount)

    def _finishing(self, key: str) -> bool:
        """Whether this key finishes (and so carries out) the amount being typed."""
        return key == keys.THOUSAND or key == keys.MILLION

    def _shown_entry(self) -> str:
        return self.entry if self.entry else "0"

    def view(self) -> dict:
        """What the screen should show, as plain data for ui.render and the simulator."""
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        if self.admin is not None:
            return self._admin_view()
        view = {
            "display_on": self.awake,
            "green": green,
            "red": red,
            "sound": self.sound_on,
            "message": self.message,
            "error": self.message_is_error,
            "title": "",
            "big": "",
            "detail": "",
            "mode": "idle",
        }
        if self.history is not None:
            self.history.view(view)  # the open history page draws in the edition's place
            return view
        if green is None and red is None:
            view["title"] = "MONOPOLY BANK"
            view["big"] = "----"
            view["detail"] = MSG_INSERT_CARD if self.registry.numbers else MSG_NO_CARDS
            return view
        if green is not None and red is not None:
            view["mode"] = "transfer"
            view["title"] = "CARD %d > CARD %d" % (red, green)
            shown = red
            view["detail"] = "CARD %d: %s" % (green, self._money(self.ledger.balance(green)))
        else:
            shown = green if green is not None else red
            view["mode"] = "receive" if green is not None else "pay"
            view["title"] = ("CARD %d RECEIVES" if green is not None else "CARD %d PAYS") % shown
            view["detail"] = self.last_change
        if self.ask_pay is not None:
            from rules import endgame

            endgame.payment_view(self, view, shown)
        elif self.entry or self.entry_locked:
            view["mode"] = "entry"
            view["big"] = self._shown_entry()
            view["detail"] = "BALANCE " + self._money(self.ledger.balance(shown))
        elif self.showing_card_number:
            view["big"] = "CARD %d" % shown
        else:
            view["big"] = self._money(self.ledger.balance(shown))
        if self.card_lock is not None:  # (it cleared the entry, and keys cannot type one)
            view["detail"] = self.card_lock  # why every key but C is refused
        return view

    def _admin_view(self) -> dict:
        view = {
            "display_on": self.awake,
            "green": None,
            "red": None,
            "sound": self.sound_on,
            "message": self.message,
            "error": self.message_is_error,
            "mode": "admin",
            "title": self.admin,
            "big": "SURE?",
            "detail": MSG_CONFIRM_KEYS,
        }
        if self.admin == TOTALS:
            from rules import endgame  # loaded on first use: most games never need it

            endgame.totals_view(self, view)
        elif self.admin == ENROLLING:
            view["mode"] = "enroll"
            view["title"] = "ENROLL CARDS"
            if self.enroll_card is None:
                view["big"] = "CARD?"
                view["detail"] = MSG_ENROLL_HELP
            else:
                known = self.registry.number_of(self.enroll_card)
                view["big"] = self.entry or ("NEW" if known is None else "CARD %d" % known)
                view["detail"] = MSG_ENROLL_NUMBER % self.card_count
        return view

    # ---- events ----------------------------------------------------------------------------

    def _activity(self, now: int) -> None:
        self.started = True
        self.last_activity = now
        if self.message:
            self.message = ""
            self.message_is_error = False
            self._changed()

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if not self.started:
            self.started = True  # ticks need not start near 0 (a simulator, a warm reboot)
            self.last_activity = now
        if self.held_key is not None and not self.long_press_done:
            self._check_long_press(now)
        asking = self.admin is not None and self.admin != ENROLLING and self.admin != TOTALS
        if asking and ticks_diff(now, self.admin_at) >= self.confirm_ms:
            self.admin = None  # an unanswered question changes nothing
            self._show_message(MSG_CANCELLED, False, now)
        if self.ask_pay is not None and ticks_diff(now, self.last_activity) >= self.confirm_ms:
            self._end_payment(now)
        if self.showing_card_number and ticks_diff(now, self.card_shown_at) >= self.card_number_ms:
            self.showing_card_number = False
            self._changed()
        if self.message and ticks_diff(now, self.message_at) >= self.message_ms:
            self.message = ""
            self.message_is_error = False
            self._changed()
        if self.awake and ticks_diff(now, self.last_activity) >= self.standby_ms:
            self.awake = False
            self.held_key = None
            self.history = None
            if self.admin is not None:
                self._leave_admin()  # an unattended unit never stays in an admin mode
            if self.ask_pay is not None:
                self.ask_pay = None  # nor pays later what was asked before it slept
                self._clear_entry()
            self._changed()

    def key_down(self, key: str, now: int) -> None:
        self._check_idle()
        if not self.awake:
            self.awake = True  # a key only wakes the unit; it does not also act
            self.swallowed_key = key
            self.last_activity = now
            self._changed()
            return
        self._activity(now)
        self.held_key = key
        self.held_since = now
        self.long_press_done = False
        self.hold_deferred = 0
        if self.history is not None:
            self._history_key(key)
            return
        if key == keys.CLEAR:
            return  # acts on release (clear, undo) or after the hold time (new game)
        self.undo = None  # C must come right after the transaction to take it back
        if self.admin is not None:
            self._cue("key")
            self._admin_key(key)
            return
        if (key == self.enroll_key or key == self.totals_key) and self._no_card():
            return  # on release: nothing to do; held: enrolling cards, or the game's totals
        if self.ask_pay is not None:
            self._cue("key")
            from rules import endgame

            endgame.payment_key(self, key)
            return
        if self.card_lock is not None:
            self._refuse(self.card_lock)  # only C unlocks: nothing typed now can count
            return
        if key == self.lift_key and self._lift_hold_possible():
            self.hold_deferred = LIFT_HOLD
            return  # on release: the key as usual; held: lift a mortgage
        if key == self.history_key and self._history_hold_possible():
            self.hold_deferred = HISTORY_HOLD
            return  # on release: the key as usual; held: the card's history
        self._cue("key")
        self._press(key)

    def _press(self, key: str) -> None:
        """A key that acts as it goes down (C, and K with no card in, act on release or held)."""
        if key in keys.DIGITS:
            self._type(key)
        elif key == keys.POINT:
            if self._no_card():
                self._toggle_sound()
            else:
                self._type(key)
        elif key == keys.THOUSAND or key == keys.MILLION:
            self._commit_amount(key)
        elif key == keys.GO:
            self._go()
        else:
            self._refuse("KEY NOT USED HERE")

    def key_up(self, key: str, now: int) -> None:
        self._check_idle()
        if key == self.swallowed_key:
            self.swallowed_key = None
            return
        if key != self.held_key:
            return
        if not self.long_press_done:
            self._check_long_press(now)  # released before a tick noticed the hold
        self.held_key = None
        self.last_activity = now
        if self.long_press_done:
            return
        if key == keys.CLEAR and self.ask_pay is not None:
            self._cue("key")
            if self.entry or self.entry_locked:
                self._clear_entry()
                self._changed()
            else:
                self._end_payment(now)
            return
        deferred = self.hold_deferred
        if deferred and (
            self._lift_hold_possible() if deferred == LIFT_HOLD else self._history_hold_possible()
        ):
            self.hold_deferred = 0
            self._cue("key")
            self._press(key)  # a tap: what the key does without the hold
            return
        self._release(key)

    def _release(self, key: str) -> None:
        """A key let go before it was held long enough to mean something else."""
        deferred = key == self.enroll_key or key == self.totals_key
        if deferred and self.admin is None and self._no_card():
            self._cue("key")
            self._refuse(MSG_INSERT_CARD)
            return
        if key != keys.CLEAR:
            return
        self._cue("key")
        if self.admin is not None:
            self._admin_key(keys.CLEAR)
            return
        if self.entry or self.entry_locked or self.card_lock is not None:
            self._clear_entry()  # C's first meaning: the amount being typed is dropped
            self.card_lock = None
        elif self.undo is not None:
            self._undo_last()  # then: the transaction just carried out is taken back
        self._changed()

    def _check_long_press(self, now: int) -> None:
        key = self.held_key
        held_ms = ticks_diff(now, self.held_since)
        if self.hold_deferred == HISTORY_HOLD and held_ms >= self.long_press_ms:
            self.long_press_done = True
            self.last_activity = now
            self.hold_deferred = 0
            self._open_history()
        elif key == keys.CLEAR and held_ms >= self.long_press_ms:
            self.long_press_done = True
            self.last_activity = now
            if self.admin == ENROLLING and self.enroll_card is None:
                self._ask(ASK_CLEAR_CARDS, now)
            elif self.admin == TOTALS:
                from rules import endgame

                endgame.clear_assets(self)
            elif self.admin is None and self.ask_pay is None:
                self._ask(ASK_NEW_GAME, now)
        elif key == self.enroll_key and held_ms >= self.enroll_press_ms:
            self.long_press_done = True
            self.last_activity = now
            if self.admin is None and self._no_card():
                self._ask(ASK_ENROLL, now)
        elif key == self.totals_key and held_ms >= self.totals_press_ms:
            self.long_press_done = True
            self.last_activity = now
            if self.admin is None and self._no_card():
                if self.registry.numbers:
                    self._ask(ASK_TOTALS, now)
                else:
                    self._cue("key")
                    self._refuse(MSG_NO_CARDS)
        elif key == self.lift_key and held_ms >= self.long_press_ms and self._lift_hold_possible():
            self.long_press_done = True
            self.last_activity = now
            self._cue("key")
            from rules import endgame

            endgame.start_lift(self)

    def _ask(self, question: str, now: int) -> None:
        self.admin = question
        self.admin_at = now
        self._clear_entry()
        self.card_lock = None  # C was held: as good as pressed
        self.undo = None
        self.message = ""
        self._cue("confirm")
        self._changed()

    @property
    def enroll_card(self) -> str | None:
        """The card to enroll: the one card lying in a slot (None with none, or two)."""
        green, red = self.enroll_slots
        if green is not None and red is not None:
            return None
        return green if green is not None else red

    def _enroll_cards_in(self) -> int:
        return (self.enroll_slots[0] is not None) + (self.enroll_slots[1] is not None)

    def _leave_admin(self) -> None:
        self.admin = None
        self.enroll_slots = [None, None]
        self._clear_entry()
        self._changed()

    def _admin_key(self, key: str) -> None:
        """A key while a question is asked, or while enrolling cards."""
        admin = self.admin
        if admin == ENROLLING:
            self._enroll_key(key)
            return
        if admin == TOTALS:
            from rules import endgame

            endgame.totals_key(self, key)
            return
        if key == keys.GO:
            self.admin = None if admin != ASK_ENROLL else ENROLLING
            self._changed()
            if admin == ASK_NEW_GAME:
                self._new_game()
            elif admin == ASK_CLEAR_CARDS:
                self._clear_cards()
            elif admin == ASK_TOTALS:
                self.admin = TOTALS
                self.totals_page = 0
        elif key == keys.CLEAR:
            self.admin = ENROLLING if admin == ASK_CLEAR_CARDS else None
            self._show_message(MSG_CANCELLED, False)
        else:
            self._refuse(MSG_CONFIRM_KEYS)

    def _enroll_key(self, key: str) -> None:
        if key == keys.CLEAR:
            if self.entry:
                self._clear_entry()
                self._changed()
            elif self.enroll_card is None:
                self._leave_admin()
                self._show_message(MSG_ENROLL_DONE, False)
            return
        if self.enroll_card is None:
            two = self._enroll_cards_in() > 1
            self._refuse(MSG_ENROLL_ONE_CARD if two else MSG_ENROLL_HELP)
            return
        if key in keys.DIGITS:
            number = int(key)
            if not 1 <= number <= self.card_count:
                self._refuse(MSG_ENROLL_NUMBER % self.card_count)
                return
            self.entry = key  # one digit: typing another replaces it
            self._changed()
        elif key == keys.GO and self.entry:
            card, number = self.enroll_card, int(self.entry)

            def bound(record: tuple) -> None:
                self._clear_entry()
                self._show_message(MSG_ENROLLED % record[2], False)
                self._cue("credit")

            self._propose(("card", card, number), bound)
        else:
            self._refuse(MSG_ENROLL_NUMBER % self.card_count)

    def _clear_cards(self) -> None:
        numbers = [self.registry.numbers[card] for card in self.registry.numbers]
        if not numbers:
            self.admin = ENROLLING
            self._show_message(MSG_CARDS_CLEARED, False)
            return

        def cleared(record: tuple) -> None:
            self.admin = ENROLLING
            self._show_message(MSG_CARDS_CLEARED, False)
            self._cue("new_game")

        self._propose_all([("uncard", number) for number in sorted(numbers)], cleared)

    def _card_moved(self, now: int) -> None:
        """What every card event does first: a card always wakes the unit and acts."""
        self._check_idle()
        self.awake = True
        self._activity(now)
        self.undo = None  # rulebook: an error can be corrected only while the card is still in
        self.history = None  # a card event ends a history page
        if self.entry and not self.entry_locked and self.admin is None:
            # An amount half typed is dropped, and every key but C is refused until C, so the
            # digits typed next never join a stale "1" or "1." (a refused entry is void already).
            self._clear_entry()
            self.card_lock = MSG_CARD_MOVED
            self._show_message(MSG_CARD_MOVED, False)

    def _enroll_slot(self, slot: int, card_id: str | None, cue: str) -> None:
        self.enroll_slots[slot] = card_id
        self._clear_entry()
        self._cue(cue)
        self._changed()

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self._card_moved(now)
        if self.admin == ENROLLING:
            self._enroll_slot(slot, card_id, "card_in")
            return
        if self.admin is not None:
            # A card going in answers "no" to any question and leaves TOTALS, with whatever
            # was half typed there (it must not survive as the card's entry).
            self._leave_admin()
            self._show_message(MSG_CANCELLED, False)
        if self.slot_card[slot] is not None or self.slot_refusal[slot] is not None:
            self._take_out(slot)  # a different card without a "gone" in between
        number = self.registry.number_of(card_id)
        if number is None:
            free = self.registry.free_number() if self.registry.auto_enroll else None
            if free is None:
                self.slot_refusal[slot] = MSG_UNKNOWN_CARD
                self._refuse(MSG_UNKNOWN_CARD)
                return

            def enrolled(record: tuple, slot: int = slot, now: int = now) -> None:
                self._seat(slot, record[2], now)
                self._show_message(MSG_NEW_CARD, False)

            self._propose(("card", card_id, free), enrolled)
            return
        self._seat(slot, number, now)

    def _seat(self, slot: int, number: int, now: int) -> None:
        if self.ask_pay is not None:
            self._end_payment(now)  # a card going in answers "no"
        if self.slot_card[1 - slot] == number:
            self.slot_refusal[slot] = MSG_SAME_CARD
            self._refuse(MSG_SAME_CARD)
            return
        self.slot_card[slot] = number
        if slot == keys.GREEN:
            self.go_done = False
        self._clear_entry()
        self.last_change = ""
        self.showing_card_number = True
        self.card_shown_at = now
        self._cue("card_in")
        self._changed()

    def card_gone(self, slot: int, now: int) -> None:
        self._card_moved(now)
        if self.admin == ENROLLING:
            self._enroll_slot(slot, None, "card_out")
            return
        self._take_out(slot)

    def _take_out(self, slot: int) -> None:
        if self.ask_pay is not None:
            self._end_payment(self.last_activity)
        if self.slot_card[slot] is not None:
            self._cue("card_out")
        self.slot_card[slot] = None
        self.slot_refusal[slot] = None
        self._clear_entry()  # a half-typed amount never survives a card change
        self.last_change = ""
        self.showing_card_number = False
        self._changed()

    # ---- actions ---------------------------------------------------------------------------

    def _no_card(self) -> bool:
        return (
            self.slot_card[0] is None
            and self.slot_card[1] is None
            and self.slot_refusal[0] is None
            and self.slot_refusal[1] is None
        )

    def _slot_problem(self) -> str | None:
        for refusal in self.slot_refusal:
            if refusal is not None:
                return MSG_REMOVE_BAD_CARD
        if self.slot_card[0] is None and self.slot_card[1] is None:
            return MSG_INSERT_CARD
        return None

    def _clear_entry(self) -> None:
        self.entry = ""
        self.entry_locked = False

    def _type(self, key: str, need_card: bool = True) -> None:
        problem = self._slot_problem() if need_card else None
        if problem is None and self.entry_locked:
            problem = MSG_PRESS_C
        if problem is None:
            problem = self._entry_problem(self.entry + key)
            if problem is not None:
                self.entry_locked = True  # keep the screen as typed; the whole entry is void
        if problem is not None:
            self._refuse(problem)
            return
        self.entry += key
        self.showing_card_number = False
        self._changed()

    def _typed_amount(self, unit_key: str) -> tuple:
        """(amount, problem) of the entry finished by unit_key; problem None if it is valid."""
        if self.entry_locked:
            return 0, MSG_PRESS_C
        try:
            amount = self._parse_entry(unit_key)
        except EntryError as error:
            return 0, error.message
        return amount, self._operation_problem(amount)

    def _refuse_amount(self, problem: str) -> None:
        if self.entry:
            self.entry_locked = True  # a refused amount must be retyped from C
        self._refuse(problem)

    def _commit_amount(self, unit_key: str) -> None:
        problem = self._slot_problem()
        amount = 0
        if problem is None:
            amount, problem = self._typed_amount(unit_key)
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        payer = BANK if red is None else red
        payee = BANK if green is None else green
        if problem is None:
            problem = self.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:
            self._refuse_amount(problem)
            return
        self._propose(("tx", payer, payee, amount), self._amount_done)

    def _amount_done(self, record: tuple) -> None:
        payer, payee, amount = record[1], record[2], record[3]
        self._clear_entry()
        self.showing_card_number = False
        if payer == BANK:
            self.last_change = "+" + self._money(amount)
            self._cue("credit")
        elif payee == BANK:
            self.last_change = "-" + self._money(amount)
            self._cue("debit")
        else:
            self.last_change = self._money(amount) + " PAID"
            self._cue("transfer")

    def _go(self) -> None:
        problem = self._slot_problem()
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        if problem is None and (green is None or red is not None):
            problem = MSG_GO_GREEN_ONLY
        if problem is None and (self.entry or self.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is None and self.go_done:
            problem = MSG_GO_ONCE  # rulebook: take the card out and in again for a second GO
        if problem is None:
            problem = self.ledger.transfer_problem(BANK, green, self.go_amount)
        if problem is not None:
            self._refuse(problem)
            return
        self._propose(("tx", BANK, green, self.go_amount), self._go_done)

    def _go_done(self, record: tuple) -> None:
        self.undo_go = True
        self.go_done = True
        self.showing_card_number = False
        self.last_change = "GO +" + self._money(record[3])
        self._cue("go")

    # ---- C right after a transaction: take it back (rulebook tip 3) ---------------------------

    def _undo_last(self) -> None:
        """Propose the inverse of the last transaction; nothing changes before acknowledge."""
        from rules import undo  # loaded on first use

        was_go = self.undo_go
        record, text = undo.proposal(self.ledger, self.undo, was_go, self._money)
        if record is None:  # a Chance payout; or a guard that cannot trip in play
            self.undo = None
            self._refuse(text)
            return

        def undone(record: tuple) -> None:
            if was_go:
                self.go_done = False  # the GO did not happen: this insertion may still GO
            self.showing_card_number = False
            self.last_change = text
            self._show_message(text, False)
            self._cue("undo")

        self._propose(record, undone)

    def _toggle_sound(self) -> None:
        def toggled(record: tuple) -> None:
            self._show_message(MSG_SOUND_ON if self.sound_on else MSG_SOUND_OFF, False)
            self._cue("sound_on" if self.sound_on else "sound_off")

        self._propose(("set", "sound", 0 if self.sound_on else 1), toggled)

    def _new_game(self) -> None:
        def started(record: tuple) -> None:
            self._clear_entry()
            self.last_change = ""
            self.go_done = False
            self._show_message(MSG_NEW_GAME, False)
            self._cue("new_game")

        self._propose(("new", self.start_balance), started)

    # ---- payments asked first: a mortgage lifted (and an edition's own) ---------------------

    def _lift_hold_possible(self) -> bool:
        """A card alone in RED, nothing typed, no question: holding the lift key lifts."""
        return (
            self.lift_key is not None
            and self.admin is None
            and self.slot_card[keys.GREEN] is None
            and self.slot_card[keys.RED] is not None
            and self.slot_refusal[0] is None
            and self.slot_refusal[1] is None
            and not self.entry
            and not self.entry_locked
            and self.card_lock is None
        )

    # ---- a card's history (rules.history, loaded on first use) -----------------------------

    def _history_hold_possible(self) -> bool:
        """One card in (not refused), nothing typed, no question: the history key may open it."""
        return (
            self.journal is not None
            and self.admin is None
            and self.ask_pay is None
            and (self.slot_card[0] is None) != (self.slot_card[1] is None)
            and self.slot_refusal[0] is None
            and self.slot_refusal[1] is None
            and not self.entry
            and not self.entry_locked
            and self.card_lock is None
        )

    def _open_history(self) -> None:
        from rules.history import History

        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        card = green if green is not None else red
        self._cue("key")
        try:
            self.history = History(
                self.journal,
                card,
                self.ledger.balance(card),
                self.go_amount,
                self._money,
                self.history_key,
                self.history_newer_key,
            )
        except OSError:
            self._refuse("STORAGE FAILED")  # the journal could not be read back: nothing shown
            return
        self.showing_card_number = False
        self._changed()

    def _history_key(self, key: str) -> None:
        """A key while the history is open: it steps or leaves; its release does nothing."""
        self.long_press_done = True
        self._cue("key")
        try:
            problem = self.history.key(key)  # type: ignore[union-attr]  # open: not None
        except OSError:
            self.history = None
            self._refuse("STORAGE FAILED")
            return
        if problem == "":
            self.history = None
        elif problem is not None:
            self._refuse(problem)
            return
        self._changed()

    def _end_payment(self, now: int) -> None:
        """An asked payment is cancelled (C, a card, time): nothing was paid."""
        self.ask_pay = None
        self._clear_entry()
        self._show_message(MSG_CANCELLED, False, now)

    def _paid(self, kind: str, record: tuple) -> None:
        """An edition's own asked payment is on flash and applied: say so."""

    # ---- end-of-game totals ---------------------------------------------------------------
