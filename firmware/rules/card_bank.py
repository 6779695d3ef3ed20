# The card-banking core every card edition is built from, with a money policy and an edition part.
# Slots, amounts, transfers, GO, undo, history, admin questions, asked payments and totals.
# Inputs: key_down/key_up (logical key, ticks ms), card_present/card_gone (slot, card id), tick.
# Outputs: view() as plain data, take_cues() sound cue names, and `outbox`: records that the
# shell must make durable and then acknowledge(). Nothing a record changes is applied, shown
# as done or cued before acknowledge(True): the unit is write-ahead by construction (records:
# rules.card_records).
# A CardBank is built with a money policy (rules.money's K/M one, or rules.whole_units') and
# the edition's part (None, or an object answering the extension points of docs/editions.md);
# it calls the part, the part acts through the core's public names.
from compat.const import const
from compat.ticks import ticks_diff
from rules import card_records, card_view, keys
from rules.card_view import MSG_INSERT_CARD
from rules.cards import CardRegistry
from rules.ledger import BANK, EntryError, Ledger
from rules.machine import DEFERRED, MSG_FINISH_ENTRY, StateMachine

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from rules.admin import Admin
    from rules.endgame import Payment

MSG_REMOVE_BAD_CARD = "REMOVE THAT CARD"
MSG_PRESS_C = "PRESS C TO RETYPE"
MSG_GO_GREEN_ONLY = "GO: GREEN SLOT ONLY"
MSG_GO_ONCE = "REINSERT FOR 2ND GO"
_GO_TAG = const("go")  # a GO's "tx" record ends in it: the history names it from the tag
_MSG_SOUND_ON = const("SOUND ON")
MSG_SOUND_OFF = "SOUND OFF"
MSG_UNKNOWN_CARD = "UNKNOWN CARD"
MSG_SAME_CARD = "SAME CARD IN BOTH"
_MSG_NEW_CARD = const("NEW CARD")
MSG_CARD_MOVED = "CARD MOVED: PRESS C"  # a card came or went mid-entry: keys locked until C
MSG_KEY_NOT_USED = "KEY NOT USED HERE"


