# End-of-game TOTALS and payments asked first (a mortgage lifted), for every edition built on
# Electronic Banking. Functions of the edition (`ed`), imported on first use: a game that never
# lifts a mortgage or counts its totals never loads this module into RAM.
from rules import keys
from rules.ledger import BANK, ERR_BALANCE_LIMIT
from rules.machine import MSG_CONFIRM_KEYS, MSG_FINISH_ENTRY

MSG_RED_ALONE = "ONLY A CARD IN RED"
MSG_TOTALS_KEYS = "VALUE, GO: NEXT"
MSG_TOTALS_ASSETS = "CASH %s + %s"
MSG_ASSETS_CLEARED = "CARD %d VALUE 0"
MSG_RANK_KEYS = "GO: NEXT  C: LEAVE"
MSG_TOTALS_CLOSED = "TOTALS CLOSED"

LIFT = "lift"  # the kind of an asked payment: a mortgage lifted
VALUE = "value"  # the mortgage value to lift is being typed
MSG_LIFTED = "MORTGAGE -%s"


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


def totals_view(ed, view: dict) -> None:
    players = players_of(ed)
    ranked = ranking(ed)
    view["mode"] = "totals"
    view["ranking"] = ranked
    view["winners"] = [number for number, _, rank in ranked if rank == 1]
    page = ed.totals_page
    if page < len(players):
        number = players[page]
        balance, assets = ed.ledger.balance(number), ed.assets[number]
        view["title"] = "TOTALS: CARD %d" % number
        view["card"] = number
        if ed.entry or ed.entry_locked:
            view["big"] = ed.shown_entry()
        else:
            view["big"] = ed.money(balance + assets)
        view["detail"] = MSG_TOTALS_ASSETS % (ed.money(balance), ed.money(assets))
        return
    view["mode"] = "ranking"
    view["detail"] = MSG_RANK_KEYS
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


def players_of(ed) -> list:
    """The players counted in TOTALS: every enrolled card's number, in order."""
    return sorted(ed.registry.numbers.values())


def ranking(ed) -> list:
    """[(number, total, rank)] richest first: cash plus typed property value; equal totals
    share a rank (1, 1, 3)."""
    entries = [(n, ed.ledger.balance(n) + ed.assets[n]) for n in players_of(ed)]
    entries.sort(key=lambda entry: (-entry[1], entry[0]))
    ranked: list = []
    for index in range(len(entries)):
        number, total = entries[index]
        rank = index + 1
        if index and total == entries[index - 1][1]:
            rank = ranked[-1][2]
        ranked.append((number, total, rank))
    return ranked


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
    ed.ask_pay = [VALUE, payer, BANK, 0, ""]
    ed.showing_card_number = False
    ed.view_changed()


def lift_value(ed, unit_key: str) -> None:
    """The mortgage value is typed: ask to pay it plus 10 %, rounded up."""
    value, problem = ed.typed_amount(unit_key)
    payer = red_alone(ed)
    amount = lift_amount(value, ed.mortgage_step) if problem is None else 0
    if problem is None:
        problem = ed.amount_problem(amount)
        if problem is not None:
            problem = "LIFT " + problem  # the value was fine: the value plus 10 % is not
    if problem is None and payer is not None:
        problem = ed.ledger.transfer_problem(payer, BANK, amount)
    if problem is not None or payer is None:
        ed.refuse_amount(problem or MSG_RED_ALONE)
        return
    ed.clear_entry()
    ask_payment(ed, LIFT, payer, BANK, amount, "LIFT %s +10%%" % ed.money(value))


def ask_payment(ed, kind: str, payer: int, payee: int, amount: int, title: str) -> None:
    """Show a payment and wait for GO (it pays) or C (it does not)."""
    ed.ask_pay = [kind, payer, payee, amount, title]
    ed.showing_card_number = False
    ed.cue("confirm")
    ed.view_changed()


