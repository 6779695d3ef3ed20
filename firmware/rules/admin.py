# Electronic Banking's admin modes (and Classic's and Revolution's): a question a long press
# asks, answered with GO or C (a new game, enrolling cards, clearing all cards, the game's
# totals), enrolling cards, and TOTALS. One Admin on the core's stack (rules.modes) while a
# question, ENROLLING or TOTALS is open owns it and answers every key, card and the view; it
# acts through the core's public names. Also what each hold asks (held). Loaded at the first
# hold: a game in which nobody holds a key never has it in RAM.
from compat.const import const
from compat.ticks import ticks_diff
from rules import keys
from rules.card_view import MSG_NO_CARDS
from rules.machine import MSG_CANCELLED, MSG_CONFIRM_KEYS

# The questions (what the open Admin mode asks: its `question`). Each needs a long press, then
# GO: no stray key ends one. ENROLLING and TOTALS are the modes' own (rules.card_bank compares
# the open question with "TOTALS" and "ENROLLING", rules.card_view shows MSG_NO_CARDS). Folded
# by const(): no names, and this module is loaded only at the first hold.
_ASK_NEW_GAME = const("NEW GAME?")
_ASK_ENROLL = const("ENROLL CARDS?")
_ASK_CLEAR_CARDS = const("CLEAR ALL CARDS?")
_ASK_TOTALS = const("GAME TOTALS?")
_ENROLLING = const("ENROLLING")
_TOTALS = const("TOTALS")  # end-of-game totals (rules.endgame): each card's cash and typed value
_MSG_ENROLL_HELP = const("INSERT CARD  C: DONE")
_MSG_ENROLL_NUMBER = const("TYPE 1-%d, THEN GO")
_MSG_ENROLL_ONE_CARD = const("ONE CARD AT A TIME")
_MSG_ENROLLED = const("CARD %d ENROLLED")
# A spare card takes the number of a lost one: the account (balance, history) stays with the
# number, the old card is unknown from then on. A card enrolled as one number takes no other.
_MSG_REPLACES = const("GO: REPLACE CARD %d")
_MSG_REPLACED = const("CARD %d REPLACED")
_MSG_ENROLLED_AS = const("ALREADY CARD %d")
_MSG_ENROLL_DONE = const("ENROLLING DONE")
_MSG_CARDS_CLEARED = const("ALL CARDS CLEARED")
_MSG_NEW_GAME = const("NEW GAME")

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from rules.endgame import Totals


def held(ed, key: str, now: int) -> None:
    """A key held its hold_ms (rules.card_bank's table): C asks for a new game (or, in a mode,
    means the mode's own hold), the enroll and totals keys with no card in ask about enrolling
    and TOTALS, the lift key with a card alone in RED asks for the mortgage value."""
    mode = ed.question_mode()
    if key == keys.CLEAR:
        if mode is not None:
            mode.held(key, now)
        elif ed.paying() is None:
            ask(ed, _ASK_NEW_GAME, now)
    elif key == ed.policy.enroll_key:
        if mode is None and ed.no_card():
            ask(ed, _ASK_ENROLL, now)
    elif key == ed.policy.totals_key:
        if mode is None and ed.no_card():
            if ed.registry.numbers:
                ask(ed, _ASK_TOTALS, now)
            else:
                ed.cue("key")
                ed.refuse(MSG_NO_CARDS)
    else:
        from rules import endgame  # loaded by the first payment asked

        ed.cue("key")
        endgame.start_lift(ed)


def ask(ed, question: str, now: int) -> None:
    """A long press asks `question`: GO = yes, C = no (the Admin mode open, or a new one)."""
    ed.close_modes(False)  # a held key's question ends a spin (a mode a card ends)
    mode = ed.question_mode()
    if mode is None:
        mode = Admin(ed)
    mode.become(question)
    mode.at = now
    ed.clear_entry()
    ed.card_lock = None  # C was held: as good as pressed
    ed.undo = None
    ed.message = ""
    ed.cue("confirm")
    ed.view_changed()


def new_game(ed) -> None:
    """NEW GAME? answered GO: every card back to the start balance, once that is durable."""

    def started(record: tuple) -> None:
        ed.clear_entry()
        ed.last_change = ""
        ed.go_done = False
        ed.show_message(_MSG_NEW_GAME, False)
        ed.cue("new_game")

    ed.propose([("new", ed.start_balance)], started)


