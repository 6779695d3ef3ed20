# The Banker's modes on the core's stack: an action shown before GO carries it out (Offer),
# and the auction of a deed the bank holds, or of one of its last houses or hotels when
# players want more than it has (Auction: bids typed, a countdown that beeps).
#
# Each is a rules.modes.Mode (the contract's defaults, only what differs said here): it owns its
# fields, answers its keys, tick and view, and is popped when it ends (drop_mode); the part
# (editions.banker.edition.BankerRules) names the open one (offer, auction).
from compat.const import const
from compat.ticks import ticks_add, ticks_diff
from editions.banker.deeds import HOTEL, name
from rules import keys
from rules.ledger import ERR_NOT_ENOUGH
from rules.machine import MSG_CANCELLED, MSG_CONFIRM_KEYS, beep_interval, count_down
from rules.modes import Mode, drop_mode

_MSG_BID_KEYS = const("BID, GO  C: STOP")
_MSG_BIDDER_RED = const("BIDDER'S CARD IN RED")
_MSG_BID_MORE = const("BID MORE THAN %s")
_MSG_STOPPED = const("AUCTION STOPPED")
_MSG_HIGH = const("CARD %d BID %d S")
_MSG_RUNS = const("AUCTION %d S")
# A building auction's (a house, a hotel): its title before the first bid, and its refusals.
_MSG_BUILDING = const(("A HOUSE %d S", "A HOTEL %d S"))
_MSG_BID_FOR = const(("BID FOR A HOUSE", "BID FOR A HOTEL"))
_MSG_NONE_LEFT = const(("NO HOUSES LEFT", "NO HOTELS LEFT"))
_MSG_LOT_BID = const("CARD, LOT, BID, GO")


class Offer(Mode):
    """An action planned (editions.banker.actions' records) and shown: the deed, the other side
    and the amount. GO journals it; C, a card or tag moving, standby or confirm_ms do not."""

    covers = True  # the whole screen is the offer's
    keeps_holds = True

    def __init__(self, part, records: list, lines: tuple, done: str, cue: str) -> None:
        self.machine = part.bank
        self.part = part
        self.records = records
        self.lines = lines  # (title, big, detail)
        self.done = done  # the line under the balance once it is carried out
        self.done_cue = cue
        # a trade's (seller, buyer, square, price, lifted): MORTGAGE toggles the lift
        self.trade: tuple | None = None

    def press(self, key: str, now: int) -> bool:
        if key == keys.CLEAR:
            return False  # on release
        ed = self.machine
        ed.undo = None
        ed.cue("key")
        if key == keys.GO:
            from editions.banker import flows

            flows.carry_out(self.part, self)
        elif key == keys.MORTGAGE and self.trade is not None:
            from editions.banker import flows

            flows.toggle_lift(self.part, self)
        else:
            ed.refuse(MSG_CONFIRM_KEYS)
        return True

    def release(self, key: str, now: int) -> bool:
        if key == keys.CLEAR:
            ed = self.machine
            ed.cue("key")
            drop_mode(self.machine, self)
            ed.show_message(MSG_CANCELLED, False, now)
            ed.view_changed()
        return True

    def tick(self, now: int) -> None:
        ed = self.machine
        if ticks_diff(now, ed.last_activity) >= ed.confirm_ms:
            drop_mode(self.machine, self)
            ed.show_message(MSG_CANCELLED, False, now)
            ed.view_changed()

    def view(self, view: dict) -> None:
        title, big, detail = self.lines
        view["mode"] = "offer"
        view["title"] = title
        view["big"] = big
        view["detail"] = detail

    def closed(self) -> None:
        if self.part.offer is self:
            self.part.offer = None


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
            from editions.banker import flows

            problem, bidder, square = flows.card_and_deed(part, keys.BUILD, keys.RED)
        amount = 0
        if problem is None:
            amount, problem = ed.typed_amount(keys.GO)
        if problem is None and amount <= self.bid:
            problem = _MSG_BID_MORE % ed.money(self.bid)
        if problem is None and ed.ledger.balance(bidder) < amount:
            problem = ERR_NOT_ENOUGH
        if problem is None and built:  # the lot takes that building now, at the bid
            from editions.banker import actions

            estate = part.estate
            problem = actions.problem(actions.build(estate, bidder, square, amount))
            if problem is None and (estate.buildings_on(square) == HOTEL - 1) != (built == HOTEL):
                problem = _MSG_BID_FOR[built == HOTEL]
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
            from editions.banker import flows

            flows.sold(part, self)
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
        if self.part.auction is self:
            self.part.auction = None
        self.machine.clear_entry()