def payment_view(ed, view: dict, shown: int) -> None:
    kind, payer, payee, amount, title = ed.ask_pay
    if kind == VALUE:
        view["mode"] = "lift"
        view["title"] = "CARD %d MORTGAGE" % shown
        view["big"] = ed.shown_entry()
        view["detail"] = ed.lift_value_help
        return
    view["mode"] = "ask_pay"
    view["title"] = title
    view["big"] = ed.money(amount)
    view["detail"] = MSG_CONFIRM_KEYS


def payment_key(ed, key: str) -> None:
    """A key while a mortgage value is typed, or while a payment awaits GO."""
    kind, payer, payee, amount, title = ed.ask_pay
    if kind == VALUE:
        if ed.finishing(key):
            lift_value(ed, key)
        elif key in keys.DIGITS or key == keys.POINT:
            ed.type_key(key)
        elif key == keys.GO:
            ed.refuse(MSG_FINISH_ENTRY if ed.entry else ed.lift_value_help)
        else:
            ed.refuse(ed.lift_value_help)
        return
    if key != keys.GO:
        ed.refuse(MSG_CONFIRM_KEYS)
        return
    problem = ed.ledger.transfer_problem(payer, payee, amount)
    if problem is not None:
        ed.refuse(problem)
        return

    def paid(record: tuple) -> None:
        ed.ask_pay = None
        ed.showing_card_number = False
        if kind == LIFT:
            ed.last_change = MSG_LIFTED % ed.money(record[3])
            ed.cue("debit")
        else:
            ed.asked_paid(kind, record)

    # Tagged with its kind ("lift", "fine", "bankrupt"), so a card's history names it.
    ed.propose([("tx", payer, payee, amount, kind)], paid)


def restore_assets(ed, record: tuple) -> None:
    """("set", "assets", number, value): a player's typed property value, checked."""
    number, value = record[2], record[3]
    if type(number) is not int or not 1 <= number <= ed.card_count:
        raise ValueError("bad player number")
    if type(value) is not int or not 0 <= value <= ed.max_balance:
        raise ValueError("bad assets value")
    ed.assets[number] = value


def totals_key(ed, key: str) -> None:
    players = players_of(ed)
    page = ed.totals_page
    on_card = page < len(players)
    if key == keys.CLEAR:
        if ed.entry or ed.entry_locked:
            ed.clear_entry()
            ed.view_changed()
        else:
            ed.leave_admin()
            ed.show_message(MSG_TOTALS_CLOSED, False)
        return
    if on_card and ed.finishing(key):
        add_assets(ed, players[page], key)
    elif on_card and (key in keys.DIGITS or key == keys.POINT):
        ed.type_key(key, False)
    elif key == keys.GO:
        if ed.entry or ed.entry_locked:
            ed.refuse(MSG_FINISH_ENTRY)
            return
        pages = 2 * len(players) + 1  # each card, the winner, each rank
        ed.totals_page = (page + 1) % pages
        if ed.totals_page == len(players):
            ed.cue("winner")
        ed.view_changed()
    else:
        ed.refuse(MSG_TOTALS_KEYS if on_card else MSG_RANK_KEYS)


def add_assets(ed, number: int, unit_key: str) -> None:
    amount, problem = ed.typed_amount(unit_key)
    total = ed.assets[number] + amount
    if problem is None and ed.ledger.balance(number) + total > ed.max_balance:
        problem = ERR_BALANCE_LIMIT
    if problem is not None:
        ed.refuse_amount(problem)
        return

    def added(record: tuple) -> None:
        ed.clear_entry()
        ed.cue("credit")

    ed.propose([("set", "assets", number, total)], added)


def clear_assets(ed) -> None:
    """Hold C on a card's TOTALS page: its typed property value back to 0."""
    players = players_of(ed)
    if ed.totals_page >= len(players):
        return
    number = players[ed.totals_page]
    ed.clear_entry()
    ed.view_changed()
    if not ed.assets[number]:
        return

    def cleared(record: tuple) -> None:
        ed.show_message(MSG_ASSETS_CLEARED % number, False)
        ed.cue("key")

    ed.propose([("set", "assets", number, 0)], cleared)
