# The Banker's keys at the table: which card and which deed an action takes (the readers, the
# typed deed), the action planned (editions.banker.actions) and shown as an Offer, carried out
# on GO (journaled in one line), taken back with C; and the deeds on the screen.
#
# The deeds' common path, loaded with editions.banker.actions and .modes at a quiet moment or by
# the first deed (BankerRules.tick): BUY and RENT, the offer, undo and the deed's view. The
# other actions are modules of their own, loaded by act(): buildings and mortgages
# (editions.banker.holdings, let go at the next quiet second), and, let go after use, an auction
# (editions.banker.auction), a trade (editions.banker.trade), a bankruptcy
# (editions.banker.bankruptcy).
#
# The card goes in the slot of the money's direction (RED pays, GREEN receives), the deed lies
# on the other reader, or its square is typed, then DEED. A refusal changes nothing.
from compat.const import const
from editions.banker import actions
from editions.banker.deeds import (
    HOTEL,
    UTILITY,
    UTILITY_TIMES,
    kind,
    mortgage_value,
    name,
    price,
)
from editions.banker.estate import DEED, deeds_for_auction, lift_cost
from editions.banker.modes import Offer
from rules import keys
from rules.keys import AUCTION, BANKRUPT, BUY, MORTGAGE, RENT, SELL
from rules.ledger import BANK
from rules.machine import MSG_FINISH_ENTRY
from rules.modes import drop_mode, open_mode

ERR_NOT_A_DEED = actions.ERR_NOT_A_DEED
_ERR_NO_DEED = const("LAY OR TYPE A DEED")
_ERR_DEED_IN_CARD_SLOT = const("DEED IN CARD'S SLOT")
_ERR_CARD_IN_DEED_SLOT = const("CARD IN DEED'S SLOT")
_ERR_AUCTION_RUNS = const("AUCTION RUNNING")
_HOLDINGS = const("editions.banker.holdings")  # loaded by BUILD, SELL, MORTGAGE
_ROLES = const(
    (
        ("BUY", "BUYER'S CARD IN RED"),
        ("RENT", "PAYER'S CARD IN RED"),
        ("BUILD", "OWNER'S CARD IN RED"),
        ("SELL", "OWNER'S CARD IN GREEN"),
        ("MORTGAGE", "CARD: GREEN OR RED"),
    )
)
_MSG_UNDONE = const("UNDONE")
_MSG_AUCTION_DEEDS = const("%d DEEDS: AUCTION")


def role_problem(key: str) -> str:
    for action, problem in _ROLES:
        if action == key:
            return problem
    return _ERR_NO_DEED


def card_and_deed(part, key: str, slot: int) -> tuple:
    """(problem, player, square): the card alone in `slot` and the deed of the action (the
    typed one, or the one on the other reader)."""
    bank = part.bank
    refused = bank.slot_refusal
    if refused[0] is not None or refused[1] is not None:
        return bank.slot_problem(), 0, 0
    if part.laid[slot] is not None:
        return _ERR_DEED_IN_CARD_SLOT, 0, 0
    player = bank.slot_card[slot]
    if player is None:
        return role_problem(key), 0, 0
    if bank.slot_card[1 - slot] is not None:
        return _ERR_CARD_IN_DEED_SLOT, 0, 0
    square = part.typed if part.typed is not None else part.laid[1 - slot]
    if square is None:
        return _ERR_NO_DEED, 0, 0
    return None, player, square


def act(part, key: str) -> None:
    """An action key past the guards (no mode open above the core)."""
    bank = part.bank
    if part.auction is not None:
        bank.refuse(_ERR_AUCTION_RUNS)
        return
    # The seldom actions' modules are loaded here and let themselves go after use.
    if key == AUCTION:
        from editions.banker import auction

        auction.start(part)
        return
    if key == BANKRUPT:
        from editions.banker import bankruptcy

        bankruptcy.start(part)
        return
    green, red = bank.slot_card[keys.GREEN], bank.slot_card[keys.RED]
    if key == SELL and green is not None and red is not None:
        from editions.banker import trade

        trade.start(part, green, red)
        return
    slot = keys.RED
    if key == SELL or (key == MORTGAGE and red is None):
        slot = keys.GREEN
    problem, player, square = card_and_deed(part, key, slot)
    dice = 0
    if problem is None and (bank.entry or bank.entry_locked):
        if key != RENT or bank.entry_locked:
            problem = MSG_FINISH_ENTRY
        else:
            dice = int(bank.entry)  # (digits only: the policy's typing_problem)
    if problem is not None:
        bank.refuse(problem)
        return
    estate = part.estate
    money = bank.money
    title = name(square)
    if key == BUY:
        result = actions.buy(estate, player, square)
        lines = ("BUY: CARD %d" % player, money(price(square)), title)
        done, cue = "BUY %d -%s" % (square, money(price(square))), "debit"
    elif key == RENT:
        result = actions.pay_rent(estate, player, square, dice)
        owner = estate.owners[estate.at(square)]
        due = actions.rent_due(estate, square, dice)
        lines = ("RENT TO CARD %d" % owner, money(due), title)
        done, cue = "RENT %d -%s" % (square, money(due)), "transfer"
    else:  # BUILD, SELL, MORTGAGE: loaded by their key (BankerRules.tick lets it go)
        from editions.banker import holdings

        part.keep_for_now(_HOLDINGS)
        result, lines, done, cue = holdings.plan(part, key, slot, player, square, title)
    offer(part, result, lines, done, cue)


