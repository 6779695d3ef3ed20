# The Banker's auctions, loaded by AUCTION and dropped when the auction ends: a deed the bank holds
# (laid, typed, or the next a bankruptcy handed back) or, when players want more buildings than
# the bank has, its next house or hotel (the Auction mode: bids typed, a countdown that beeps),
# then the highest bid's sale shown as an Offer (editions.banker.flows).
#
# Seldom played, so not with the deeds' common flows: flows.act imports this module, and it
# leaves sys.modules (app.memory.forget_module) when its mode closes, or at once when AUCTION is
# refused. The sale's Offer needs nothing of it. It loads editions.banker.holdings (a building's
# sale is a build at the bid), which goes as BUILD's does: at the next quiet second.
from app.memory import forget_module
from compat.const import const
from compat.ticks import ticks_add, ticks_diff
from editions.banker import actions, flows, holdings
from editions.banker.deeds import HOTEL, name
from rules import keys
from rules.ledger import BANK, ERR_NOT_ENOUGH
from rules.machine import MSG_FINISH_ENTRY, beep_interval, count_down
from rules.modes import Mode, drop_mode, open_mode

_MODULE = const("editions.banker.auction")  # this module, dropped after use
_HOLDINGS = const("editions.banker.holdings")
_ERR_NO_DEED = const("LAY OR TYPE A DEED")
_ERR_NO_BUILDINGS = const("NO BUILDINGS LEFT")
_MSG_NO_BID = const("NO BID: BANK KEEPS IT")
_MSG_BID_KEYS = const("BID, GO  C: STOP")
_MSG_BIDDER_RED = const("BIDDER'S CARD IN RED")
_MSG_BID_MORE = const("BID MORE THAN %s")
_MSG_STOPPED = const("AUCTION STOPPED")
_MSG_HIGH = const("CARD %d BID %d S")
_MSG_RUNS = const("AUCTION %d S")
# A building auction's, by the building (a house, a hotel): its title before the first bid,
# its sale (the building, not the lot's deed, goes to the card), and why a bid's lot cannot take
# it: the lot's next building is the other one (a hotel goes only on four houses). Each fits the
# small font's line (21 characters; a title 16 beside the PAY icon of the bidder's card).
_MSG_BUILDING = const(("A HOUSE %d S", "A HOTEL %d S"))
_MSG_BUILDING_SOLD = const(("HOUSE TO CARD %d", "HOTEL TO CARD %d"))
_MSG_NOT_NEXT = const(("4 HOUSES: HOTEL NEXT", "HOTEL NEEDS 4 HOUSES"))
_MSG_NONE_LEFT = const(("NO HOUSES LEFT", "NO HOTELS LEFT"))
_MSG_LOT_BID = const("CARD, LOT, BID, GO")  # each bidder: card in RED, the lot, the bid, GO


def start(part) -> None:
    """AUCTION on a deed the bank holds (laid, typed, or the next a bankruptcy handed back);
    with none of them, on the bank's next house (a hotel when it has no house left), for
    players who want more buildings than it has (the Auction's building auction). Refused:
    this module is let go at once."""
    bank = part.bank
    part.keep_for_now(_HOLDINGS)  # (imported with this module: let go at the next quiet second)
    square = part.typed
    problem = None
    if square is None:
        laid = part.laid
        if laid[0] is not None and laid[1] is not None:
            problem = _ERR_NO_DEED  # which one?
        square = laid[0] if laid[0] is not None else laid[1]
    if square is None and part.for_auction:
        square = part.for_auction[0]
    if problem is None and (bank.slot_refusal[0] or bank.slot_refusal[1]):
        problem = bank.slot_problem()
    if problem is None and (bank.entry or bank.entry_locked):
        problem = MSG_FINISH_ENTRY
    estate = part.estate
    built = 0  # a deed's auction; else the building's (1 a house, HOTEL a hotel)
    if square is None:
        built = 1 if estate.houses else HOTEL
        if problem is None and not estate.hotels and built == HOTEL:
            problem = _ERR_NO_BUILDINGS
    elif problem is None:
        problem = actions.problem(actions.auction(estate, square, BANK, -1))
        problem = problem if problem != actions.ERR_NO_BID else None
    if problem is not None:
        bank.refuse(problem)
        forget_module(_MODULE)
        return
    part.typed = None  # (a deed handed back stays offered until its auction is over)
    mode = part.auction = Auction(part, square or 0, bank.last_activity)
    mode.built = built
    open_mode(bank, mode)
    bank.cue("confirm")


def sold(part, mode) -> None:
    """The countdown ended: the highest bid's sale is offered (GO journals it); with no bid
    the deed stays with the bank, and leaves the deeds a bankruptcy handed back (journaled)."""
    bank = part.bank
    square, bidder, bid = mode.square, mode.bidder, mode.bid
    if not bidder:
        queue = part.for_auction
        if square not in queue:
            bank.show_message(_MSG_NO_BID, False)
            return

        def done(last: tuple) -> None:
            bank.show_message(_MSG_NO_BID, False)

        bank.propose([("auction", [other for other in queue if other != square])], done)
        return
    lines = ("SOLD TO CARD %d" % bidder, bank.money(bid), name(square))
    if mode.built:  # the building on the highest bid's lot, at the bid
        lines = (_MSG_BUILDING_SOLD[mode.built == HOTEL] % bidder,) + lines[1:]
        result = holdings.build(part.estate, bidder, square, bid)
        flows.offer(part, result, lines, "BUILD %d -%s" % (square, bank.money(bid)), "auction_end")
        return
    result = actions.auction(part.estate, square, bidder, bid)
    flows.offer(part, result, lines, "AUCTION %d -%s" % (square, bank.money(bid)), "auction_end")


