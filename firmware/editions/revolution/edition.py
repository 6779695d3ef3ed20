# The Revolution edition: the card-banking core, the K/M policy and its part (zones, Chance...).
#
# Its part adds Transport Zones, the auction timer, Chance cards and volume levels.
#
# Records (besides the core's "tx", "new", "card", "uncard"), all written ahead:
#   ("set", "volume", level)                          0 silent, 1 beeps only, 2..4 louder
#   ("set", "draws", rng, deck_seed, deck_pos)        the PRNG after a roll that drew nothing
#   ("set", "chance", number, card, rng, deck_seed, deck_pos)   a Chance card drawn for a player;
#       number 0: drawn in a Transport Zone with no card in, it waits for the next card in
#   ("set", "claim", number)                          GO gave the waiting number-0 card to a player
#   ("set", "pending", number, card, settled)         (snapshots) a money card not yet applied
#   ("tx", payer, payee, amount, "chance", number)    one payment of a Chance card: the tag
#       settles that counterpart in the same line, so a power cut never pays a step twice
from compat.const import const
from editions.revolution import chance
from editions.revolution.zones import (
    MSG_NEXT_CARD,
    ZONE_CUES,
    Auction,
    Reveal,
    drop,
    opened,
    zone_key,
)
from rules import keys
from rules.card_bank import CardBank
from rules.keys import DEAL, ZONE
from rules.ledger import BANK, ERR_BALANCE_LIMIT, ERR_NOT_ENOUGH
from rules.money import MILLIONS, M, format_amount

SILENT = 0
BEEPS_ONLY = 1  # the lowest sound level: beeps, no music or sound effects
LOUDEST = 4
_VOLUME_NAMES = const(("SILENT", "BEEPS ONLY", "SOFT", "MEDIUM", "LOUD"))

# Cues that are music or sound effects: the shell skips them at the beeps-only level.
MUSIC_CUES = ("go", "credit", "debit", "transfer", "chance", "auction_end", "winner") + ZONE_CUES

_MSG_VOLUME = const("VOLUME: %s")
_MSG_CHANCE_WAITS = const("CARD %d: CHANCE WAITS")
_MSG_CHANCE_ASIDE = const("CHANCE WAITS")
_MSG_APPLY = const("GO=APPLY")
_MSG_CANNOT_PAY = const("CARD %d: NOT ENOUGH")

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


class Revolution(CardBank):
    """The core configured for Revolution: its standby, its keys without holds ("." has the
    volume's repeating hold), its music cues and volume level, and its part."""

    name = "revolution"
    standby_ms = 90000  # rulebook: standby after 90 seconds without use
    plain_keys = keys.DIGITS  # rules.machine; not ".", whose hold and release set the volume
    repeat_keys = keys.POINT  # held, no card in: the volume steps down, one level at a time
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
        if not 0 <= chance_percent <= 100:
            raise ValueError("chance_percent must be 0..100")
        if auction_ms < 1000:
            raise ValueError("auction_ms must be at least 1000")
        CardBank.__init__(self, MILLIONS, None, card_count, start_balance, go_amount, registry)
        self.volume = LOUDEST  # the piezo level the shell plays at (0 silent)
        self.music_on = True  # False at the beeps-only level
        self.part = RevolutionPart(self, seed, chance_percent, auction_ms)


