# End-of-game TOTALS and payments asked first (a mortgage lifted, the whole-units editions' fine,
# Classic's bankruptcy), for every edition built on the card-banking core (rules.card_bank): two
# mode objects, Totals (held by rules.admin's Admin while it is at TOTALS; it keeps its page)
# and Payment (on the core's stack while a payment is asked: it owns the payment's kind, payer,
# payee, amount and title, and pops itself when it is paid or ends), and the functions that ask
# one (start_lift, lift_value, mortgage, fine, bankrupt, ask). The typed values (assets)
# stay on the core; they act on it through its public names. Imported on first use: a game
# that never lifts a mortgage or counts its totals never loads this module into RAM.
from compat.const import const
from compat.ticks import ticks_diff
from rules import keys
from rules.ledger import BANK, ERR_BALANCE_LIMIT
from rules.machine import MSG_CANCELLED, MSG_CONFIRM_KEYS, MSG_FINISH_ENTRY

MSG_RED_ALONE = "ONLY A CARD IN RED"
MSG_TOTALS_KEYS = "VALUE, GO: NEXT"
_MSG_TOTALS_ASSETS = const("CASH %s + %s")
MSG_ASSETS_CLEARED = "CARD %d VALUE 0"
_MSG_RANK_KEYS = const("GO: NEXT  C: LEAVE")
MSG_TOTALS_CLOSED = "TOTALS CLOSED"

LIFT = "lift"  # the kind of an asked payment: a mortgage lifted
VALUE = "value"  # the mortgage value to lift is being typed
_FINE = const("fine")  # the kind of the fine (Classic's and the Banker's FINE: rules.whole_units)
_BANKRUPT = const("bankrupt")  # the kind of Classic's bankruptcy: all the cash of a card
_MSG_LIFTED = const("MORTGAGE -%s")
_MSG_FINED = const("FINE -%s")
_MSG_NOTHING_LEFT = const("BALANCE IS 0")
_MSG_BANKRUPT_RED = const("BANKRUPT CARD IN RED")


def lift_amount(value: int, step: int) -> int:
    """Mortgage value plus 10 %, rounded up to a multiple of `step` (the card rulebooks: 10K;
    Classic: 1, a whole unit)."""
    return (value * 11 + 10 * step - 1) // (10 * step) * step


def rank_name(rank: int) -> str:
    if rank % 10 == 1 and rank % 100 != 11:
        return "%dST" % rank
    if rank % 10 == 2 and rank % 100 != 12:
        return "%dND" % rank
    if rank % 10 == 3 and rank % 100 != 13:
        return "%dRD" % rank
    return "%dTH" % rank


