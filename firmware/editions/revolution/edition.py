# The Revolution edition: Electronic Banking's money rules plus Transport Zones, Chance cards,
# the auction timer and volume levels, as an event-driven state machine.
#
# Records (besides Electronic Banking's "tx", "new", "card", "uncard"), all written ahead:
#   ("set", "volume", level)                          0 silent, 1 beeps only, 2..4 louder
#   ("set", "draws", rng, deck_seed, deck_pos)        the PRNG after a roll that drew nothing
#   ("set", "chance", number, card, rng, deck_seed, deck_pos)   a Chance card drawn for a player;
#       number 0: drawn in a Transport Zone with no card in, it waits for the next card in
#   ("set", "claim", number)                          GO gave the waiting number-0 card to a player
#   ("set", "pending", number, card, settled)         (snapshots) a money card not yet applied
#   ("tx", payer, payee, amount, "chance", number)    one payment of a Chance card: the tag
#       settles that counterpart in the same line, so a power cut never pays a step twice
from compat.ticks import ticks_diff
from editions.electronic_banking.edition import ElectronicBanking
from editions.revolution import chance
from editions.revolution.zones import (
    MSG_NEXT_CARD,
    MSG_NOTHING_DRAWN,
    MSG_SPIN_KEYS,
    ZONE_CUES,
    Auction,
    ZonePick,
)
from rules import keys
from rules.keys import DEAL, ZONE
from rules.ledger import BANK, ERR_BALANCE_LIMIT, ERR_NOT_ENOUGH
from rules.money import M, format_amount

SILENT = 0
BEEPS_ONLY = 1  # the lowest sound level: beeps, no music or sound effects
LOUDEST = 4
VOLUME_NAMES = ("SILENT", "BEEPS ONLY", "SOFT", "MEDIUM", "LOUD")

# Cues that are music or sound effects: the shell skips them at the beeps-only level.
MUSIC_CUES = ("go", "credit", "debit", "transfer", "chance", "auction_end", "winner") + ZONE_CUES

MSG_VOLUME = "VOLUME: %s"
MSG_CHANCE_WAITS = "CARD %d: CHANCE WAITS"
MSG_CHANCE_ASIDE = "CHANCE WAITS"
MSG_APPLY = "GO=APPLY"
MSG_CANNOT_PAY = "CARD %d: NOT ENOUGH"

_SCREEN_COLUMNS = 21  # small-font characters across the panel: the scrolling window
# A card's effect for whoever drew it with no card in (its money waits for the next card in).
_YOU_LINES = {
    chance.GET: "BANK PAYS YOU %s",
    chance.PAY: "YOU PAY THE BANK %s",
    chance.PAY_EACH: "YOU PAY EACH %s",
    chance.GET_EACH: "EACH PAYS YOU %s",
    chance.PRISON: "GO TO PRISON",
    chance.FREE: "LEAVE PRISON FREE",
    chance.MOVE: "MOVE YOUR PAWN",
}


