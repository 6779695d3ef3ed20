# The card-banking core's screen: view(), its title and balance line (rules.card_bank's methods).
#
# Functions of the core, assembled into CardBank as its methods (a method costs what they cost).
# The view is built at every redraw: its texts are made when what they show changes.
from rules import keys

MSG_INSERT_CARD = "INSERT A CARD"
MSG_NO_CARDS = "HOLD K: ENROLL CARDS"  # also rules.admin's (it imports this one)


def view(self) -> dict:
    """What the screen should show, as plain data for ui.render and the simulator."""
    green, red = self.slot_card[keys.GREEN], self.slot_card[keys.RED]
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
    modes = self.modes
    pay = None  # an asked payment on top (rules.endgame): it fills the big and detail lines
    if modes:
        top = modes[-1]
        if top.covers:
            top.view(view)  # a mode that draws in the core's place (a question, a history page)
            return view
        if top.pays:
            pay = top
    if green is None and red is None:
        view["title"] = "MONOPOLY BANK"
        view["big"] = "----"
        view["detail"] = MSG_INSERT_CARD if self.registry.numbers else MSG_NO_CARDS
        if self.part is not None:
            self.part.view(view)
        return view
    view["title"] = self.title(red, green)
    entry = pay is None and (self.entry or self.entry_locked)
    if green is not None and red is not None:
        view["mode"] = "transfer"
        shown = red
        if not entry:  # (an amount being typed shows the payer's balance there instead)
            view["detail"] = "CARD %d: %s" % (green, self.money(self.ledger.balance(green)))
    else:
        shown = green if green is not None else red
        view["mode"] = "receive" if green is not None else "pay"
        view["detail"] = self.last_change
    if pay is not None:
        pay.view(view)
    elif entry:
        view["mode"] = "entry"
        view["big"] = self.shown_entry()
        view["detail"] = self.balance_line(self.ledger.balance(shown))
    elif self.showing_card_number:
        view["big"] = "CARD %d" % shown
        self.balance_line(self.ledger.balance(shown))  # made ahead: see below
    else:
        balance = self.ledger.balance(shown)
        view["big"] = self.money(balance)
        # Made while nothing is typed, so the first digit of an amount (which shows this
        # line) finds it ready rather than making it in the keypress (0.25 ms on the chip).
        self.balance_line(balance)
    if self.card_lock is not None:  # (it cleared the entry, and keys cannot type one)
        view["detail"] = self.card_lock  # why every key but C is refused
    if self.part is not None:
        self.part.view(view)
    return view


def title(self, red: int | None, green: int | None) -> str:
    """view()'s title for the cards in the slots (one at least), made when they change."""
    made = self.made
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


def balance_line(self, balance: int) -> str:
    """view()'s "BALANCE ..." line under an amount being typed, made when it changes."""
    made = self.made
    if balance != made[3]:
        made[4] = self.labelled_money("BALANCE ", balance)
        made[3] = balance
    return made[4]


def shown_entry(self) -> str:
    entry = self.entry
    prefix = self.policy.entry_prefix
    if not prefix:
        return entry if entry else "0"
    return prefix + (entry if entry else "0")