class RevolutionPart:
    """Revolution's part of the edition (rules.card_bank's extension points): Chance cards
    (drawn, waiting, paid out), the ZONE and DEAL keys and their modes (editions.revolution.
    zones), and the volume levels. `bank` is the core it acts on through public names."""

    volume_step_ms = 800  # holding "." (no card in) steps the volume down this often
    # A spin shows each zone symbol this long: long enough to press ZONE on the one wanted,
    # and one SSD1306 redraw (a page or two over I2C) per symbol is a small cost.
    zone_step_ms = 500
    spin_ms = 20000  # a spin nobody stops ends by itself
    scroll_ms = 150  # a Chance text moves one character this often
    reveal_hold_ms = 3000  # then its label stays this long

    def __init__(self, bank, seed: int, chance_percent: int, auction_ms: int) -> None:
        self.bank = bank
        self.chance_percent = chance_percent  # odds of a random Chance when a card leaves
        self.auction_ms = auction_ms
        self.rng_state = chance.seed_state(seed)
        self.deck_seed = 0
        self.deck_pos = chance.CARD_COUNT  # the first draw shuffles the deck
        # player number -> [card, [counterparts already settled]]; number 0: a card drawn in a
        # zone with no card in, which the next card in takes with GO
        self.pending: dict = {}
        self.aside = False  # C set the inserted card's Chance aside for this insertion
        self.traded: list = []  # numbers of inserted cards that took part in a transaction
        self.left_traded = False  # the card just taken out had traded (card_gone's roll)
        self.paying: int | None = None  # the player whose Chance card is paying out
        self.paid_total = 0
        # The open modes (rules.modes, on the core's stack): each clears its own when it ends.
        self.spin = None  # zones.Spin: the zone symbols turning
        self.auction = None  # zones.Auction: the auction timer running
        self.reveal = None  # zones.Reveal: a Chance card just drawn, showing

    # ---- persistence -----------------------------------------------------------------------

    def restore(self, record: tuple) -> None:
        """Its own "set" records, and what the core's records change of its state."""
        kind = record[0]
        if kind == "set":
            what = record[1]
            if what == "volume":
                self.set_volume(record[2])
            elif what == "sound":  # an Electronic Banking style on/off setting
                self.set_volume(LOUDEST if record[2] else SILENT)
            elif what == "draws":
                self.load_draws(record[2], record[3], record[4])
            elif what == "chance":
                number, card = self._holder(record[2]), self._card(record[3])
                self.load_draws(record[4], record[5], record[6])
                self.pending.pop(number, None)
                if chance.moves_money(card):
                    self.pending[number] = [card, []]
                    if number and not self.steps(number):
                        del self.pending[number]  # "each player" with nobody else enrolled
            elif what == "claim":
                number = self._player(record[2])
                if 0 not in self.pending or number in self.pending:
                    raise ValueError("nothing to claim")
                self.pending[number] = self.pending.pop(0)
                if not self.steps(number):
                    del self.pending[number]
            elif what == "pending":
                number, card = self._holder(record[2]), self._card(record[3])
                settled = [self._account(n) for n in record[4]]
                if not number and settled:
                    raise ValueError("nobody has paid for an unclaimed card")
                self.pending[number] = [card, settled]
        elif kind == "tx" and len(record) > 5 and record[4] == "chance":
            self._settled(record)
        elif kind == "new":
            self.pending = {}
            self.paying = None
            if self.spin is not None:
                drop(self, self.spin)
            if self.reveal is not None:
                drop(self, self.reveal)
        elif kind == "uncard":
            self.pending.pop(record[1], None)

    def snapshot(self, records: list) -> list:
        records = [r for r in records if r[:2] != ("set", "sound")]
        records.append(("set", "volume", self.bank.volume))
        records.append(("set", "draws", self.rng_state, self.deck_seed, self.deck_pos))
        for number in sorted(self.pending):
            card, settled = self.pending[number]
            records.append(("set", "pending", number, card, list(settled)))
        return records

    def not_stored(self) -> None:
        self.paying = None  # what is not paid yet keeps waiting

    def _player(self, number) -> int:
        bank = self.bank
        if type(number) is not int or not 1 <= number <= bank.card_count:
            raise ValueError("bad player number")
        return number

    def _holder(self, number) -> int:
        """A player number, or 0 for the card that waits for the next card in."""
        return 0 if number == 0 and type(number) is int else self._player(number)

    def _account(self, number) -> int:
        bank = self.bank
        if type(number) is not int or not 0 <= number <= bank.card_count:
            raise ValueError("bad account")
        return number

    def _card(self, card) -> int:
        if type(card) is not int or not 0 <= card < chance.CARD_COUNT:
            raise ValueError("bad chance card")
        return card

    def load_draws(self, state, seed, pos) -> None:
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
        if not self.steps(number):
            del self.pending[number]

    def set_volume(self, level) -> None:
        """A volume level (0 silent .. 4), checked; sound_on and music_on follow it."""
        bank = self.bank
        if type(level) is not int or not SILENT <= level <= LOUDEST:
            raise ValueError("bad volume")
        bank.volume = level
        bank.music_on = level > BEEPS_ONLY
        bank.sound_on = level > SILENT

    # ---- Chance: draws and effects ---------------------------------------------------------

    def next_card(self, state: int) -> tuple:
        """(card, rng, deck_seed, deck_pos) after drawing the deck's next card."""
        seed, pos = self.deck_seed, self.deck_pos
        if pos >= chance.CARD_COUNT:
            state = chance.next_state(state)
            seed, pos = state, 0
        return chance.deck_order(seed)[pos], state, seed, pos + 1

    def draw(self, number: int, zone: int, state: int) -> None:
        """Draw a Chance card for a player from PRNG state `state`; it shows once it is on
        flash. zone: the Transport Zone it was drawn in, or -1 for a random Chance."""
        bank = self.bank
        card, state, seed, pos = self.next_card(state)

        def drawn(record: tuple) -> None:
            if self.spin is not None:
                drop(self, self.spin)
            if self.reveal is not None:
                drop(self, self.reveal)
            self.aside = False
            bank.showing_card_number = False
            if zone >= 0:
                bank.cue(ZONE_CUES[zone])
            else:
                bank.cue("chance")
            self.reveal = opened(self, Reveal(self, number, card, bank.last_activity, zone))

        bank.propose([("set", "chance", number, card, state, seed, pos)], drawn)

    def roll(self, number: int) -> None:
        """A card left after a transaction: now and then a Chance card applies to its player."""
        bank = self.bank
        state = chance.next_state(self.rng_state)
        if state % 100 < self.chance_percent:
            self.draw(number, -1, state)
        else:
            bank.propose([("set", "draws", state, self.deck_seed, self.deck_pos)], None)

    def steps(self, number: int) -> list:
        """The payments (payer, payee, amount) a player's pending card still has to make."""
        entry = self.pending.get(number)
        if entry is None or not number:
            return []
        return self.card_steps(number, entry[0], entry[1])

    def card_steps(self, number: int, card: int, settled: list) -> list:
        """The payments a card makes for a player, less the counterparts already settled."""
        bank = self.bank
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            kind, amount = chance.GET, bank.go_amount
        if kind == chance.GET:
            return [] if BANK in settled else [(BANK, number, amount)]
        if kind == chance.PAY:
            return [] if BANK in settled else [(number, BANK, amount)]
        others = [n for n in sorted(bank.registry.numbers.values()) if n != number]
        others = [n for n in others if n not in settled]
        if kind == chance.PAY_EACH:
            return [(number, other, amount) for other in others]
        return [(other, number, amount) for other in others]

    def effect_line(self, number: int, card: int) -> str:
        """Who pays whom, and how much: shown before anything is applied. Number 0: a card
        drawn with no card in, told to whoever drew it."""
        bank = self.bank
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            kind, amount = chance.GET, bank.go_amount
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

    def label(self, card: int) -> str:
        bank = self.bank
        kind, amount = chance.kind(card), chance.amount(card)
        if kind == chance.TO_GO:
            return "GO +" + format_amount(bank.go_amount)
        if kind == chance.GET or kind == chance.GET_EACH:
            return "+" + format_amount(amount)
        if kind == chance.PAY or kind == chance.PAY_EACH:
            return "-" + format_amount(amount)
        return chance.label(card)

    def ready_chance(self) -> int | None:
        """The player whose pending card GO would apply now: their card alone in a slot, with
        a card of their own waiting, or the one drawn with no card in."""
        bank = self.bank
        number = bank.single_card()
        if number is None or self.aside or bank.entry or bank.entry_locked:
            return None
        if number not in self.pending and 0 not in self.pending:
            return None
        return number

    def waiting_card(self, number: int) -> int:
        """The card GO would apply for a player (ready_chance): their own first."""
        entry = self.pending[number] if number in self.pending else self.pending[0]
        return entry[0]

    def steps_problem(self, number: int, steps: list) -> str | None:
        """Why the payments cannot all be made now, checked as if made one after another."""
        bank = self.bank
        balances = list(bank.ledger.balances)
        for payer, payee, amount in steps:
            if payer != BANK:
                if balances[payer] < amount:
                    return ERR_NOT_ENOUGH if payer == number else _MSG_CANNOT_PAY % payer
                balances[payer] -= amount
            if payee != BANK:
                if balances[payee] + amount > bank.ledger.max_balance:
                    return ERR_BALANCE_LIMIT
                balances[payee] += amount
        return None

    def claim(self, number: int) -> None:
        """GO on the card drawn with no card in: it becomes this player's (one record), checked
        first as a whole; its payments follow on the next ticks."""
        bank = self.bank
        if self.paying is not None:
            return
        steps = self.card_steps(number, self.pending[0][0], [])
        problem = self.steps_problem(number, steps)
        if problem is not None:
            bank.refuse(problem)
            return

        def claimed(record: tuple) -> None:
            if number in self.pending:
                self.paying = number
                self.paid_total = 0
                bank.view_changed()

        bank.propose([("set", "claim", number)], claimed)

    def apply(self, number: int) -> None:
        """GO on a waiting money card: every payment is checked first, then made one record at
        a time (one now, the next ones on the following ticks), so each payment is one whole
        journal line: a power cut or a full flash leaves exactly the unpaid ones waiting."""
        bank = self.bank
        if self.paying is not None:
            return  # already paying out
        problem = self.steps_problem(number, self.steps(number))
        if problem is not None:
            bank.refuse(problem)
            return
        self.paying = number
        self.paid_total = 0
        self.pay_next()

    def pay_next(self) -> None:
        bank = self.bank
        number = self.paying
        steps = self.steps(number)  # type: ignore[arg-type]
        if not steps:
            self.paying = None
            return
        payer, payee, amount = steps[0]
        problem = bank.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:  # balances changed since GO: the rest keeps waiting
            self.paying = None
            if problem == ERR_NOT_ENOUGH and payer != number:
                problem = _MSG_CANNOT_PAY % payer
            bank.refuse(problem)
            return
        kind = chance.kind(self.pending[number][0])  # type: ignore[index]

        def paid(record: tuple) -> None:
            self.paid_total += amount
            if number in self.pending:
                bank.view_changed()
                return  # more to pay, on the next tick
            self.paying = None
            if self.reveal is not None:
                drop(self, self.reveal)
            bank.showing_card_number = False
            if number not in self.traded:
                self.traded.append(number)
            out = kind == chance.PAY or kind == chance.PAY_EACH
            bank.last_change = ("CHANCE -" if out else "CHANCE +") + format_amount(self.paid_total)
            if kind == chance.TO_GO:
                bank.cue("go")
            elif kind == chance.GET:
                bank.cue("credit")
            elif kind == chance.PAY:
                bank.cue("debit")
            else:
                bank.cue("transfer")

        bank.propose([("tx", payer, payee, amount, "chance", number)], paid)

    # ---- keys --------------------------------------------------------------------------------

    def key(self, key: str) -> bool:
        """A key past the core's guards, not a digit: ZONE, DEAL, "." with no card in (on
        release: the volume), GO on a waiting Chance card. (A key ends a reveal first.)"""
        bank = self.bank
        if self.reveal is not None:  # (a tap of a key whose hold was possible)
            drop(self, self.reveal)
            bank.view_changed()
        if key == ZONE:
            zone_key(self)
        elif key == DEAL:
            self.auction_key()
        elif key == keys.POINT and bank.no_card():
            pass  # a tap shows the volume on release; held, it steps the volume
        elif key == keys.GO and self.ready_chance() is not None:
            number = bank.single_card()
            if number in self.pending:
                self.apply(number)  # type: ignore[arg-type]
            else:
                self.claim(number)  # type: ignore[arg-type]
        else:
            return False
        return True

    def auction_key(self) -> None:
        """DEAL: start the countdown, or stop the one running."""
        bank = self.bank
        if self.auction is not None:
            self.auction.stop()
            return
        self.auction = opened(self, Auction(self, bank.last_activity))
        bank.cue("auction_tick")

    def released(self, key: str) -> bool:
        """ "." let go before its hold stepped: the volume, with no card in."""
        if key != keys.POINT:
            return False
        bank = self.bank
        if bank.no_card():
            bank.show_message(_MSG_VOLUME % _VOLUME_NAMES[bank.volume], False)
        return True

    def cleared(self) -> bool:
        """C let go, nothing typed: the transaction just made is taken back (a Chance payout:
        refused), or the inserted card's waiting Chance is set aside."""
        bank = self.bank
        if bank.undo is not None:
            bank.undo_last()
        elif self.ready_chance() is not None:
            self.aside = True
            bank.show_message(_MSG_CHANCE_ASIDE, False)
        else:
            bank.view_changed()
        return True

    def hold_ms(self, key: str) -> int | None:
        """ "." held, no card in: the volume steps down one level per volume_step_ms (a
        repeating hold: rules.machine asks again after each step)."""
        if key != keys.POINT:
            return None
        bank = self.bank
        modes = bank.modes  # (a question open is the top mode: question_mode(), written out)
        if bank.outbox or (modes and modes[-1].asks) or self.spin is not None:
            return 0
        if not bank.no_card() or not bank.awake:
            return 0
        return (bank.holds_done + 1) * self.volume_step_ms

    def held(self, key: str, now: int) -> bool:
        if key != keys.POINT:
            return False
        bank = self.bank
        # Down to beeps only, the rulebook's lowest level, then round to the loudest again.
        # Silent is a setting (the menu's volume), left from here to the loudest.
        level = bank.volume - 1 if bank.volume > BEEPS_ONLY else LOUDEST

        def stepped(record: tuple) -> None:
            bank.show_message(_MSG_VOLUME % _VOLUME_NAMES[bank.volume], False, now)
            bank.cue("volume")

        bank.propose([("set", "volume", level)], stepped)
        return True

    # ---- cards and transactions ----------------------------------------------------------

    def seated(self, number: int) -> None:
        if number in self.traded:
            self.traded.remove(number)
        self.aside = False

    def taken_out(self, number: int | None) -> None:
        self.left_traded = number is not None and number in self.traded
        if self.left_traded:
            self.traded.remove(number)
        self.aside = False

    def tag(self, slot: int, card_id: str | None) -> bool:
        return False  # no tags but the players' cards

    def enrolling(self, key: str, card: str) -> bool:
        return False  # enrolling binds cards only

    def card_gone(self, number: int) -> None:
        """A card that took part in a transaction left: now and then a Chance card."""
        bank = self.bank
        if not self.left_traded or bank.question_mode() is not None or bank.outbox:
            return
        if self.chance_percent and number not in self.pending:
            self.roll(number)

    def done(self, record: tuple, go: bool) -> None:
        """A transaction (an amount, or GO) is on flash and applied."""
        for number in (record[1], record[2]):
            if number != BANK and number not in self.traded:
                self.traded.append(number)
        if not go:
            self.aside = True  # the player is doing other business: the Chance card waits

    # ---- time and the screen ---------------------------------------------------------------

    def tick(self, now: int) -> None:
        if self.auction is not None:
            self.auction.tick(now)
        if self.spin is not None:
            self.spin.tick(now)
        if self.reveal is not None:
            self.reveal.tick(now)
        if self.paying is not None:
            self.pay_next()

    def view(self, view: dict) -> None:
        """The core's view, completed: a reveal, a spin, the auction or a waiting Chance."""
        bank = self.bank
        view["symbol"] = None
        if self.reveal is not None:
            self.reveal.view(view)
        elif self.spin is not None:
            self.spin.view(view)
        elif bank.no_card():
            if self.auction is not None:
                self.auction.view(view)
            elif 0 in self.pending:
                view["detail"] = MSG_NEXT_CARD
            elif self.pending and bank.registry.numbers:
                view["detail"] = _MSG_CHANCE_WAITS % sorted(self.pending)[0]
        else:
            number = self.ready_chance()
            if number is not None:
                card = self.waiting_card(number)
                view["mode"] = "chance"
                view["symbol"] = "chance"
                view["title"] = "CHANCE CARD %d" % number
                view["big"] = _MSG_APPLY if self.paying is None else self.label(card)
                view["detail"] = self.effect_line(number, card)
