# The Banker: the card-banking core in whole dollars ($1500) plus the bank's whole estate.
#
# Classic's money, shared with it (rules.whole_units: amounts typed as plain numbers, GO carries
# them out, FINE), and the deeds: a deed is a tag laid on a reader or its square typed, then
# DEED; BUY, AUCTION, RENT, BUILD, SELL (a trade with two cards in), MORTGAGE (a lift with the
# card in RED) and BANKRUPT plan an action (editions.banker.actions; an auction, a trade and a
# bankruptcy in modules of their own, loaded on use), show it (editions.banker.modes.Offer)
# and GO journals it.
#
# Records (besides the core's "tx", "undo", "new", "card", "uncard", "set"):
#   ("deed", square, owner, buildings, mortgaged)    a deed's state after an action
#   ("estate", owners, buildings, mortgaged)         (snapshots) the whole estate
#   ("deed_tag", tag id, square)                     a deed's tag enrolled (its UID, in hex)
#   ("auction", squares)                             the deeds a bankruptcy to the bank handed
#       back still to be auctioned, in order (journaled with every action that changes them)
#   ("tx", payer, payee, amount, tag, square)        an action's money: tag "buy", "auction",
#       "rent", "build", "sell", "mortgage", "lift", "interest", "trade", "bankrupt"
# An action's records are proposed together: one journal line (store.Store's batch), so a
# power cut keeps all of it or none. Its undo (C right after, while the cards stay in) is one
# line too: an "undo" per "tx", newest first, and every deed's state before.
from app.memory import forget_module
from compat.const import const
from compat.ticks import ticks_diff
from editions.banker.deeds import DEED_COUNT, SQUARES, index, is_deed
from editions.banker.estate import Estate
from rules import keys, whole_units
from rules.card_bank import MSG_KEY_NOT_USED, CardBank
from rules.keys import BANKRUPT, DEED
from rules.ledger import ERR_NO_DIGITS
from rules.machine import MSG_FINISH_ENTRY
from rules.whole_units import WholeUnits, check, typing_problem

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_TAG_WIDTH = const(20)  # a tag's UID in hex (up to 10 bytes), padded with spaces
_PAD = const(32)
_TAG = const("deed_tag")
_ENROLMENT = const("editions.banker.enrolment")
# No key and no card this long (app.memory.QUIET_MS, the shell's quiet point): the deeds' flows
# are loaded then, not by the first deed's key, and the holdings' module let go (BankerRules.tick)
_QUIET_MS = const(1000)
# The keys of a deed's actions (rules.keys' BUY, AUCTION ... spelled out: one constant, where a
# tuple of their names made BankerRules.key's frame too large for the C stack)
_ACTIONS = const(("BUY", "AUCTION", "RENT", "BUILD", "SELL", "MORTGAGE", "BANKRUPT"))

_MSG_TOTALS_KNOWN = const("DEEDS ARE COUNTED")
_MSG_SAME_DEED = const("SAME DEED TWICE")
_MSG_DEED_OUT = const("DEED IN: USE ITS KEY")
_ERR_NOT_A_DEED = const("NOT A DEED")  # editions.banker.actions' (loaded with the flows)


def nothing(part, *args) -> None:
    """BankerRules' answer to the extension points it has nothing for: None (no, not mine)."""