class Auction(Mode):
    """The deed `square` under the hammer: a bid is typed with the bidder's card in RED and
    GO; each bid above the last starts the countdown again; at its end the highest bid is
    offered (an Offer: GO journals the sale), no bid leaves the deed with the bank. C with
    nothing typed stops it. Cards come and go (each bidder in turn): it stays open.
    A building auction (`built`: 1 a house, HOTEL a hotel, from the bank's supply): each bid
    names the bidder's lot as BUILD does (its deed laid on GREEN, or its square typed, then
    DEED), where the building must be the next to go; `square` is the highest bid's lot, and
    the sale is that build at the bid. AUCTION before the first bid switches house and hotel."""

    covers = True
    ends_on_card = False
    ends_on_standby = False  # (it keeps the unit awake)
    keeps_holds = True
    built = 0  # a deed's auction

    def __init__(self, part, square: int, now: int) -> None:
        self.machine = part.bank
        self.part = part
        self.square = square
        self.bidder = 0  # the highest bid's card (0: no bid yet)
        self.bid = 0
        self.at = now  # when the countdown (re)started
        self.shown = (part.auction_ms + 999) // 1000
        self.beep_at = ticks_add(now, beep_interval(part.auction_ms))

    def press(self, key: str, now: int) -> bool:
        ed = self.machine
        if key == keys.CLEAR or key in keys.DIGITS:
            return False  # C on release; a digit is typed by the core (a card must be in)
        ed.undo = None
        ed.cue("key")
        built = self.built
        if key == keys.GO:
            self.take_bid(now)
        elif built and key == keys.DEED:
            self.part.type_deed()  # the bidder's lot
        elif built and key == keys.AUCTION and not self.bidder:
            other = 1 if built == HOTEL else HOTEL
            estate = self.part.estate
            if (estate.hotels if other == HOTEL else estate.houses) < 1:
                ed.refuse(_MSG_NONE_LEFT[other == HOTEL])
            else:
                self.built = other
                ed.view_changed()
        else:
            ed.refuse(_MSG_BID_KEYS)
        return True

    def take_bid(self, now: int) -> None:
        ed = self.machine
        part = self.part
        bidder = ed.slot_card[keys.RED]
        if bidder is None or ed.slot_refusal[keys.RED] is not None:
            ed.refuse_amount(_MSG_BIDDER_RED)
            return
        square, problem, built = self.square, None, self.built
        if built:
            problem, bidder, square = flows.card_and_deed(part, keys.BUILD, keys.RED)
        amount = 0
        if problem is None:
            amount, problem = ed.typed_amount(keys.GO)
        if problem is None and amount <= self.bid:
            problem = _MSG_BID_MORE % ed.money(self.bid)
        if problem is None and ed.ledger.balance(bidder) < amount:
            problem = ERR_NOT_ENOUGH
        if problem is None and built:  # the lot takes that building now, at the bid
            estate = part.estate
            problem = actions.problem(holdings.build(estate, bidder, square, amount))
            if problem is None and (estate.buildings_on(square) == HOTEL - 1) != (built == HOTEL):
                problem = _MSG_NOT_NEXT[built == HOTEL]
        if problem is not None:
            ed.refuse_amount(problem)
            return
        ed.clear_entry()
        self.bidder, self.bid, self.square = bidder, amount, square
        self.at = now
        self.beep_at = ticks_add(now, beep_interval(self.part.auction_ms))
        ed.cue("confirm")
        ed.view_changed()

    def release(self, key: str, now: int) -> bool:
        if key != keys.CLEAR:
            return True
        ed = self.machine
        if ed.entry or ed.entry_locked or ed.card_lock is not None:
            return False  # the core's C: the typed bid goes
        ed.cue("key")
        drop_mode(self.machine, self)
        ed.show_message(_MSG_STOPPED, False, now)
        ed.view_changed()
        return True

    def tick(self, now: int) -> None:
        ed = self.machine
        part = self.part
        left = part.auction_ms - ticks_diff(now, self.at)
        ed.last_activity = now  # no standby while it runs
        if left <= 0:
            drop_mode(ed, self)
            ed.cue("signal")
            sold(part, self)  # (this module's, let go as the mode closed: still running here)
            return
        count_down(self, now, left)

    def view(self, view: dict) -> None:
        ed = self.machine
        square, built = self.square, self.built
        if self.bidder:
            view["title"] = _MSG_HIGH % (self.bidder, self.shown)
        elif built:
            view["title"] = _MSG_BUILDING[built == HOTEL] % self.shown
        else:
            view["title"] = _MSG_RUNS % (self.shown)
        if built:  # the lot the next bid names (laid or typed), else the highest bid's
            part = self.part
            lot = part.typed if part.typed is not None else part.laid[keys.GREEN]
            square = lot if lot is not None else square
        view["detail"] = _MSG_LOT_BID
        if square:
            view["detail"] = name(square)
            view["deed"] = square
        if ed.entry or ed.entry_locked:
            view["mode"] = "entry"
            view["big"] = ed.shown_entry()
        else:
            view["mode"] = "auction"
            view["big"] = ed.money(self.bid)
        if ed.card_lock is not None:
            view["detail"] = ed.card_lock

    def closed(self) -> None:
        """Popped (the countdown's end, C, a new game): this module is let go; the part and the
        running tick keep what they still use of it until they are done."""
        if self.part.auction is self:
            self.part.auction = None
        self.machine.clear_entry()
        forget_module(_MODULE)
