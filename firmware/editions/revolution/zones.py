# Revolution's modes on the core's stack: the zone spin, the auction timer, a Chance card's reveal.
#
# ZONE starts the zone symbols turning (zone_key) and ZONE again draws a Chance card for the
# one showing; DEAL starts and stops the auction timer; a card drawn scrolls its text, then
# shows its label. Each mode keeps its own fields, answers its keys, ticks and view, and is
# popped when it ends (rules.modes); the part (editions.revolution.edition) keeps a reference
# to the open one (spin, auction, reveal: what the simulator and tests read).
from compat.const import const
from compat.ticks import ticks_add, ticks_diff
from editions.revolution import chance
from rules import keys
from rules.keys import DEAL, ZONE
from rules.machine import MSG_FINISH_ENTRY, beep_interval, count_down

_ZONES = const(("PEDESTRIAN", "CYCLIST", "CAR", "SPACE"))
ZONE_CUES = ("zone_pedestrian", "zone_cyclist", "zone_car", "zone_space")  # also icon names

_MSG_ZONE_ONE_CARD = const("ZONE: ONE CARD ONLY")
_MSG_CHANCE_FIRST = const("APPLY CHANCE FIRST")
_MSG_SPIN_KEYS = const("ZONE=DRAW  C=NO")
_MSG_SPIN_TITLE = const("TRANSPORT ZONE")
_MSG_NOTHING_DRAWN = const("NOTHING DRAWN")
_MSG_AUCTION_RUNS = const("AUCTION RUNNING")
MSG_NEXT_CARD = "CHANCE WAITS: CARD IN"  # a card drawn with no card in, for the next card in
_MSG_AUCTION_HINT = const("DEAL = STOP")
_MSG_AUCTION_OVER = const("AUCTION CLOSED")
_MSG_AUCTION_STOPPED = const("AUCTION STOPPED")

_SCREEN_COLUMNS = const(21)  # small-font characters across the panel: the scrolling window


# The stack operations of rules.modes, written out: a Revolution game that never opens a
# history page does not load rules.modes (a module and a class on the chip's heap). The modes
# here answer what the core asks of a mode (rules.modes.Mode's names) without subclassing it.
def opened(part, mode):
    """Push `mode` onto the core's stack (the view changed)."""
    bank = part.bank
    bank.modes.append(mode)
    bank.view_changed()
    return mode


def drop(part, mode) -> None:
    """Pop `mode` alone, if it is open (the caller says whether the view changed)."""
    modes = part.bank.modes
    if mode in modes:
        modes.remove(mode)
        mode.closed()


def zone_key(part) -> None:
    """The rulebook's gesture: ZONE (no spin yet) starts the zone symbols turning for the card
    alone in a slot (or for nobody, with no card in); the players agree on the zone at the
    table."""
    ed = part.bank
    number = 0 if ed.no_card() else ed.single_card()
    problem = None
    if part.auction is not None:
        problem = _MSG_AUCTION_RUNS
    elif number == 0:
        if 0 in part.pending:
            problem = MSG_NEXT_CARD  # one card drawn with no card in at a time
    else:
        problem = ed.slot_problem()
        if problem is None and number is None:
            problem = _MSG_ZONE_ONE_CARD
        if problem is None and (ed.entry or ed.entry_locked):
            problem = MSG_FINISH_ENTRY
        if problem is None and (number in part.pending or part.paying is not None):
            problem = _MSG_CHANCE_FIRST
    if problem is not None:
        ed.refuse(problem)
        return
    ed.showing_card_number = False
    part.spin = opened(part, Spin(part, number, ed.last_activity))