class BankerRules:
    """The Banker's part (rules.card_bank's extension points), one object (a class is heap on
    the chip): GO and FINE as every whole-units edition means them (rules.whole_units), the
    estate (editions.banker.estate), the deed tags, what lies on each reader, the typed deed,
    and the last action's way back. Its modes (modes.Offer, auction.Auction) are on the core's
    stack; `offer` and `auction` name the open ones."""

    def __init__(self, fine: int, auction_ms: int) -> None:
        self.fine = fine
        self.auction_ms = auction_ms
        self.bank: Banker = None  # type: ignore[assignment]  # its core (set once built)
        self.estate: Estate = None  # type: ignore[assignment]  # (made with the core's ledger)
        # Each deed's enrolled tag by deed index (editions.banker.deeds' board order): its id
        # padded with spaces, all spaces while none is enrolled.
        self.tags = bytearray(b" " * (DEED_COUNT * _TAG_WIDTH))
        self.laid: list = [None, None]  # the square of the deed on each reader (GREEN, RED)
        self.typed: int | None = None  # the square typed, then DEED
        self.offer = None  # the open modes.Offer
        self.auction = None  # the open auction.Auction
        self.for_auction: list = []  # squares a bankruptcy to the bank handed back
        self.way_back: list | None = None  # the last action's undo records
        self.undo_mark: tuple | None = None  # its first "tx": the core's undo while it holds
        # editions.banker.flows once loaded (with its actions and modes.Offer, about 700 lines),
        # at the first quiet moment of the game (tick) or by a deed's key before it
        self.flows: Any = None
        # a module loaded by a key for a while (editions.banker.holdings by BUILD, SELL and
        # MORTGAGE, .enrolment by a key while enrolling): let go at the next quiet second
        self.for_now: str | None = None

    def typing_problem(self, text: str) -> str | None:
        """The policy's (rules.whole_units), but nothing is typed in TOTALS: the unit knows
        every deed."""
        if self.bank.modes and self.bank.question() == "TOTALS":
            return _MSG_TOTALS_KNOWN
        return typing_problem(text)

    # ---- the part: keys ----------------------------------------------------------------------

    def key(self, key: str) -> bool:
        bank = self.bank
        typed = bank.entry or bank.entry_locked
        if key == keys.GO and typed and (self.laid[0] or self.laid[1] or self.typed is not None):
            bank.refuse(_MSG_DEED_OUT)  # a number typed by a deed: dice, a price
            return True
        if whole_units.key(bank, key, self.fine):
            return True
        if key == DEED:
            self.type_deed()
        elif key in _ACTIONS:
            from editions.banker import flows  # the deeds' flows: loaded by the first action

            flows.act(self, key)
        else:
            bank.refuse(MSG_KEY_NOT_USED)
        return True

    def type_deed(self) -> None:
        """The square typed, then DEED: the deed the next action takes."""
        bank = self.bank
        if not bank.entry or bank.entry_locked:
            bank.refuse(ERR_NO_DIGITS if not bank.entry_locked else MSG_FINISH_ENTRY)
            return
        square = int(bank.entry)
        if not is_deed(square):
            bank.refuse_amount(_ERR_NOT_A_DEED)
            return
        bank.clear_entry()
        self.typed = square
        bank.cue("card_in")
        bank.view_changed()

    def cleared(self) -> bool:
        """C with nothing typed: the typed deed is let go, or the last action taken back."""
        bank = self.bank
        if self.typed is not None:
            self.typed = None
            return True
        if bank.undo is not None and bank.undo is self.undo_mark and self.way_back:
            from editions.banker import flows

            flows.take_back(self)
            return True
        return False

    def held(self, key: str, now: int) -> bool:
        """TOTALS about to be asked: each player's deeds and buildings are the value it adds."""
        bank = self.bank
        if key == BANKRUPT and bank.no_card():
            estate = self.estate
            for number in range(1, bank.card_count + 1):
                bank.assets[number] = estate.property_value(number)
        return False

    # ---- the part: tags on the readers ---------------------------------------------------------

    def tag_square(self, card_id: str) -> int:
        """The square of the deed whose tag this is, or 0."""
        key = card_id.encode()
        tags = self.tags
        at = tags.find(key)
        while at >= 0:
            end = at + len(key)
            if (
                at % _TAG_WIDTH == 0
                and tags[at] != _PAD  # a deed's place, with a tag enrolled
                and (len(key) == _TAG_WIDTH or tags[end] == _PAD)  # the whole of its id
            ):
                return SQUARES[at // _TAG_WIDTH]
            at = tags.find(key, at + 1)
        return 0

    def tag(self, slot: int, card_id: str | None) -> bool:
        """A tag that is no card went in (card_id), or the slot emptied (None)."""
        bank = self.bank
        self.typed = None
        if card_id is None:
            self.laid[slot] = None
            return True
        square = self.tag_square(card_id)
        if not square:
            return False
        if self.laid[1 - slot] == square:
            bank.slot_refusal[slot] = _MSG_SAME_DEED
            bank.refuse(_MSG_SAME_DEED)
            return True
        self.laid[slot] = square
        bank.last_change = ""  # as a card seated: the last action's receipt gives way to it
        bank.cue("card_in")
        bank.view_changed()
        return True

    def seated(self, number: int) -> None:
        self.typed = None
        slots = self.bank.slot_card
        for slot in (0, 1):
            if slots[slot] is not None:
                self.laid[slot] = None  # a card went in where a deed lay

    def taken_out(self, number: int | None) -> None:
        self.typed = None

    def enrolling(self, key: str, card: str) -> bool:
        """A key while enrolling with `card` on a reader (rules.admin): a deed's square, then
        DEED, binds the tag to the deed (editions.banker.enrolment: loaded by the key, let go
        at the next quiet second)."""
        from editions.banker import enrolment

        self.keep_for_now(_ENROLMENT)
        return enrolment.key(self, key, card)

    # ---- the part: records -----------------------------------------------------------------

    def restore(self, record: tuple) -> bool | None:
        kind = record[0]
        if kind == "deed" or kind == "estate":
            self.estate.apply(record)
            return True
        if kind == _TAG:
            self.bind_tag(record)  # (its frame, not restore's: restore runs for every record)
            return True
        if kind == "auction":
            squares = record[1]
            if type(squares) is not list:
                raise ValueError("bad auction record")
            for square in squares:
                if not is_deed(square) or squares.count(square) > 1:
                    raise ValueError("bad auction record")
            self.for_auction = list(squares)
            return True
        if kind == "new":
            self.estate.apply(record)
            self.for_auction = []
        return None

    def bind_tag(self, record: tuple) -> None:
        """A deed's tag enrolled: the tag's id in the deed's place (none before in it; the tag
        in no other deed's)."""
        card_id, square = record[1], record[2]
        if (
            type(card_id) is not str
            or not 0 < len(card_id) <= _TAG_WIDTH
            or card_id.startswith(" ")
            or not is_deed(square)
        ):
            raise ValueError("bad deed tag")
        tags = self.tags
        old = self.tag_square(card_id)
        for deed in (old, square) if old else (square,):
            start = index(deed) * _TAG_WIDTH
            tags[start : start + _TAG_WIDTH] = b" " * _TAG_WIDTH
        tags[start : start + len(card_id)] = card_id.encode()

    def tag_of(self, square: int) -> str | None:
        """The id of the deed's enrolled tag, or None."""
        start = index(square) * _TAG_WIDTH
        tags = self.tags
        if tags[start] == _PAD:
            return None
        return bytes(tags[start : start + _TAG_WIDTH]).decode().strip()

    def snapshot(self, records: list) -> list:
        """Its tags and estate first (they tell a Banker journal apart), then the core's but
        the TOTALS values (the unit counts them from the deeds)."""
        own: list = []
        for square in SQUARES:
            tag = self.tag_of(square)
            if tag is not None:
                own.append((_TAG, tag, square))
        own += self.estate.snapshot_records()
        if self.for_auction:
            own.append(("auction", list(self.for_auction)))
        return own + [r for r in records if r[:2] != ("set", "assets")]

    # ---- the part: the rest ------------------------------------------------------------------

    def keep_for_now(self, name: str) -> None:
        """Module `name` was loaded by a key: it goes at the next quiet second (tick), and the
        one kept before it, if another, goes now."""
        if self.for_now is not None and self.for_now != name:
            forget_module(self.for_now)
        self.for_now = name

    def tick(self, now: int) -> None:
        """The open mode's timers. With none, once the unit has been quiet _QUIET_MS in the game
        (the core's last_activity: keys, cards, holds; its ticks start once the boot summary
        or the menu has closed): the deeds' flows are loaded, since the first deed's key would
        otherwise wait for that import (about 60 ms on the chip), and the buildings' and
        mortgages' module or the enrolment's is let go (for_now, loaded by their keys)."""
        mode = self.auction if self.auction is not None else self.offer
        if mode is not None:
            mode.tick(now)
            return
        if self.flows is not None and self.for_now is None:
            return
        bank = self.bank
        if bank.started and ticks_diff(now, bank.last_activity) >= _QUIET_MS:
            if self.flows is None:
                from editions.banker import flows

                self.flows = flows
            if self.for_now is not None:
                forget_module(self.for_now)
                self.for_now = None

    def view(self, view: dict) -> None:
        laid = self.laid
        if laid[0] is None and laid[1] is None and self.typed is None and not self.for_auction:
            return  # no deed in play: nothing of the flows to show
        from editions.banker import flows

        flows.complete_view(self, view)

    # the extension points it has nothing for (one function for all of them)
    not_stored = released = hold_ms = card_gone = done = nothing


class Banker(CardBank):
    """The core configured for the Banker: the whole-units policy and the estate's part."""

    name = "banker"

    def __init__(
        self,
        card_count: int = 6,
        start_balance: int = 1500,
        go_amount: int = 200,
        fine: int = 50,
        currency: str = "$",
        auction_ms: int = 15000,
        registry=None,
    ) -> None:
        check(start_balance, go_amount, fine, currency)
        if type(auction_ms) is not int or auction_ms < 1000:
            raise ValueError("auction_ms must be at least 1000")
        part = BankerRules(fine, auction_ms)
        policy = WholeUnits(currency, part.typing_problem)
        CardBank.__init__(self, policy, part, card_count, start_balance, go_amount, registry)
        part.bank = self
        part.estate = Estate(self.ledger)
