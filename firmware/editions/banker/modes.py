# The Banker's mode of every deed action: the action shown before GO carries it out (Offer),
# loaded with the deeds' flows. (The auction's mode is editions.banker.auction's, loaded on use.)
#
# A rules.modes.Mode (the contract's defaults, only what differs said here): it owns its fields,
# answers its keys, tick and view, and is popped when it ends (drop_mode); the part
# (editions.banker.edition.BankerRules) names the open one (offer).
from app.memory import forget_module
from compat.const import const
from compat.ticks import ticks_diff
from rules import keys
from rules.machine import MSG_CANCELLED, MSG_CONFIRM_KEYS
from rules.modes import Mode, drop_mode

_TRADE = const("editions.banker.trade")  # a trade's module: let go with the trade's offer


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
            from editions.banker import trade

            trade.toggle_lift(self.part, self)
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
        if self.trade is not None:
            forget_module(_TRADE)  # (loaded by SELL with two cards in: editions.banker.trade)