class CardBank(StateMachine):
    """The core; an edition class subclasses it only to configure it (attributes, __init__)."""

    card_number_ms = 1000  # the card's number shows this long before its balance
    message_ms = 2500  # how long a message stays before the normal screen returns
    standby_ms = 60000  # rulebook: off after 1 minute without activity
    long_press_ms = 2000  # hold C this long to be asked about a new game
    enroll_press_ms = 3000  # hold the enroll key (no card in) this long to enroll cards
    confirm_ms = 15000  # an unanswered question is cancelled after this
    totals_press_ms = 2000  # hold the totals key (no card in) this long for TOTALS
    plain_keys = keys.DIGITS + keys.POINT  # rules.machine: no hold, nothing on release

    def __init__(
        self,
        policy,
        part,
        card_count: int = 6,
        start_balance: int = 15000000,  # 15M, the K/M editions' (rules.money.M)
        go_amount: int = 2000000,
        registry: CardRegistry | None = None,
    ) -> None:
        if not 2 <= card_count <= 8:
            raise ValueError("card_count must be 2..8")
        StateMachine.__init__(self)
        self.policy = policy
        # The policy's functions the view and a keypress call, bound once (rules.money.Millions).
        self.money = policy.money
        self.labelled_money = policy.labelled_money
        self.typing_problem = policy.typing_problem
        self.part = part  # the edition's own keys and modes (None: Electronic Banking)
        self.card_count = card_count
        self.go_amount = go_amount
        self.start_balance = start_balance  # what the next new game starts at (a setting)
        self.ledger = Ledger(card_count, start_balance, policy.max_balance)
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
        self.assets = [0] * (card_count + 1)  # typed property values per player (TOTALS)
        # The last title and balance line view() made, and what they were made of: a view is
        # built at every redraw, and each new string costs the chip a lookup (0.14 ms).
        # [red card, green card, their title, balance, its line]: one attribute, not five (an
        # edition's attributes fill a table that grows by doubling).
        self.made: list = [None, None, "", None, ""]

    # ---- persistence (rules.card_records: functions of the core, assembled here) -----------

    restore = card_records.restore
    snapshot_records = card_records.snapshot_records
    not_stored = card_records.not_stored
    applied = card_records.applied

    # ---- the screen (rules.card_view: functions of the core, assembled here) ------------

    view = card_view.view
    shown_entry = card_view.shown_entry
    title = card_view.title
    balance_line = card_view.balance_line

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if self.part is not None:
            self.part.tick(now)  # its timers and modes, before the core's
            if self.outbox:
                return  # it proposed (a Chance payment): the core's timers wait a tick
        if not self.started:
            self.started = True  # ticks need not start near 0 (a simulator, a warm reboot)
            self.last_activity = now
        self.tick_hold(now)
        modes = self.modes
        if modes:
            # A question or an asked payment (one at most) unanswered for confirm_ms is
            # cancelled: the core ticks it (the part ticks its own modes).
            for mode in modes:
                if mode.asks or mode.pays:
                    mode.tick(now)
                    break
        if self.showing_card_number and ticks_diff(now, self.card_shown_at) >= self.card_number_ms:
            self.showing_card_number = False
            self.view_changed()
        self.tick_message(now)
        self.tick_standby(now)

    def woken(self, now: int) -> None:  # a key woke the unit: the screen it slept on is back
        pass

    def asleep(self) -> None:
        self.close_modes(True)  # never left in a question or an asked payment

    def close_modes(self, standby: bool) -> None:
        """Standby (True) or a card moved (False): the modes that end then are popped."""
        modes = self.modes
        for mode in modes[:]:
            if mode.ends_on_standby if standby else mode.ends_on_card:
                modes.remove(mode)
                mode.closed()

    def press(self, key: str, now: int) -> None:
        """A key went down (awake, no waking key held): the guards, then the key's rule."""
        modes = self.modes
        if modes and modes[-1].press(key, now):
            return  # the mode on top took it
        if key == keys.CLEAR:
            return  # acts on release (clear, undo) or after the hold time (new game)
        plain = key in self.plain_keys  # with no guard to meet: guarded() and act() written out
        if plain and self.card_lock is None:
            self.undo = None  # (each call on the chip ~15 us: a digit makes two fewer)
            self.cues.append("key")
            if key in keys.DIGITS:
                self.type_key(key)
            else:
                self.act(key)
            return
        if self.guarded(key):
            return
        self.cues.append("key")  # cue("key"), written out: every key passes here
        self.act(key)

    def guarded(self, key: str) -> bool:
        """The guards a key (not C) meets before its meaning: True if one took it (a card lock, a
        key whose hold is possible; a question or an asked payment is a mode on top, which took
        the key first). A mode that lets a key through calls this first, then act()."""
        self.undo = None  # C must come right after the transaction to take it back
        # A plain key (a digit) is none of the keys with holds: their checks are skipped (each
        # reads a policy attribute, some 10 us on the chip).
        plain = key in self.plain_keys
        if not plain:
            policy = self.policy
            if (key == policy.enroll_key or key == policy.totals_key) and self.no_card():
                return True  # on release: nothing to do; held: enrolling cards, or TOTALS
        if self.card_lock is not None:
            self.refuse(self.card_lock)  # only C unlocks: nothing typed now can count
            return True
        if not plain:
            if key == self.policy.lift_key and self.lift_hold_possible():
                self.holds_done = DEFERRED  # rules.machine: a tap acts on release
                return True  # on release: the key as usual; held: lift a mortgage
            if key == self.policy.history_key and self.history_hold_possible():
                self.holds_done = DEFERRED
                return True  # on release: the key as usual; held: the card's history
        return False

    def act(self, key: str) -> None:
        """A key's meaning once past the guards (C, and the enroll and totals keys with no card
        in, act on release or held): a digit types; the part's keys; then the core's."""
        if key in keys.DIGITS:
            self.type_key(key)
            return
        if self.part is not None and self.part.key(key):
            return
        if key == self.policy.sound_key and self.no_card():
            self.toggle_sound()
        elif key == keys.POINT:
            self.type_key(key)
        elif key == keys.THOUSAND or key == keys.MILLION:
            self.commit_amount(key)
        elif key == keys.GO:
            self.go()
        else:
            self.refuse(MSG_KEY_NOT_USED)

    def release(self, key: str, now: int) -> None:
        """The last key down went up before its hold acted."""
        if self.holds_done < 0 and (
            self.lift_hold_possible()
            if key == self.policy.lift_key
            else self.history_hold_possible()
        ):
            self.cue("key")
            self.act(key)  # a tap: what the key does without the hold
            return
        modes = self.modes
        if modes and modes[-1].release(key, now):
            return  # (a question takes every key let go)
        if self.part is not None and self.part.released(key):
            return
        policy = self.policy
        deferred = key == policy.enroll_key or key == policy.totals_key
        if deferred and self.no_card():
            self.cue("key")
            self.refuse(MSG_INSERT_CARD)
            return
        if key != keys.CLEAR:
            return
        self.cue("key")
        if self.entry or self.entry_locked or self.card_lock is not None:
            self.clear_entry()  # C's first meaning: the amount being typed is dropped
            self.card_lock = None
        elif self.part is not None and self.part.cleared():
            return  # the part's meaning of C (a Chance card set aside, say)
        elif self.undo is not None:
            self.undo_last()  # then: the transaction just carried out is taken back
        self.view_changed()

    def hold_ms(self, key: str) -> int:
        """The holds: C (new game; clear cards; a TOTALS value to 0), the enroll and totals keys
        (no card in), the lift key (a card alone in RED), the history key (one card in), and
        the part's."""
        if self.part is not None:
            ms = self.part.hold_ms(key)
            if ms is not None:
                return ms
        if key == keys.CLEAR:
            return self.long_press_ms
        policy = self.policy
        if key == policy.history_key and self.holds_done < 0 and self.history_hold_possible():
            return self.long_press_ms
        if key == policy.enroll_key:
            return self.enroll_press_ms
        if key == policy.totals_key:
            return self.totals_press_ms
        if key == policy.lift_key and self.lift_hold_possible():
            return self.long_press_ms
        return 0

    def held(self, key: str, now: int) -> None:
        if self.part is not None and self.part.held(key, now):
            return
        deferred = self.holds_done < 0  # (rules.machine: a press that waited for this hold)
        if key == self.policy.history_key and deferred and self.history_hold_possible():
            from rules import history  # loaded by the first history opened

            history.open_page(self)
            return
        from rules import admin  # what a hold asks: loaded by the first hold

        admin.held(self, key, now)

    def card_moved(self, now: int) -> None:
        """What every card event does first: a card always wakes the unit and acts."""
        if self.outbox:
            raise RuntimeError("event before the outbox was acknowledged")
        self.awake = True
        self.activity(now)
        self.undo = None  # rulebook: an error can be corrected only while the card is still in
        if self.modes:
            self.close_modes(False)  # a card event ends a history page, a spin
        if self.entry and not self.entry_locked and self.question_mode() is None:
            # An amount half typed is dropped, and every key but C is refused until C, so the
            # digits typed next never join a stale "1" or "1." (a refused entry is void already).
            self.clear_entry()
            self.card_lock = MSG_CARD_MOVED
            self.show_message(MSG_CARD_MOVED, False)

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self.card_moved(now)
        # A card going in answers "no" to any question and leaves TOTALS; enrolling takes it.
        mode = self.question_mode()
        if mode is not None and mode.card(slot, card_id, now):
            return
        if self.slot_card[slot] is not None or self.slot_refusal[slot] is not None:
            self.take_out(slot)  # a different card without a "gone" in between
        number = self.registry.number_of(card_id)
        if number is None:
            if self.part is not None and self.part.tag(slot, card_id):
                return  # a tag of the part's own (the Banker's deeds)
            free = self.registry.free_number() if self.registry.auto_enroll else None
            if free is None:
                self.slot_refusal[slot] = MSG_UNKNOWN_CARD
                self.refuse(MSG_UNKNOWN_CARD)
                return

            def enrolled(record: tuple, slot: int = slot, now: int = now) -> None:
                self.seat(slot, record[2], now)
                self.show_message(_MSG_NEW_CARD, False)

            self.propose([("card", card_id, free)], enrolled)
            return
        self.seat(slot, number, now)

    def seat(self, slot: int, number: int, now: int) -> None:
        pay = self.paying()
        if pay is not None:
            pay.end(now)  # a card going in answers "no"
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
        if self.part is not None:
            self.part.seated(number)

    def card_gone(self, slot: int, now: int) -> None:
        number = self.slot_card[slot]
        self.card_moved(now)
        mode = self.question_mode()
        if mode is not None and mode.card(slot, None, now):
            return
        self.take_out(slot)
        if self.part is not None:
            if number is None:
                self.part.tag(slot, None)  # whatever the part's lay there (or nothing) left
            else:
                self.part.card_gone(number)

    def take_out(self, slot: int) -> None:
        pay = self.paying()
        if pay is not None:
            pay.end(self.last_activity)
        number = self.slot_card[slot]
        if number is not None:
            self.cue("card_out")
        self.slot_card[slot] = None
        self.slot_refusal[slot] = None
        self.clear_entry()  # a half-typed amount never survives a card change
        self.last_change = ""
        self.showing_card_number = False
        self.view_changed()
        if self.part is not None:
            self.part.taken_out(number)

    def no_card(self) -> bool:
        return (
            self.slot_card[0] is None
            and self.slot_card[1] is None
            and self.slot_refusal[0] is None
            and self.slot_refusal[1] is None
        )

    def single_card(self) -> int | None:
        """The player number of the one card lying in a slot (None with none, two, or a refused
        card)."""
        if self.slot_refusal[0] is not None or self.slot_refusal[1] is not None:
            return None
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        if green is not None and red is not None:
            return None
        return green if green is not None else red

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
        problem = self.typing_problem(typed)
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
            amount = self.policy.parse(self.entry, unit_key)
        except EntryError as error:
            return 0, error.message
        return amount, self.policy.amount_problem(amount)

    def refuse_amount(self, problem: str) -> None:
        if self.entry:
            self.entry_locked = True  # a refused amount must be retyped from C
        self.refuse(problem)

    def commit_amount(self, unit_key: str) -> None:
        """The typed amount, finished by unit_key, from RED to GREEN (the bank for an empty
        slot)."""
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
        self.propose([("tx", payer, payee, amount)], self.amount_done)

    def amount_done(self, record: tuple) -> None:
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
        if self.part is not None:
            self.part.done(record, False)

    def go(self) -> None:
        """GO with a card alone in GREEN: the GO amount from the bank, once per insertion."""
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
        self.propose([("tx", BANK, green, self.go_amount, _GO_TAG)], self.go_paid)

    def go_paid(self, record: tuple) -> None:
        self.undo_go = True
        self.go_done = True
        self.showing_card_number = False
        self.last_change = "GO +" + self.money(record[3])
        self.cue("go")
        if self.part is not None:
            self.part.done(record, True)

    def undo_last(self) -> None:
        """C right after a transaction: propose its inverse (rules.undo, loaded on first use)."""
        from rules import undo

        undo.take_back(self)

    def toggle_sound(self) -> None:
        def toggled(record: tuple) -> None:
            self.show_message(_MSG_SOUND_ON if self.sound_on else MSG_SOUND_OFF, False)
            self.cue("sound_on" if self.sound_on else "sound_off")

        self.propose([("set", "sound", 0 if self.sound_on else 1)], toggled)

    # ---- the guarded holds, and payments asked first --------------------------------------

    def hold_free(self) -> bool:
        """No question, refused card, typed amount, card lock or mode keeping the holds."""
        refusal = self.slot_refusal
        if not (
            refusal[0] is None
            and refusal[1] is None
            and not self.entry
            and not self.entry_locked
            and self.card_lock is None
        ):
            return False
        for mode in self.modes:  # noqa: SIM110  (a generator is a heap object on MicroPython)
            if mode.keeps_holds:
                return False
        return True

    def lift_hold_possible(self) -> bool:
        """A card alone in RED, nothing typed, no question: holding the lift key lifts."""
        alone = self.slot_card[keys.GREEN] is None and self.slot_card[keys.RED] is not None
        return self.policy.lift_key is not None and alone and self.hold_free()

    def history_hold_possible(self) -> bool:
        """One card in, nothing typed, no question: holding the history key opens its history
        (rules.history, loaded when it opens)."""
        one = (self.slot_card[0] is None) != (self.slot_card[1] is None)
        return one and self.journal is not None and self.paying() is None and self.hold_free()

    def question_mode(self) -> "Admin | None":
        """The open question, enrolling or TOTALS on the stack (rules.admin's Admin, `asks`),
        or None."""
        for mode in self.modes:
            if mode.asks:
                return mode
        return None

    def question(self) -> str | None:
        """What the open Admin mode asks (rules.admin: a question, ENROLLING, TOTALS), or
        None."""
        mode = self.question_mode()
        return None if mode is None else mode.question

    def paying(self) -> "Payment | None":
        """The asked payment on the stack (rules.endgame's Payment, `pays`), or None."""
        for mode in self.modes:
            if mode.pays:
                return mode
        return None