class Spin:
    """The zone symbols turning for a player (number; 0: no card in). Not journaled: a power
    cut during a spin has drawn nothing; ZONE starts it again. A card event or a held key's
    question ends it; standby does not (it ends by itself first)."""

    covers = False
    pays = False
    asks = False
    keeps_holds = True
    ends_on_card = True
    ends_on_standby = False

    def __init__(self, part, number: int, now: int) -> None:
        self.machine = part.bank
        self.part = part
        self.number = number
        self.at = now  # when it started
        self.shown = 0  # the zone showing

    def closed(self) -> None:
        self.part.spin = None

    def press(self, key: str, now: int) -> bool:
        if key == keys.CLEAR:
            return False  # on release: nothing drawn (held: a new game asked)
        ed = self.machine
        if ed.guarded(key):
            return True
        ed.cue("key")
        if key == ZONE:
            part = self.part
            part.draw(self.number, self.shown, part.rng_state)
        elif key == DEAL:
            drop(self.part, self)  # the other choice on a zone square: an auction
            self.part.auction_key()
        else:
            ed.refuse(_MSG_SPIN_KEYS)  # the symbols go on turning
        return True

    def release(self, key: str, now: int) -> bool:
        ed = self.machine
        if key == keys.CLEAR:
            if ed.entry or ed.entry_locked or ed.card_lock is not None:
                return False
            ed.cue("key")
            drop(self.part, self)
            ed.show_message(_MSG_NOTHING_DRAWN, False)
            return True
        policy = ed.policy
        if key == policy.enroll_key or key == policy.totals_key:  # a tap, no card in
            ed.cue("key")
            ed.refuse(_MSG_SPIN_KEYS)
        return True

    def tick(self, now: int) -> None:
        ed = self.machine
        elapsed = ticks_diff(now, self.at)
        if elapsed >= self.part.spin_ms:
            drop(self.part, self)
            ed.show_message(_MSG_NOTHING_DRAWN, False, now)
            return
        shown = (elapsed // self.part.zone_step_ms) % len(_ZONES)
        if shown != self.shown:
            self.shown = shown
            ed.cue("zone_step")
            ed.view_changed()

    def view(self, view: dict) -> None:
        view["mode"] = "spin"
        view["symbol"] = ZONE_CUES[self.shown]
        spinner = self.number
        view["title"] = "CARD %d ZONE" % spinner if spinner else _MSG_SPIN_TITLE
        view["big"] = _ZONES[self.shown]
        view["detail"] = _MSG_SPIN_KEYS


class Auction:
    """The auction timer, running beside whatever else is open (DEAL starts and stops it): it
    keeps the unit awake, beeps faster as it ends and shows the seconds left with no card in."""

    covers = False
    pays = False
    asks = False
    keeps_holds = False
    ends_on_card = False
    ends_on_standby = False  # (it keeps the unit awake)

    def __init__(self, part, now: int) -> None:
        self.machine = part.bank
        self.part = part
        self.at = now  # when it started
        self.shown = (part.auction_ms + 999) // 1000  # whole seconds left, as shown
        self.beep_at = ticks_add(now, beep_interval(part.auction_ms))

    def closed(self) -> None:
        self.part.auction = None

    def press(self, key: str, now: int) -> bool:
        return False  # (DEAL reaches it through the part's keys)

    def release(self, key: str, now: int) -> bool:
        return False

    def stop(self) -> None:
        """DEAL while it runs."""
        ed = self.machine
        drop(self.part, self)
        ed.show_message(_MSG_AUCTION_STOPPED, False)
        ed.cue("confirm")

    def tick(self, now: int) -> None:
        ed = self.machine
        left = self.part.auction_ms - ticks_diff(now, self.at)
        ed.last_activity = now  # no standby while the timer runs
        if left <= 0:
            drop(self.part, self)
            ed.show_message(_MSG_AUCTION_OVER, False, now)
            ed.cue("signal")  # heard at the beeps-only level too
            ed.cue("auction_end")
            return
        count_down(self, now, left)

    def view(self, view: dict) -> None:
        view["mode"] = "auction"
        view["title"] = "AUCTION"
        view["big"] = str(self.shown)
        view["detail"] = _MSG_AUCTION_HINT


class Reveal:
    """A Chance card just drawn for a player (number; 0: drawn with no card in): its text
    scrolls in, then its label stays for reveal_hold_ms. A key ends it and then acts; a card
    event does not."""

    covers = False
    pays = False
    asks = False
    keeps_holds = False
    ends_on_card = False
    ends_on_standby = False  # (it ends by itself first)

    def __init__(self, part, number: int, card: int, now: int, zone: int) -> None:
        self.machine = part.bank
        self.part = part
        self.number = number
        self.card = card
        self.at = now  # when it showed
        self.zone = zone  # the Transport Zone it was drawn in, or -1 for a random Chance
        self.step = -1  # characters scrolled in, as shown
        # The card's text in the screen's language, translated whole as it shows (ui.lang then
        # draws the windows cut from it as they are); None in English: read from the deck.
        lang = part.bank.lang
        self.text = None if lang is None else lang(chance.text(card))

    def closed(self) -> None:
        self.part.reveal = None

    def press(self, key: str, now: int) -> bool:
        if key == keys.CLEAR:
            return False  # on release: the reveal ends (held: a new game asked)
        ed = self.machine
        if ed.guarded(key):
            return True
        drop(self.part, self)
        ed.view_changed()
        ed.cue("key")
        ed.act(key)
        return True

    def release(self, key: str, now: int) -> bool:
        ed = self.machine
        if key != keys.CLEAR or ed.entry or ed.entry_locked or ed.card_lock is not None:
            return False
        ed.cue("key")
        drop(self.part, self)
        ed.view_changed()
        return True

    def tick(self, now: int) -> None:
        ed = self.machine
        part = self.part
        elapsed = ticks_diff(now, self.at)
        text = self.text or chance.text(self.card)
        steps = len(text) - 1  # it enters from the right, stops at its end
        if elapsed >= (steps + 1) * part.scroll_ms + part.reveal_hold_ms:
            drop(self.part, self)
            ed.view_changed()
            return
        step = min(elapsed // part.scroll_ms, steps + 1)
        if step != self.step:
            self.step = step
            ed.view_changed()

    def view(self, view: dict) -> None:
        number, card, part = self.number, self.card, self.part
        view["mode"] = "chance"
        view["symbol"] = "chance"
        view["title"] = "CHANCE CARD %d" % number if number else "CHANCE CARD"
        view["detail"] = part.effect_line(number, card)
        step = max(0, self.step)
        text = self.text or chance.text(card)
        if step > len(text) - 1:  # scrolled in: the label
            view["big"] = part.label(card)
            return
        padded = " " * (_SCREEN_COLUMNS - 1) + text
        view["big"] = padded[step : step + _SCREEN_COLUMNS]