class Admin:
    """A question asked, enrolling cards, or TOTALS: a mode on the core's stack (rules.modes'
    names, without subclassing Mode) that takes every key, card, C held and the whole screen,
    and keeps the holds from acting. It owns its question (a question, ENROLLING or TOTALS),
    when it was asked, the enrolling slots and TOTALS' pages; it is popped when the question
    is over (answered, cancelled, timed out, standby)."""

    covers = True
    asks = True
    pays = False
    ends_on_card = False  # a card answers "no", leaves TOTALS, or is enrolled: card()
    ends_on_standby = True
    keeps_holds = True

    def __init__(self, ed) -> None:
        self.machine = ed
        self.question: str | None = None  # a question, ENROLLING or TOTALS (None: not open)
        self.slots: list = [None, None]  # card id lying in each slot while enrolling
        self.at = 0  # when the question was asked (unanswered: cancelled after confirm_ms)
        self.totals_mode: Totals | None = None  # TOTALS' pages (rules.endgame), on first use

    def become(self, question: str | None) -> None:
        """The mode now asks `question` (pushed on the core's stack if it is not there), or,
        with None, is over: popped, its slots let go with it."""
        self.question = question
        modes = self.machine.modes
        if question is None:
            if self in modes:
                modes.remove(self)
        elif self not in modes:
            modes.append(self)  # (rules.modes.open_mode, written out: not loaded for this)

    def leave(self) -> None:
        """The question or enrolling is over (answered, cancelled, TOTALS closed)."""
        self.become(None)
        self.closed()

    def closed(self) -> None:
        """Popped (standby, or left): the enrolling slots and the typed value go."""
        ed = self.machine
        self.question = None
        self.slots = [None, None]
        ed.clear_entry()
        ed.view_changed()

    def totals(self) -> "Totals":
        """The mode TOTALS hands its keys, C held and view to (loaded on first use: most games
        never need it)."""
        mode = self.totals_mode
        if mode is None:
            from rules.endgame import Totals

            mode = self.totals_mode = Totals(self.machine, self)
        return mode

    @property
    def to_enroll(self) -> str | None:
        """The card to enroll: the one card lying in a slot (None with none, or two)."""
        green, red = self.slots
        if green is not None and red is not None:
            return None
        return green if green is not None else red

    def view(self, view: dict) -> None:
        """The whole screen (the core's view, its cards hidden)."""
        ed = self.machine
        question = self.question
        view["green"] = None
        view["red"] = None
        view["mode"] = "admin"
        view["title"] = question
        view["big"] = "SURE?"
        view["detail"] = MSG_CONFIRM_KEYS
        if question == _TOTALS:
            self.totals().view(view)
        elif question == _ENROLLING:
            view["mode"] = "enroll"
            view["title"] = "ENROLL CARDS"
            card = self.to_enroll
            if card is None:
                view["big"] = "CARD?"
                view["detail"] = _MSG_ENROLL_HELP
            else:
                known = ed.registry.number_of(card)
                view["big"] = ed.entry or ("NEW" if known is None else "CARD %d" % known)
                view["detail"] = _MSG_ENROLL_NUMBER % ed.card_count
                if ed.entry and known is None and ed.registry.card_of(int(ed.entry)) is not None:
                    view["detail"] = _MSG_REPLACES % int(ed.entry)  # what GO will do

    def press(self, key: str, now: int) -> bool:
        """A key going down (C acts on release)."""
        if key == keys.CLEAR:
            return False
        ed = self.machine
        ed.undo = None
        ed.cue("key")
        self.key(key)
        return True

    def release(self, key: str, now: int) -> bool:
        """A key let go before its hold: C answers, the others did their part going down."""
        if key == keys.CLEAR:
            self.machine.cue("key")
            self.key(key)
        return True

    def tick(self, now: int) -> None:
        """A question unanswered for the core's confirm_ms is cancelled: it changes nothing."""
        ed = self.machine
        if self.question in (_ENROLLING, _TOTALS):
            return
        if ticks_diff(now, self.at) >= ed.confirm_ms:
            self.become(None)
            ed.show_message(MSG_CANCELLED, False, now)

    def key(self, key: str) -> None:
        """A key while a question is asked, or while enrolling cards."""
        ed = self.machine
        question = self.question
        if question == _ENROLLING:
            self._enroll_key(key)
            return
        if question == _TOTALS:
            self.totals().key(key)
            return
        if key == keys.GO:
            self.become(None if question != _ASK_ENROLL else _ENROLLING)
            ed.view_changed()
            if question == _ASK_NEW_GAME:
                new_game(ed)
            elif question == _ASK_CLEAR_CARDS:
                self._clear_cards()
            elif question == _ASK_TOTALS:
                self.become(_TOTALS)
                self.totals().page = 0
        elif key == keys.CLEAR:
            self.become(_ENROLLING if question == _ASK_CLEAR_CARDS else None)
            ed.show_message(MSG_CANCELLED, False)
        else:
            ed.refuse(MSG_CONFIRM_KEYS)

    def held(self, key: str, now: int) -> None:
        """C held: while enrolling with no card to enroll, ask about clearing all cards; in
        TOTALS, the page's typed value back to 0 (a question: nothing)."""
        question = self.question
        if question == _ENROLLING and self.to_enroll is None:
            ask(self.machine, _ASK_CLEAR_CARDS, now)
        elif question == _TOTALS:
            self.totals().held_clear()

    def card(self, slot: int, card_id: str | None, now: int) -> bool:
        """A card came (card_id) or went (None). True: enrolling took it; False: it answered
        "no" to the question, or left TOTALS, and the core sees it as usual."""
        ed = self.machine
        if self.question == _ENROLLING:
            self.slots[slot] = card_id
            ed.clear_entry()
            ed.cue("card_in" if card_id is not None else "card_out")
            ed.view_changed()
            return True
        if card_id is not None:
            # Whatever was half typed in TOTALS must not survive as the card's entry.
            self.leave()
            ed.show_message(MSG_CANCELLED, False)
        return False

    def _enroll_key(self, key: str) -> None:
        ed = self.machine
        card = self.to_enroll
        if card is not None and ed.part is not None and ed.part.enrolling(key, card):
            return  # the part's own (the Banker: a deed's square, then DEED, binds its tag)
        if key == keys.CLEAR:
            if ed.entry:
                ed.clear_entry()
                ed.view_changed()
            elif card is None:
                self.leave()
                ed.show_message(_MSG_ENROLL_DONE, False)
            return
        if card is None:
            two = self.slots[0] is not None and self.slots[1] is not None
            ed.refuse(_MSG_ENROLL_ONE_CARD if two else _MSG_ENROLL_HELP)
            return
        if key in keys.DIGITS:
            number = int(key)
            if not 1 <= number <= ed.card_count:
                ed.refuse(_MSG_ENROLL_NUMBER % ed.card_count)
                return
            ed.entry = key  # one digit: typing another replaces it
            ed.view_changed()
        elif key == keys.GO and ed.entry:
            number = int(ed.entry)
            known = ed.registry.number_of(card)
            if known is not None and known != number:
                ed.refuse(_MSG_ENROLLED_AS % known)  # it would leave its own number card-less
                return
            # An unknown card given a number that has a card replaces that card: one record,
            # replayed at boot as it is applied now (rules.cards drops the old binding).
            replaces = known is None and ed.registry.card_of(number) is not None
            done = _MSG_REPLACED if replaces else _MSG_ENROLLED

            def bound(record: tuple) -> None:
                ed.clear_entry()
                ed.show_message(done % record[2], False)
                ed.cue("credit")

            ed.propose([("card", card, number)], bound)
        else:
            ed.refuse(_MSG_ENROLL_NUMBER % ed.card_count)

    def _clear_cards(self) -> None:
        ed = self.machine
        numbers = [ed.registry.numbers[card] for card in ed.registry.numbers]
        if not numbers:
            self.become(_ENROLLING)
            ed.show_message(_MSG_CARDS_CLEARED, False)
            return

        def cleared(record: tuple) -> None:
            self.become(_ENROLLING)  # (the slots are this mode's: back on the stack with them)
            ed.show_message(_MSG_CARDS_CLEARED, False)
            ed.cue("new_game")

        ed.propose([("uncard", number) for number in sorted(numbers)], cleared)
