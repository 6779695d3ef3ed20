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
from compat.ticks import ticks_diff
from rules import keys
from rules.admin_text import (  # the questions and enrolling: rules.admin (re-exported here)
    ASK_CLEAR_CARDS,  # noqa: F401
    ASK_ENROLL,  # noqa: F401
    ASK_NEW_GAME,  # noqa: F401
    ASK_TOTALS,  # noqa: F401
    ENROLLING,
    MSG_ENROLL_DONE,  # noqa: F401
    MSG_ENROLL_NUMBER,  # noqa: F401
    MSG_ENROLL_ONE_CARD,  # noqa: F401
    MSG_ENROLLED,  # noqa: F401
    MSG_NEW_GAME,  # noqa: F401
    MSG_NO_CARDS,
    TOTALS,
)
from rules.cards import CardRegistry
from rules.ledger import BANK, Ledger
from rules.machine import (
    MSG_CANCELLED,
    MSG_CONFIRM_KEYS,  # noqa: F401
    MSG_FINISH_ENTRY,  # noqa: F401
    StateMachine,
)
from rules.money import (
    MAX_BALANCE,
    EntryError,
    M,
    entry_problem,
    format_amount,
    format_labelled,
    operation_problem,
    parse_amount,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rules.admin import Admin
    from rules.endgame import Payment
    from rules.history import History

MSG_INSERT_CARD = "INSERT A CARD"
MSG_UNKNOWN_CARD = "UNKNOWN CARD"
MSG_SAME_CARD = "SAME CARD IN BOTH"
MSG_REMOVE_BAD_CARD = "REMOVE THAT CARD"
MSG_PRESS_C = "PRESS C TO RETYPE"
MSG_GO_GREEN_ONLY = "GO: GREEN SLOT ONLY"
MSG_GO_ONCE = "REINSERT FOR 2ND GO"
GO_TAG = "go"  # a GO's "tx" record ends in it: the history names it from the tag
MSG_SOUND_ON = "SOUND ON"
MSG_SOUND_OFF = "SOUND OFF"
MSG_NEW_CARD = "NEW CARD"
MSG_LIFT_VALUE = "MORTGAGE VALUE, K/M"
MSG_CARD_MOVED = "CARD MOVED: PRESS C"  # a card came or went mid-entry: keys locked until C


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
    plain_keys = keys.DIGITS + keys.POINT  # rules.machine: no hold, nothing on release

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 15 * M,
        go_amount: int = 2 * M,
        registry: CardRegistry | None = None,
    ) -> None:
        if not 2 <= card_count <= 8:
            raise ValueError("card_count must be 2..8")
        StateMachine.__init__(self)
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
        self.card_shown_at = 0
        self.showing_card_number = False
        self.admin: str | None = None  # a question awaiting GO/C, or ENROLLING (rules.admin)
        self.admin_at = 0
        self.admin_mode: Admin | None = None  # made by the first question; keys go to it
        # The lift or history key went down unacted (its hold possible): a tap acts on release.
        self.key_deferred = False
        # A payment asked first (rules.endgame): [kind, payer, payee, amount, title] awaiting GO,
        # or kind "value" while the value of the mortgage to lift is typed.
        self.ask_pay: list | None = None
        self.assets = [0] * (card_count + 1)  # typed property values per player (TOTALS)
        self.totals_page = 0  # TOTALS: a card's page, then the winner, then each rank
        self.history: History | None = None  # a card's history page, while it is open
        # The last title and balance line view() made, and what they were made of: a view is
        # built at every redraw, and each new string costs the chip a lookup (0.14 ms).
        # [red card, green card, their title, balance, its line]: one attribute, not five (an
        # edition's attributes fill a table that grows by doubling).
        self._made: list = [None, None, "", None, ""]

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

    def enrolled_cards(self) -> dict:
        return self.registry.numbers

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

    def not_stored(self, problem: str) -> None:
        if self.entry:
            self.entry_locked = True  # as any refused amount: retype it from C
        self.refuse(problem)

    def applied(self, records: list) -> None:
        for record in records:
            self.restore(record)
        self.undo = None  # only the transaction just carried out can be taken back
        if len(records) == 1 and records[0][0] == "tx":
            self.undo = records[0]
            self.undo_go = False  # _go_done() says otherwise

    # ---- amounts: the hooks an edition with other money overrides ----------------------------

    def money(self, amount: int) -> str:
        """An amount as the screen shows it."""
        return format_amount(amount)

    def labelled_money(self, label: str, amount: int) -> str:
        """label + money(amount), as one string."""
        return format_labelled(label, amount)

    def _entry_problem(self, text: str) -> str | None:
        """The first problem of a half-typed amount (digits and point so far), or None."""
        return entry_problem(text, False)

    def _parse_entry(self, unit_key: str) -> int:
        """The typed amount finished by unit_key; raises EntryError."""
        return parse_amount(self.entry + unit_key)

    def amount_problem(self, amount: int) -> str | None:
        return operation_problem(amount)

    def finishing(self, key: str) -> bool:
        """Whether this key finishes (and so carries out) the amount being typed."""
        return key == keys.THOUSAND or key == keys.MILLION

    def shown_entry(self) -> str:
        return self.entry if self.entry else "0"

    def view(self) -> dict:
        """What the screen should show, as plain data for ui.render and the simulator."""
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        if self.admin is not None:
            return self.admin_mode.view()  # type: ignore[union-attr]
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
        view["title"] = self._title(red, green)
        entry = self.ask_pay is None and (self.entry or self.entry_locked)
        if green is not None and red is not None:
            view["mode"] = "transfer"
            shown = red
            if not entry:  # (an amount being typed shows the payer's balance there instead)
                view["detail"] = "CARD %d: %s" % (green, self.money(self.ledger.balance(green)))
        else:
            shown = green if green is not None else red
            view["mode"] = "receive" if green is not None else "pay"
            view["detail"] = self.last_change
        if self.ask_pay is not None:
            self.payment().view(view, shown)
        elif entry:
            view["mode"] = "entry"
            view["big"] = self.shown_entry()
            view["detail"] = self._balance_line(self.ledger.balance(shown))
        elif self.showing_card_number:
            view["big"] = "CARD %d" % shown
            self._balance_line(self.ledger.balance(shown))  # made ahead: see below
        else:
            balance = self.ledger.balance(shown)
            view["big"] = self.money(balance)
            # Made while nothing is typed, so the first digit of an amount (which shows this
            # line) finds it ready rather than making it in the keypress (0.25 ms on the chip).
            self._balance_line(balance)
        if self.card_lock is not None:  # (it cleared the entry, and keys cannot type one)
            view["detail"] = self.card_lock  # why every key but C is refused
        return view

    def _title(self, red: int | None, green: int | None) -> str:
        """view()'s title for the cards in the slots (one at least), made when they change."""
        made = self._made
        if red != made[0] or green != made[1]:
            if green is not None and red is not None:
                made[2] = "CARD %d > CARD %d" % (red, green)
            elif green is not None:
                made[2] = "CARD %d RECEIVES" % green
            else:
                made[2] = "CARD %d PAYS" % red  # type: ignore[str-format]
            made[0] = red
            made[1] = green
        return made[2]

    def _balance_line(self, balance: int) -> str:
        """view()'s "BALANCE ..." line under an amount being typed, made when it changes."""
        made = self._made
        if balance != made[3]:
            made[4] = self.labelled_money("BALANCE ", balance)
            made[3] = balance
        return made[4]

    # ---- events ----------------------------------------------------------------------------

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if not self.started:
            self.started = True  # ticks need not start near 0 (a simulator, a warm reboot)
            self.last_activity = now
        self.tick_hold(now)
        asking = self.admin is not None and self.admin != ENROLLING and self.admin != TOTALS
        if asking and ticks_diff(now, self.admin_at) >= self.confirm_ms:
            self.admin = None  # an unanswered question changes nothing
            self.show_message(MSG_CANCELLED, False, now)
        if self.ask_pay is not None and ticks_diff(now, self.last_activity) >= self.confirm_ms:
            self.payment().end(now)
        if self.showing_card_number and ticks_diff(now, self.card_shown_at) >= self.card_number_ms:
            self.showing_card_number = False
            self.view_changed()
        self.tick_message(now)
        self.tick_standby(now)

    def woken(self, now: int) -> None:
        pass  # a key woke the unit: the screen it slept on comes back as it was

    def asleep(self) -> None:
        self.history = None
        if self.admin is not None:
            self.leave_admin()  # an unattended unit never stays in an admin mode
        if self.ask_pay is not None:
            self.ask_pay = None  # nor pays later what was asked before it slept
            self.clear_entry()

    def press(self, key: str, now: int) -> None:
        """A key went down (awake, no waking key held): the guards, then the key's rule."""
        self.key_deferred = False
        if self.history is not None:
            from rules import history

            self.held_key = None  # the page takes the key as it goes down: no release, no hold
            history.page_key(self, key)
            return
        if key == keys.CLEAR:
            return  # acts on release (clear, undo) or after the hold time (new game)
        self.undo = None  # C must come right after the transaction to take it back
        if self.admin is not None:
            self.cue("key")
            self.admin_mode.key(key)  # type: ignore[union-attr]
            return
        # A plain key (a digit) is none of the keys with holds: their checks are skipped (each
        # reads a class attribute, some 10 us on the chip).
        plain = key in self.plain_keys
        if not plain and (key == self.enroll_key or key == self.totals_key) and self.no_card():
            return  # on release: nothing to do; held: enrolling cards, or the game's totals
        if self.ask_pay is not None:
            self.cue("key")
            self.payment().key(key)
            return
        if self.card_lock is not None:
            self.refuse(self.card_lock)  # only C unlocks: nothing typed now can count
            return
        if not plain:
            if key == self.lift_key and self._lift_hold_possible():
                self.key_deferred = True
                return  # on release: the key as usual; held: lift a mortgage
            if key == self.history_key and self._history_hold_possible():
                self.key_deferred = True
                return  # on release: the key as usual; held: the card's history
        self.cues.append("key")  # cue("key"), written out: every key passes here
        self._press(key)

    def _press(self, key: str) -> None:
        """A key that acts as it goes down (C, and K with no card in, act on release or held)."""
        if key in keys.DIGITS:
            self.type_key(key)
        elif key == keys.POINT:
            if self.no_card():
                self._toggle_sound()
            else:
                self.type_key(key)
        elif key == keys.THOUSAND or key == keys.MILLION:
            self._commit_amount(key)
        elif key == keys.GO:
            self._go()
        else:
            self.refuse("KEY NOT USED HERE")

    def release(self, key: str, now: int) -> None:
        """The last key down went up before its hold acted."""
        if key == keys.CLEAR and self.ask_pay is not None:
            self.payment().clear(now)
            return
        if self.key_deferred and (
            self._lift_hold_possible() if key == self.lift_key else self._history_hold_possible()
        ):
            self.key_deferred = False
            self.cue("key")
            self._press(key)  # a tap: what the key does without the hold
            return
        self._release(key)

    def _release(self, key: str) -> None:
        """A key let go before it was held long enough to mean something else."""
        deferred = key == self.enroll_key or key == self.totals_key
        if deferred and self.admin is None and self.no_card():
            self.cue("key")
            self.refuse(MSG_INSERT_CARD)
            return
        if key != keys.CLEAR:
            return
        self.cue("key")
        if self.admin is not None:
            self.admin_mode.key(keys.CLEAR)  # type: ignore[union-attr]
            return
        if self.entry or self.entry_locked or self.card_lock is not None:
            self.clear_entry()  # C's first meaning: the amount being typed is dropped
            self.card_lock = None
        elif self.undo is not None:
            self._undo_last()  # then: the transaction just carried out is taken back
        self.view_changed()

    def hold_ms(self, key: str) -> int:
        """The holds: C (new game; clear cards; a TOTALS value to 0), the enroll and totals keys
        (no card in), the lift key (a card alone in RED), the history key (one card in)."""
        if key == keys.CLEAR:
            return self.long_press_ms
        if key == self.history_key and self.key_deferred and self._history_hold_possible():
            return self.long_press_ms
        if key == self.enroll_key:
            return self.enroll_press_ms
        if key == self.totals_key:
            return self.totals_press_ms
        if key == self.lift_key and self._lift_hold_possible():
            return self.long_press_ms
        return 0

    def held(self, key: str, now: int) -> None:
        if key == self.history_key and self.key_deferred and self._history_hold_possible():
            from rules import history  # loaded by the first history opened

            self.key_deferred = False
            history.open_page(self)
            return
        from rules import admin  # what a hold asks: loaded by the first hold

        admin.held(self, key, now)

    def ask(self, question: str, now: int) -> None:
        """A long press asks `question` (rules.admin): GO = yes, C = no."""
        if self.admin_mode is None:
            from rules.admin import Admin  # loaded at the first question

            self.admin_mode = Admin(self)
        self.admin = question
        self.admin_at = now
        self.clear_entry()
        self.card_lock = None  # C was held: as good as pressed
        self.undo = None
        self.message = ""
        self.cue("confirm")
        self.view_changed()

    def leave_admin(self) -> None:
        self.admin = None
        if self.admin_mode is not None:
            self.admin_mode.slots = [None, None]
        self.clear_entry()
        self.view_changed()

    def _card_moved(self, now: int) -> None:
        """What every card event does first: a card always wakes the unit and acts."""
        self._check_idle()
        self.awake = True
        self.activity(now)
        self.undo = None  # rulebook: an error can be corrected only while the card is still in
        self.history = None  # a card event ends a history page
        if self.entry and not self.entry_locked and self.admin is None:
            # An amount half typed is dropped, and every key but C is refused until C, so the
            # digits typed next never join a stale "1" or "1." (a refused entry is void already).
            self.clear_entry()
            self.card_lock = MSG_CARD_MOVED
            self.show_message(MSG_CARD_MOVED, False)

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self._card_moved(now)
        # A card going in answers "no" to any question and leaves TOTALS; enrolling takes it.
        if self.admin is not None and self.admin_mode.card_moved(slot, card_id):  # type: ignore[union-attr]
            return
        if self.slot_card[slot] is not None or self.slot_refusal[slot] is not None:
            self._take_out(slot)  # a different card without a "gone" in between
        number = self.registry.number_of(card_id)
        if number is None:
            free = self.registry.free_number() if self.registry.auto_enroll else None
            if free is None:
                self.slot_refusal[slot] = MSG_UNKNOWN_CARD
                self.refuse(MSG_UNKNOWN_CARD)
                return

            def enrolled(record: tuple, slot: int = slot, now: int = now) -> None:
                self._seat(slot, record[2], now)
                self.show_message(MSG_NEW_CARD, False)

            self.propose([("card", card_id, free)], enrolled)
            return
        self._seat(slot, number, now)

    def _seat(self, slot: int, number: int, now: int) -> None:
        if self.ask_pay is not None:
            self.payment().end(now)  # a card going in answers "no"
        if self.slot_card[1 - slot] == number:
            self.slot_refusal[slot] = MSG_SAME_CARD
            self.refuse(MSG_SAME_CARD)
            return
        self.slot_card[slot] = number
        if slot == keys.GREEN:
            self.go_done = False
        self.clear_entry()
        self.last_change = ""
        self.showing_card_number = True
        self.card_shown_at = now
        self.cue("card_in")
        self.view_changed()

    def card_gone(self, slot: int, now: int) -> None:
        self._card_moved(now)
        if self.admin is not None and self.admin_mode.card_moved(slot, None):  # type: ignore[union-attr]
            return
        self._take_out(slot)

    def _take_out(self, slot: int) -> None:
        if self.ask_pay is not None:
            self.payment().end(self.last_activity)
        if self.slot_card[slot] is not None:
            self.cue("card_out")
        self.slot_card[slot] = None
        self.slot_refusal[slot] = None
        self.clear_entry()  # a half-typed amount never survives a card change
        self.last_change = ""
        self.showing_card_number = False
        self.view_changed()

    # ---- actions ---------------------------------------------------------------------------

    def no_card(self) -> bool:
        return (
            self.slot_card[0] is None
            and self.slot_card[1] is None
            and self.slot_refusal[0] is None
            and self.slot_refusal[1] is None
        )

    def slot_problem(self) -> str | None:
        refusal = self.slot_refusal
        if refusal[0] is not None or refusal[1] is not None:
            return MSG_REMOVE_BAD_CARD
        if self.slot_card[0] is None and self.slot_card[1] is None:
            return MSG_INSERT_CARD
        return None

    def clear_entry(self) -> None:
        self.entry = ""
        self.entry_locked = False

    def type_key(self, key: str, need_card: bool = True) -> None:
        problem = self.slot_problem() if need_card else None
        if problem is None and self.entry_locked:
            problem = MSG_PRESS_C
        if problem is not None:
            self.refuse(problem)
            return
        shown = self.entry
        typed = shown + key  # the keypress's one new str (some 140 us on the chip)
        problem = self._entry_problem(typed)
        if problem is not None:
            self.entry_locked = True  # keep the screen as typed; the whole entry is void
            self.refuse(problem)
            return
        self.entry = typed
        self.showing_card_number = False
        if shown:
            self.entry_changed()  # the screen showed the entry already: only its text changed
        else:
            self.view_changed()

    def typed_amount(self, unit_key: str) -> tuple:
        """(amount, problem) of the entry finished by unit_key; problem None if it is valid."""
        if self.entry_locked:
            return 0, MSG_PRESS_C
        try:
            amount = self._parse_entry(unit_key)
        except EntryError as error:
            return 0, error.message
        return amount, self.amount_problem(amount)

    def refuse_amount(self, problem: str) -> None:
        if self.entry:
            self.entry_locked = True  # a refused amount must be retyped from C
        self.refuse(problem)

    def _commit_amount(self, unit_key: str) -> None:
        problem = self.slot_problem()
        amount = 0
        if problem is None:
            amount, problem = self.typed_amount(unit_key)
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        payer = BANK if red is None else red
        payee = BANK if green is None else green
        if problem is None:
            problem = self.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:
            self.refuse_amount(problem)
            return
        self.propose([("tx", payer, payee, amount)], self._amount_done)

    def _amount_done(self, record: tuple) -> None:
        payer, payee, amount = record[1], record[2], record[3]
        self.clear_entry()
        self.showing_card_number = False
        if payer == BANK:
            self.last_change = "+" + self.money(amount)
            self.cue("credit")
        elif payee == BANK:
            self.last_change = "-" + self.money(amount)
            self.cue("debit")
        else:
            self.last_change = self.money(amount) + " PAID"
            self.cue("transfer")

    def _go(self) -> None:
        problem = self.slot_problem()
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
            self.refuse(problem)
            return
        self.propose([("tx", BANK, green, self.go_amount, GO_TAG)], self._go_done)

    def _go_done(self, record: tuple) -> None:
        self.undo_go = True
        self.go_done = True
        self.showing_card_number = False
        self.last_change = "GO +" + self.money(record[3])
        self.cue("go")

    # ---- C right after a transaction: take it back (rulebook tip 3) ---------------------------

    def _undo_last(self) -> None:
        """C right after a transaction: propose its inverse (rules.undo)."""
        from rules import undo  # loaded on first use

        undo.take_back(self)

    def _toggle_sound(self) -> None:
        def toggled(record: tuple) -> None:
            self.show_message(MSG_SOUND_ON if self.sound_on else MSG_SOUND_OFF, False)
            self.cue("sound_on" if self.sound_on else "sound_off")

        self.propose([("set", "sound", 0 if self.sound_on else 1)], toggled)

    # ---- payments asked first: a mortgage lifted (and an edition's own) ---------------------

    def _hold_free(self) -> bool:
        """No question, no refused card, nothing typed, no card lock: the lift, history holds."""
        refusal = self.slot_refusal
        return (
            self.admin is None
            and refusal[0] is None
            and refusal[1] is None
            and not self.entry
            and not self.entry_locked
            and self.card_lock is None
        )

    def _lift_hold_possible(self) -> bool:
        """A card alone in RED, nothing typed, no question: holding the lift key lifts."""
        alone = self.slot_card[keys.GREEN] is None and self.slot_card[keys.RED] is not None
        return self.lift_key is not None and alone and self._hold_free()

    def _history_hold_possible(self) -> bool:
        """One card in, nothing typed, no question: holding the history key opens its history
        (rules.history, loaded when it opens)."""
        one = (self.slot_card[0] is None) != (self.slot_card[1] is None)
        return one and self.journal is not None and self.ask_pay is None and self._hold_free()

    def payment(self) -> "Payment":
        """The asked payment's mode (rules.endgame, loaded by the first payment asked). Made
        for each use: it keeps nothing of its own (the payment is ask_pay), and a cached one
        would be one more name to look past on every key (measured: fuel per keypress)."""
        from rules.endgame import Payment

        return Payment(self)

    def asked_paid(self, kind: str, record: tuple) -> None:
        """An edition's own asked payment is on flash and applied: say so."""

    # ---- end-of-game totals ---------------------------------------------------------------