class Totals:
    """TOTALS: a page per card (its cash plus the property value typed for it), then the winner,
    then each rank. The page is its own; the typed values are the core's assets."""

    def __init__(self, ed, admin) -> None:
        self.ed = ed
        self.admin = admin  # the Admin mode that holds it (rules.admin)
        self.page = 0  # a card's page, then the winner, then each rank

    def players(self) -> list:
        """The players counted: every enrolled card's number, in order."""
        return sorted(self.ed.registry.numbers.values())

    def ranking(self) -> list:
        """[(number, total, rank)] richest first: cash plus typed property value; equal totals
        share a rank (1, 1, 3)."""
        ed = self.ed
        entries = [(n, ed.ledger.balance(n) + ed.assets[n]) for n in self.players()]
        entries.sort(key=lambda entry: (-entry[1], entry[0]))
        ranked: list = []
        for index in range(len(entries)):
            number, total = entries[index]
            rank = index + 1
            if index and total == entries[index - 1][1]:
                rank = ranked[-1][2]
            ranked.append((number, total, rank))
        return ranked

    def view(self, view: dict) -> None:
        ed = self.ed
        players = self.players()
        ranked = self.ranking()
        view["mode"] = "totals"
        view["ranking"] = ranked
        view["winners"] = [number for number, _, rank in ranked if rank == 1]
        page = self.page
        if page < len(players):
            number = players[page]
            balance, assets = ed.ledger.balance(number), ed.assets[number]
            view["title"] = "TOTALS: CARD %d" % number
            view["card"] = number
            if ed.entry or ed.entry_locked:
                view["big"] = ed.shown_entry()
            else:
                view["big"] = ed.money(balance + assets)
            view["detail"] = _MSG_TOTALS_ASSETS % (ed.money(balance), ed.money(assets))
            return
        view["mode"] = "ranking"
        view["detail"] = _MSG_RANK_KEYS
        winners = view["winners"]
        if page == len(players):
            view["title"] = "WINNER" if len(winners) == 1 else "TIE FOR 1ST"
            view["big"] = "CARD " + " ".join([str(n) for n in winners])
            view["detail"] = "TOTAL " + ed.money(ranked[0][1])
            return
        number, total, rank = ranked[page - len(players) - 1]
        tied = len([1 for entry in ranked if entry[2] == rank]) > 1
        view["title"] = "%s%s CARD %d" % (rank_name(rank), "=" if tied else "", number)
        view["card"] = number
        view["big"] = ed.money(total)

    def key(self, key: str) -> None:
        """A key in TOTALS: a value typed for the page's card, GO the next page, C leaves."""
        ed = self.ed
        players = self.players()
        page = self.page
        on_card = page < len(players)
        if key == keys.CLEAR:
            if ed.entry or ed.entry_locked:
                ed.clear_entry()
                ed.view_changed()
            else:
                self.admin.leave()
                ed.show_message(MSG_TOTALS_CLOSED, False)
            return
        if on_card and ed.policy.finishing(ed, key):
            self._add(players[page], key)
        elif on_card and (key in keys.DIGITS or key == keys.POINT):
            ed.type_key(key, False)
        elif key == keys.GO:
            if ed.entry or ed.entry_locked:
                ed.refuse(MSG_FINISH_ENTRY)
                return
            pages = 2 * len(players) + 1  # each card, the winner, each rank
            self.page = (page + 1) % pages
            if self.page == len(players):
                ed.cue("winner")
            ed.view_changed()
        else:
            ed.refuse(MSG_TOTALS_KEYS if on_card else _MSG_RANK_KEYS)

    def _add(self, number: int, unit_key: str) -> None:
        ed = self.ed
        amount, problem = ed.typed_amount(unit_key)
        total = ed.assets[number] + amount
        if problem is None and ed.ledger.balance(number) + total > ed.policy.max_balance:
            problem = ERR_BALANCE_LIMIT
        if problem is not None:
            ed.refuse_amount(problem)
            return

        def added(record: tuple) -> None:
            ed.clear_entry()
            ed.cue("credit")

        ed.propose([("set", "assets", number, total)], added)

    def held_clear(self) -> None:
        """C held on a card's page: its typed property value back to 0."""
        ed = self.ed
        players = self.players()
        if self.page >= len(players):
            return
        number = players[self.page]
        ed.clear_entry()
        ed.view_changed()
        if not ed.assets[number]:
            return

        def cleared(record: tuple) -> None:
            ed.show_message(MSG_ASSETS_CLEARED % number, False)
            ed.cue("key")

        ed.propose([("set", "assets", number, 0)], cleared)


def restore_assets(ed, record: tuple) -> None:
    """("set", "assets", number, value) replayed at boot: a player's typed property value,
    checked. (A record, not a mode: no Totals is made for it.)"""
    number, value = record[2], record[3]
    if type(number) is not int or not 1 <= number <= ed.card_count:
        raise ValueError("bad player number")
    if type(value) is not int or not 0 <= value <= ed.policy.max_balance:
        raise ValueError("bad assets value")
    ed.assets[number] = value


def red_alone(ed) -> int | None:
    """The number of the card alone in RED (no GREEN card, no refused card), or None."""
    if ed.slot_refusal[0] is not None or ed.slot_refusal[1] is not None:
        return None
    if ed.slot_card[keys.GREEN] is not None:
        return None
    return ed.slot_card[keys.RED]


def start_lift(ed) -> None:
    """Ask for the value of the mortgage that the card alone in RED lifts."""
    payer = red_alone(ed)
    if payer is None:
        ed.refuse(ed.slot_problem() or MSG_RED_ALONE)
        return
    asked(ed, VALUE, payer, BANK, 0, "")
    ed.view_changed()