def offer(part, records, lines: tuple, done: str, cue: str) -> Offer | None:
    """Show the planned action (GO carries it out), or refuse it: nothing changes."""
    bank = part.bank
    problem = actions.problem(records)
    if problem is not None:
        bank.refuse(problem)
        return None
    bank.clear_entry()  # (the dice or the price typed for it: the offer holds them now)
    mode = part.offer = Offer(part, records, lines, done, cue)
    open_mode(bank, mode)
    bank.cue("confirm")
    return mode


def carry_out(part, mode: Offer) -> None:
    """GO on an offer: its records to the flash; once they are durable, applied and shown."""
    bank = part.bank
    records = mode.records
    if not records:
        drop_mode(part.bank, mode)
        bank.view_changed()
        return
    estate = part.estate
    before = [estate.deed_record(r[1]) for r in records if r[0] == DEED]
    handed = deeds_for_auction(records)  # a bankruptcy to the bank: offered for auction
    # The deeds still to be auctioned: less those the action gives a player, plus those it hands
    # back; journaled in the same line when they change (and the way back restores them).
    queue = part.for_auction
    given = [r[1] for r in records if r[0] == DEED and r[2] != BANK]
    after = [square for square in queue if square not in given]
    for square in handed:
        if square not in after:
            after.append(square)
    if after != queue:
        records = records + [("auction", after)]
        before.insert(0, ("auction", list(queue)))

    def done(last: tuple) -> None:
        drop_mode(part.bank, mode)
        part.typed = None
        txs = [r for r in records if r[0] == "tx"]
        number = bank.ledger.moves - len(txs)
        back: list = []
        for record in txs:
            number += 1
            back.insert(0, ("undo", number, record[1], record[2], record[3]))
        before.reverse()
        part.way_back = back + before
        part.undo_mark = txs[0] if txs else None
        bank.undo = part.undo_mark  # C right after takes it back (the core clears it)
        bank.undo_go = False
        bank.showing_card_number = False
        bank.last_change = mode.done
        bank.cue(mode.done_cue)
        if handed:
            bank.show_message(_MSG_AUCTION_DEEDS % len(part.for_auction), False)

    bank.propose(records, done)


def take_back(part) -> None:
    """C right after an action: its way back, one journal line."""
    bank = part.bank
    records = part.way_back
    part.way_back = None
    part.undo_mark = None
    bank.undo = None

    def undone(last: tuple) -> None:
        bank.showing_card_number = False
        bank.last_change = _MSG_UNDONE
        bank.show_message(_MSG_UNDONE, False)
        bank.cue("undo")

    bank.propose(records, undone)


# ---- the deeds on the screen ---------------------------------------------------------------


def deed_lines(part, square: int) -> list:
    """A deed alone on a reader: its name, owner, buildings and rent now, mortgage."""
    estate = part.estate
    money = part.bank.money
    value = mortgage_value(square)
    owner = estate.owner(square)
    lines = [name(square), "OWNER: BANK" if owner is None else "OWNER: CARD %d" % owner]
    if owner is None:
        lines.append("PRICE " + money(price(square)))
        lines.append("MORTGAGE " + money(value))
        return lines
    if kind(square) == UTILITY:
        times = UTILITY_TIMES[estate.held_in_group(owner, square)]
        lines.append("RENT %dX THE DICE" % times)
    else:
        built = estate.buildings_on(square)
        due = money(actions.rent_due(estate, square))
        if built == HOTEL:
            lines.append("HOTEL  RENT " + due)
        elif built:
            lines.append("%d HOUSE%s  RENT %s" % (built, "S" if built > 1 else "", due))
        else:
            lines.append("RENT " + due)
    if estate.is_mortgaged(square):
        lines.append("MORTGAGED: LIFT " + money(lift_cost(value)))
    else:
        lines.append("MORTGAGE " + money(value))
    return lines


def complete_view(part, view: dict) -> None:
    """The core's view (no covering mode on top), with the deeds: a deed alone on a reader
    shows its owner and state; with a card in, the deed laid or typed is named."""
    laid = part.laid
    square = part.typed
    if square is None:
        square = laid[0] if laid[0] is not None else laid[1]
    if square is None:
        if part.for_auction and view["green"] is None and view["red"] is None:
            view["detail"] = _MSG_AUCTION_DEEDS % len(part.for_auction)
        return
    view["deed"] = square
    if view["green"] is None and view["red"] is None:
        view["mode"] = "deed"
        view["title"] = "DEED %d" % square
        view["big"] = ""
        view["detail"] = ""
        view["lines"] = deed_lines(part, square)
    elif view["mode"] != "entry" and not part.bank.last_change:
        view["detail"] = name(square)