class Revolution(ElectronicBanking):
    name = "revolution"
    standby_ms = 90000  # rulebook: standby after 90 seconds without use
    volume_step_ms = 800  # holding "." (no card in) steps the volume down this often
    plain_keys = keys.DIGITS  # rules.machine; not ".", whose hold and release set the volume
    # A spin shows each zone symbol this long: long enough to press ZONE on the one wanted,
    # and one SSD1306 redraw (a page or two over I2C) per symbol is a small cost.
    zone_step_ms = 500
    spin_ms = 20000  # a spin nobody stops ends by itself
    scroll_ms = 150  # a Chance text moves one character this often
    reveal_hold_ms = 3000  # then its label stays this long
    music_cues = MUSIC_CUES
    volume: int = LOUDEST  # declared (contract): the piezo level it journals, set per game

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 15 * M,
        go_amount: int = 2 * M,
        registry=None,
        seed: int = 0,
        chance_percent: int = 10,
        auction_ms: int = 30000,
    ) -> None:
        super().__init__(card_count, start_balance, go_amount, registry)
        if not 0 <= chance_percent <= 100:
            raise ValueError("chance_percent must be 0..100")
        if auction_ms < 1000:
            raise ValueError("auction_ms must be at least 1000")
        self.chance_percent = chance_percent  # odds of a random Chance when a card leaves
        self.auction_ms = auction_ms
        self.volume = LOUDEST  # the piezo level the shell plays at (0 silent)
        self.music_on = True  # False at the beeps-only level
        self.rng_state = chance.seed_state(seed)
        self.deck_seed = 0
        self.deck_pos = chance.CARD_COUNT  # the first draw shuffles the deck
        # player number -> [card, [counterparts already settled]]; number 0: a card drawn in a
        # zone with no card in, which the next card in takes with GO
        self.pending: dict = {}
        self.aside = False  # C set the inserted card's Chance aside for this insertion
        self.traded: list = []  # numbers of inserted cards that took part in a transaction
        self.volume_steps = 0  # volume steps made during the current hold of "."
        # The player whose zone symbols are turning (0: no card in), or None. Not journaled: a
        # power cut during a spin has drawn nothing; ZONE starts it again.
        self.spin_number: int | None = None
        self.spin_at = 0
        self.spin_shown = 0
        self.reveal: list | None = None  # [number, card, started_ms, zone or -1]
        self.reveal_step = -1
        self.auction_at: int | None = None  # when the running auction started
        self.auction_beep_at = 0
        self.auction_shown = 0  # whole seconds left, as shown
        self.paying: int | None = None  # the player whose Chance card is paying out
        # the modes ZONE and DEAL hand over to (editions.revolution.zones)
        self.zone_pick = ZonePick(self)
        self.auction = Auction(self)
        self.paid_total = 0

    # ---- persistence -----------------------------------------------------------------------

    def restore(self, record: tuple) -> None:
        kind = record[0]
        if kind == "set":
            what = record[1]
            if what == "volume":
                self._set_volume(record[2])
            elif what == "sound":  # an Electronic Banking style on/off setting
                self._set_volume(LOUDEST if record[2] else SILENT)
            elif what == "draws":
                self._load_draws(record[2], record[3], record[4])
            elif what == "chance":
                number, card = self._holder(record[2]), self._card(record[3])
                self._load_draws(record[4], record[5], record[6])
                self.pending.pop(number, None)
                if chance.moves_money(card):
                    self.pending[number] = [card, []]
                    if number and not self._steps(number):
                        del self.pending[number]  # "each player" with nobody else enrolled
            elif what == "claim":
                number = self._player(record[2])
                if 0 not in self.pending or number in self.pending:
                    raise ValueError("nothing to claim")
                self.pending[number] = self.pending.pop(0)
                if not self._steps(number):
                    del self.pending[number]
            elif what == "pending":
                number, card = self._holder(record[2]), self._card(record[3])
                settled = [self._account(n) for n in record[4]]
                if not number and settled:
                    raise ValueError("nobody has paid for an unclaimed card")
                self.pending[number] = [card, settled]
            else:
                super().restore(record)
            return
        super().restore(record)
        if kind == "tx" and len(record) > 5 and record[4] == "chance":
            self._settled(record)
        elif kind == "new":
            self.pending = {}
            self.paying = None
            self.spin_number = None
            self.reveal = None
        elif kind == "uncard":
            self.pending.pop(record[1], None)

    def snapshot_records(self) -> list:
        records = [r for r in super().snapshot_records() if r[:2] != ("set", "sound")]
        records.append(("set", "volume", self.volume))
        records.append(("set", "draws", self.rng_state, self.deck_seed, self.deck_pos))
        for number in sorted(self.pending):
            card, settled = self.pending[number]
            records.append(("set", "pending", number, card, list(settled)))
        return records

    def _player(self, number) -> int:
        if type(number) is not int or not 1 <= number <= self.card_count:
            raise ValueError("bad player number")
        return number

    def _holder(self, number) -> int:
        """A player number, or 0 for the card that waits for the next card in."""
        return 0 if number == 0 and type(number) is int else self._player(number)

    def _account(self, number) -> int:
        if type(number) is not int or not 0 <= number <= self.card_count:
            raise ValueError("bad account")
        return number

    def _card(self, card) -> int:
        if type(card) is not int or not 0 <= card < chance.CARD_COUNT:
            raise ValueError("bad chance card")
        return card

    def _load_draws(self, state, seed, pos) -> None:
        for value in (state, seed):
            if type(value) is not int or not 0 <= value <= 0xFFFFFFFF:
                raise ValueError("bad draw state")
        if state == 0 or type(pos) is not int or not 0 <= pos <= chance.CARD_COUNT:
            raise ValueError("bad draw state")
        self.rng_state, self.deck_seed, self.deck_pos = state, seed, pos

    def _settled(self, record: tuple) -> None:
        number = record[5]
        entry = self.pending.get(number)
        if entry is None:
            return
        entry[1].append(record[2] if record[1] == number else record[1])
        if not self._steps(number):
            del self.pending[number]

    def _set_volume(self, level) -> None:
        if type(level) is not int or not SILENT <= level <= LOUDEST:
            raise ValueError("bad volume")
        self.volume = level
        self.music_on = level > BEEPS_ONLY
        self.sound_on = level > SILENT

    # ---- Chance: draws and effects ---------------------------------------------------------

    def _next_card(self, state: int) -> tuple:
        """(card, rng, deck_seed, deck_pos) after drawing the deck's next card."""
        seed, pos = self.deck_seed, self.deck_pos
        if pos >= chance.CARD_COUNT:
            state = chance.next_state(state)
            seed, pos = state, 0
        return chance.deck_order(seed)[pos], state, seed, pos + 1

    def draw(self, number: int, zone: int, state: int) -> None:
        """Draw a Chance card for a player from PRNG state `state`; it shows once it is on
        flash. zone: the Transport Zone it was drawn in, or -1 for a random Chance."""
        card, state, seed, pos = self._next_card(state)

        def drawn(record: tuple) -> None:
            self.reveal = [number, card, self.last_activity, zone]
            self.reveal_step = -1
            self.spin_number = None
            self.aside = False
            self.showing_card_number = False
            if zone >= 0:
                self.cue(ZONE_CUES[zone])
            else:
                self.cue("chance")
            self.view_changed()

        self.propose([("set", "chance", number, card, state, seed, pos)], drawn)

    def _roll(self, number: int) -> None:
        """A card left after a transaction: now and then a Chance card applies to its player."""
        state = chance.next_state(self.rng_state)
        if state % 100 < self.chance_percent:
            self.draw(number, -1, state)
        else:
            self.propose([("set", "draws", state, self.deck_seed, self.deck_pos)], None)

    def _steps(self, number: int) -> list:
        """The payments (payer, payee, amount) a player's pending card still has to make."""
        entry = self.pending.get(number)
        if entry is None or not number:
            return []
        return self._card_steps(number, entry[0], entry[1])

    def _card_steps(self, number: int, card: int, settled: list) -> list:
        """The payments a card makes for a player, less the counterparts already settled."""
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            kind, amount = chance.GET, self.go_amount
        if kind == chance.GET:
            return [] if BANK in settled else [(BANK, number, amount)]
        if kind == chance.PAY:
            return [] if BANK in settled else [(number, BANK, amount)]
        others = [n for n in sorted(self.registry.numbers.values()) if n != number]
        others = [n for n in others if n not in settled]
        if kind == chance.PAY_EACH:
            return [(number, other, amount) for other in others]
        return [(other, number, amount) for other in others]

    def _steps_problem(self, number: int, steps: list) -> str | None:
        """Why the payments cannot all be made now, checked as if made one after another."""
        balances = list(self.ledger.balances)
        for payer, payee, amount in steps:
            if payer != BANK:
                if balances[payer] < amount:
                    return ERR_NOT_ENOUGH if payer == number else MSG_CANNOT_PAY % payer
                balances[payer] -= amount
            if payee != BANK:
                if balances[payee] + amount > self.ledger.max_balance:
                    return ERR_BALANCE_LIMIT
                balances[payee] += amount
        return None

    def _effect_line(self, number: int, card: int) -> str:
        """Who pays whom, and how much: shown before anything is applied. Number 0: a card
        drawn with no card in, told to whoever drew it."""
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            kind, amount = chance.GET, self.go_amount
        money = format_amount(amount)
        if not number:
            return _YOU_LINES[kind] % money if kind in chance.MONEY_KINDS else _YOU_LINES[kind]
        if kind == chance.GET:
            return "BANK PAYS CARD %d %s" % (number, money)
        if kind == chance.PAY:
            return "CARD %d PAYS BANK %s" % (number, money)
        if kind == chance.PAY_EACH:
            return "CARD %d PAYS EACH %s" % (number, money)
        if kind == chance.GET_EACH:
            return "EACH PAYS CARD %d %s" % (number, money)
        if kind == chance.PRISON:
            return "CARD %d: GO TO PRISON" % number
        if kind == chance.FREE:
            return "CARD %d: LEAVE PRISON" % number
        return "CARD %d MOVES" % number

    def _label(self, card: int) -> str:
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            return "GO +" + format_amount(self.go_amount)
        if kind == chance.GET or kind == chance.GET_EACH:
            return "+" + format_amount(amount)
        if kind == chance.PAY or kind == chance.PAY_EACH:
            return "-" + format_amount(amount)
        return chance.label(card)

    def _ready_chance(self) -> int | None:
        """The player whose pending card GO would apply now: their card alone in a slot, with
        a card of their own waiting, or the one drawn with no card in."""
        number = self.single_card()
        if number is None or self.aside or self.entry or self.entry_locked:
            return None
        if number not in self.pending and 0 not in self.pending:
            return None
        return number

    def _waiting_card(self, number: int) -> int:
        """The card GO would apply for a player (_ready_chance): their own first."""
        entry = self.pending[number] if number in self.pending else self.pending[0]
        return entry[0]

    def _claim(self, number: int) -> None:
        """GO on the card drawn with no card in: it becomes this player's (one record), checked
        first as a whole; its payments follow on the next ticks."""
        if self.paying is not None:
            return
        steps = self._card_steps(number, self.pending[0][0], [])
        problem = self._steps_problem(number, steps)
        if problem is not None:
            self.refuse(problem)
            return

        def claimed(record: tuple) -> None:
            if number in self.pending:
                self.paying = number
                self.paid_total = 0
                self.view_changed()

        self.propose([("set", "claim", number)], claimed)

    def _apply(self, number: int) -> None:
        """GO on a waiting money card: every payment is checked first, then made one record at
        a time (one now, the next ones on the following ticks), so each payment is one whole
        journal line: a power cut or a full flash leaves exactly the unpaid ones waiting."""
        if self.paying is not None:
            return  # already paying out
        problem = self._steps_problem(number, self._steps(number))
        if problem is not None:
            self.refuse(problem)
            return
        self.paying = number
        self.paid_total = 0
        self._pay_next()

    def _pay_next(self) -> None:
        number = self.paying
        steps = self._steps(number)  # type: ignore[arg-type]
        if not steps:
            self.paying = None
            return
        payer, payee, amount = steps[0]
        problem = self.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:  # balances changed since GO: the rest keeps waiting
            self.paying = None
            if problem == ERR_NOT_ENOUGH and payer != number:
                problem = MSG_CANNOT_PAY % payer
            self.refuse(problem)
            return
        kind = chance.kind(self.pending[number][0])  # type: ignore[index]

        def paid(record: tuple) -> None:
            self.paid_total += amount
            if number in self.pending:
                self.view_changed()
                return  # more to pay, on the next tick
            self.paying = None
            self.reveal = None
            self.showing_card_number = False
            if number not in self.traded:
                self.traded.append(number)
            out = kind == chance.PAY or kind == chance.PAY_EACH
            self.last_change = ("CHANCE -" if out else "CHANCE +") + format_amount(self.paid_total)
            if kind == chance.TO_GO:
                self.cue("go")
            elif kind == chance.GET:
                self.cue("credit")
            elif kind == chance.PAY:
                self.cue("debit")
            else:
                self.cue("transfer")

        self.propose([("tx", payer, payee, amount, "chance", number)], paid)

    def not_stored(self, problem: str) -> None:
        self.paying = None  # what is not paid yet keeps waiting
        super().not_stored(problem)

    # ---- events ----------------------------------------------------------------------------

    def single_card(self) -> int | None:
        """The player number of the one card lying in a slot (None with none, two, or a refused
        card)."""
        if self.slot_refusal[0] is not None or self.slot_refusal[1] is not None:
            return None
        green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
        if green is not None and red is not None:
            return None
        return green if green is not None else red

    def press(self, key: str, now: int) -> None:
        self.volume_steps = 0
        super().press(key, now)

    def _press(self, key: str) -> None:
        if self.reveal is not None:  # (a call of _end_reveal for every key was measurable)
            self._end_reveal()
        if self.spin_number is not None and key != ZONE:
            if key != DEAL:
                self.refuse(MSG_SPIN_KEYS)  # the symbols go on turning
                return
            self.spin_number = None  # the other choice on a zone square: an auction
        if key == ZONE:
            self.zone_pick.key()
        elif key == DEAL:
            self.auction.key()
        elif key == keys.POINT and self.no_card():
            return  # a tap shows the volume on release; held, it steps the volume
        elif key == keys.GO and self._ready_chance() is not None:
            number = self.single_card()
            if number in self.pending:
                self._apply(number)  # type: ignore[arg-type]
            else:
                self._claim(number)  # type: ignore[arg-type]
        else:
            super()._press(key)

    def _release(self, key: str) -> None:
        if self.spin_number is not None and self.admin is None and key != keys.CLEAR:
            if key == self.enroll_key or key == self.totals_key:  # a tap of K or M, no card in
                self.cue("key")
                self.refuse(MSG_SPIN_KEYS)
            return
        if self.admin is not None or (key != keys.CLEAR and key != keys.POINT):
            super()._release(key)
            return
        if key == keys.POINT:
            if self.no_card() and self.spin_number is None:
                self.show_message(MSG_VOLUME % VOLUME_NAMES[self.volume], False)
            return
        if self.entry or self.entry_locked or self.card_lock is not None:
            super()._release(key)
            return
        self.cue("key")
        if self.spin_number is not None:
            self.spin_number = None
            self.show_message(MSG_NOTHING_DRAWN, False)
        elif self.reveal is not None:
            self._end_reveal()
        elif self.undo is not None:
            self._undo_last()  # the transaction just carried out (a Chance payout: refused)
        elif self._ready_chance() is not None:
            self.aside = True
            self.show_message(MSG_CHANCE_ASIDE, False)
        else:
            self.view_changed()

    def hold_ms(self, key: str) -> int:
        """ "." held, no card in: the volume steps down one level per volume_step_ms."""
        if key != keys.POINT:
            return super().hold_ms(key)
        if self.outbox or self.admin is not None or self.spin_number is not None:
            return 0
        if not self.no_card() or not self.awake:
            return 0
        return (self.volume_steps + 1) * self.volume_step_ms

    def held(self, key: str, now: int) -> None:
        if key != keys.POINT:
            super().held(key, now)
            return
        self.volume_steps += 1
        # Down to beeps only, the rulebook's lowest level, then round to the loudest again.
        # Silent is a setting (the menu's volume), left from here to the loudest.
        level = self.volume - 1 if self.volume > BEEPS_ONLY else LOUDEST

        def stepped(record: tuple) -> None:
            self.show_message(MSG_VOLUME % VOLUME_NAMES[self.volume], False, now)
            self.cue("volume")

        self.propose([("set", "volume", level)], stepped)

    def _card_moved(self, now: int) -> None:
        super()._card_moved(now)
        if self.spin_number is not None:
            self.spin_number = None  # whose draw it would be has changed: nothing is drawn
            self.view_changed()

    def ask(self, question: str, now: int) -> None:
        self.spin_number = None  # a held key's question (new game, enroll, totals) ends it
        super().ask(question, now)

    def _lift_hold_possible(self) -> bool:
        return self.spin_number is None and super()._lift_hold_possible()

    def _history_hold_possible(self) -> bool:
        return self.spin_number is None and super()._history_hold_possible()

    def _seat(self, slot: int, number: int, now: int) -> None:
        super()._seat(slot, number, now)
        if self.slot_card[slot] == number:
            if number in self.traded:
                self.traded.remove(number)
            self.aside = False

    def _take_out(self, slot: int) -> None:
        number = self.slot_card[slot]
        super()._take_out(slot)
        if number is not None and number in self.traded:
            self.traded.remove(number)
        self.aside = False

    def card_gone(self, slot: int, now: int) -> None:
        number = self.slot_card[slot]
        traded = number is not None and number in self.traded
        super().card_gone(slot, now)
        if not traded or self.admin is not None or self.outbox or not self.chance_percent:
            return
        if number not in self.pending:
            self._roll(number)  # type: ignore[arg-type]

    def _amount_done(self, record: tuple) -> None:
        super()._amount_done(record)
        self._traded(record)
        self.aside = True  # the player is doing other business: the Chance card waits

    def _go_done(self, record: tuple) -> None:
        super()._go_done(record)
        self._traded(record)

    def _traded(self, record: tuple) -> None:
        for number in (record[1], record[2]):
            if number != BANK and number not in self.traded:
                self.traded.append(number)

    def _end_reveal(self) -> None:
        if self.reveal is not None:
            self.reveal = None
            self.view_changed()

    # ---- time ------------------------------------------------------------------------------

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if self.auction_at is not None:
            self.auction.tick(now)
        if self.spin_number is not None:
            self.zone_pick.tick(now)
        if self.reveal is not None:
            self._tick_reveal(now)
        if self.paying is not None:
            self._pay_next()
        if self.held_key == keys.POINT and self.long_press_done:
            ms = self.hold_ms(keys.POINT)  # the next step of a hold that stepped already
            if ms and ticks_diff(now, self.held_since) >= ms:
                self.last_activity = now
                self.held(keys.POINT, now)
        super().tick(now)

    def _scroll_steps(self) -> int:
        text = chance.text(self.reveal[1])  # type: ignore[index]
        return len(text) - 1  # the text enters from the right and stops at its end

    def _tick_reveal(self, now: int) -> None:
        elapsed = ticks_diff(now, self.reveal[2])  # type: ignore[index]
        steps = self._scroll_steps()
        if elapsed >= (steps + 1) * self.scroll_ms + self.reveal_hold_ms:
            self.reveal = None
            self.view_changed()
            return
        step = min(elapsed // self.scroll_ms, steps + 1)
        if step != self.reveal_step:
            self.reveal_step = step
            self.view_changed()

    # ---- the screen ------------------------------------------------------------------------

    def view(self) -> dict:
        if self.admin is not None or self.history is not None:
            return super().view()
        view = super().view()
        view["symbol"] = None
        if self.reveal is not None:
            self._reveal_view(view)
        elif self.spin_number is not None:
            self.zone_pick.view(view)
        elif self.no_card():
            self._idle_view(view)
        else:
            number = self._ready_chance()
            if number is not None:
                card = self._waiting_card(number)
                view["mode"] = "chance"
                view["symbol"] = "chance"
                view["title"] = "CHANCE CARD %d" % number
                view["big"] = MSG_APPLY if self.paying is None else self._label(card)
                view["detail"] = self._effect_line(number, card)
        return view

    def _idle_view(self, view: dict) -> None:
        if self.auction_at is not None:
            self.auction.view(view)
            return
        if 0 in self.pending:
            view["detail"] = MSG_NEXT_CARD
        elif self.pending and self.registry.numbers:
            view["detail"] = MSG_CHANCE_WAITS % sorted(self.pending)[0]

    def _reveal_view(self, view: dict) -> None:
        number, card = self.reveal[0], self.reveal[1]  # type: ignore[index]
        view["mode"] = "chance"
        view["symbol"] = "chance"
        view["title"] = "CHANCE CARD %d" % number if number else "CHANCE CARD"
        view["detail"] = self._effect_line(number, card)
        step = max(0, self.reveal_step)
        if step > self._scroll_steps():
            view["big"] = self._label(card)
            return
        text = chance.text(card)
        padded = " " * (_SCREEN_COLUMNS - 1) + text
        view["big"] = padded[step : step + _SCREEN_COLUMNS]