def lift_value(ed, unit_key: str) -> None:
    """The mortgage value is typed: ask to pay it plus 10 %, rounded up."""
    value, problem = ed.typed_amount(unit_key)
    payer = red_alone(ed)
    amount = lift_amount(value, ed.policy.mortgage_step) if problem is None else 0
    if problem is None:
        problem = ed.policy.amount_problem(amount)
        if problem is not None:
            problem = "LIFT " + problem  # the value was fine: the value plus 10 % is not
    if problem is None and payer is not None:
        problem = ed.ledger.transfer_problem(payer, BANK, amount)
    if problem is not None or payer is None:
        ed.refuse_amount(problem or MSG_RED_ALONE)
        return
    ed.clear_entry()
    ask(ed, LIFT, payer, BANK, amount, "LIFT %s +10%%" % ed.money(value))


def mortgage(ed) -> None:
    """Classic's MORTGAGE with a card alone in RED: the typed value's lift, or its value asked
    for."""
    problem = ed.slot_problem()
    if problem is None and red_alone(ed) is None:
        problem = MSG_RED_ALONE
    if problem is not None:
        ed.refuse(problem)
        return
    if ed.entry or ed.entry_locked:
        lift_value(ed, keys.MORTGAGE)
    else:
        start_lift(ed)


def bankrupt(ed) -> None:
    """Classic's BANKRUPT: all the cash of the card in RED to the card in GREEN, or to the bank
    with none there, asked first."""
    problem = ed.slot_problem()
    payer = ed.slot_card[keys.RED]
    green = ed.slot_card[keys.GREEN]
    payee = BANK if green is None else green
    if problem is None and payer is None:
        problem = _MSG_BANKRUPT_RED
    if problem is None and (ed.entry or ed.entry_locked):
        problem = MSG_FINISH_ENTRY
    if problem is not None or payer is None:
        ed.refuse(problem or _MSG_BANKRUPT_RED)
        return
    amount = ed.ledger.balance(payer)
    problem = _MSG_NOTHING_LEFT if amount <= 0 else None
    if problem is None:
        problem = ed.ledger.transfer_problem(payer, payee, amount)
    if problem is not None:
        ed.refuse(problem)
        return
    title = "BANKRUPT %d>%s" % (payer, "BANK" if green is None else str(green))
    ask(ed, _BANKRUPT, payer, payee, amount, title)


def fine(ed, amount: int) -> None:
    """The card alone in RED asked to pay the prison fine (`amount`) to the bank."""
    problem = ed.slot_problem()
    payer = red_alone(ed)
    if problem is None and payer is None:
        problem = MSG_RED_ALONE
    if problem is None and (ed.entry or ed.entry_locked):
        problem = MSG_FINISH_ENTRY
    if problem is None and payer is not None:
        problem = ed.ledger.transfer_problem(payer, BANK, amount)
    if problem is not None or payer is None:
        ed.refuse(problem or MSG_RED_ALONE)
        return
    ask(ed, _FINE, payer, BANK, amount, "CARD %d FINE" % payer)


def ask(ed, kind: str, payer: int, payee: int, amount: int, title: str) -> None:
    """Show a payment and wait for GO (it pays) or C (it does not)."""
    asked(ed, kind, payer, payee, amount, title)
    ed.cue("confirm")
    ed.view_changed()


def asked(ed, kind: str, payer: int, payee: int, amount: int, title: str) -> None:
    """The asked payment on the core's stack is now this one (the typed mortgage value's
    Payment becomes the lift's; else a Payment is pushed)."""
    mode = ed.paying()
    if mode is None:
        mode = Payment(ed)
        ed.modes.append(mode)  # (rules.modes.open_mode, written out: not loaded for this)
    mode.kind = kind
    mode.payer = payer
    mode.payee = payee
    mode.amount = amount
    mode.title = title
    ed.showing_card_number = False


class Payment:
    """A payment asked first, awaiting GO (it pays) or C (it does not), on the core's stack
    (rules.modes' names, without subclassing Mode: a Classic or Electronic Banking game never
    loads rules.modes for it): its kind, payer, payee, amount and title; kind VALUE while a
    mortgage's value is typed (then the rest waits for it)."""

    covers = False  # it fills the core's card screen (big, detail): `pays`
    pays = True
    asks = False
    ends_on_card = False  # a card moved ends it as the core seats or takes out a card (end)
    ends_on_standby = True
    keeps_holds = False  # (the core's history hold asks paying() itself; the lift hold not)

    def __init__(self, ed) -> None:
        self.machine = ed
        self.kind = VALUE
        self.payer = 0
        self.payee = BANK
        self.amount = 0
        self.title = ""

    def press(self, key: str, now: int) -> bool:
        """A key going down while a mortgage value is typed, or while a payment awaits GO (C
        acts on release: release())."""
        if key == keys.CLEAR:
            return False
        ed = self.machine
        ed.undo = None
        ed.cue("key")
        kind = self.kind
        if kind == VALUE:
            if ed.policy.finishing(ed, key):
                lift_value(ed, key)
            elif key in keys.DIGITS or key == keys.POINT:
                ed.type_key(key)
            elif key == keys.GO:
                ed.refuse(MSG_FINISH_ENTRY if ed.entry else ed.policy.lift_value_help)
            else:
                ed.refuse(ed.policy.lift_value_help)
            return True
        if key != keys.GO:
            ed.refuse(MSG_CONFIRM_KEYS)
            return True
        payer, payee, amount = self.payer, self.payee, self.amount
        problem = ed.ledger.transfer_problem(payer, payee, amount)
        if problem is not None:
            ed.refuse(problem)
            return True

        def paid(record: tuple) -> None:
            self.drop()
            ed.showing_card_number = False
            money = ed.money(record[3])
            if kind == _BANKRUPT:
                to = record[2]
                ed.last_change = "ALL %s TO %s" % (money, "BANK" if to == BANK else "CARD %d" % to)
                ed.cue("bankrupt")
            else:
                ed.last_change = (_MSG_LIFTED if kind == LIFT else _MSG_FINED) % money
                ed.cue("debit")

        # Tagged with its kind ("lift", "fine", "bankrupt"), so a card's history names it.
        ed.propose([("tx", payer, payee, amount, kind)], paid)
        return True

    def release(self, key: str, now: int) -> bool:
        """C let go (before its hold): the typed value is dropped, or the payment cancelled."""
        if key != keys.CLEAR:
            return False
        ed = self.machine
        ed.cue("key")
        if ed.entry or ed.entry_locked:
            ed.clear_entry()
            ed.view_changed()
        else:
            self.end(now)
        return True

    def tick(self, now: int) -> None:
        """Unanswered for the core's confirm_ms since the last key or card: cancelled."""
        ed = self.machine
        if ticks_diff(now, ed.last_activity) >= ed.confirm_ms:
            self.end(now)

    def view(self, view: dict) -> None:
        """The card screen's big and detail (the core fills the rest, then this)."""
        ed = self.machine
        if self.kind == VALUE:
            shown = view["red"] if view["red"] is not None else view["green"]
            view["mode"] = "lift"
            view["title"] = "CARD %d MORTGAGE" % shown
            view["big"] = ed.shown_entry()
            view["detail"] = ed.policy.lift_value_help
            return
        view["mode"] = "ask_pay"
        view["title"] = self.title
        view["big"] = ed.money(self.amount)
        view["detail"] = MSG_CONFIRM_KEYS

    def asking(self) -> tuple:
        """(kind, payer, payee, amount, title) of the payment asked."""
        return (self.kind, self.payer, self.payee, self.amount, self.title)

    def drop(self) -> None:
        """Popped from the core's stack (it pays, or ends), wherever it is."""
        modes = self.machine.modes
        if self in modes:
            modes.remove(self)

    def closed(self) -> None:
        """Popped by standby: nor pays later what was asked before it slept."""
        self.machine.clear_entry()

    def end(self, now: int) -> None:
        """The payment is cancelled (C, a card, time): nothing was paid."""
        ed = self.machine
        self.drop()
        ed.clear_entry()
        ed.show_message(MSG_CANCELLED, False, now)
