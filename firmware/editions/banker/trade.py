# A deed between two players (SELL with two cards in), loaded on use and dropped after it: the
# rule (pure, as editions.banker.actions' are), its Offer, and MORTGAGE on that offer switching
# between the 10 % now and the whole lift now.
#
# Seldom played, so not with the deeds' common flows: flows.act imports this module, and it
# leaves sys.modules (app.memory.forget_module) when the trade's Offer closes
# (editions.banker.modes), or at once when SELL is refused. The flows it uses are imported where
# they run, so that the rule alone loads only the estate's modules.
from compat.const import const
from editions.banker.actions import owner_problem, paid, player_problem
from editions.banker.deeds import LOT, index, kind, mortgage_value, name
from editions.banker.estate import DEED, interest, lift_cost
from rules.ledger import BANK

_ERR_NOT_MORTGAGED = const("NOT MORTGAGED")  # editions.banker.holdings' (not loaded here)

_MODULE = const("editions.banker.trade")  # this module, dropped after use
_ERR_NO_DEED = const("LAY OR TYPE A DEED")
_ERR_SAME_CARD = const("SAME CARD TWICE")
_ERR_BAD_PRICE = const("PRICE 0 OR MORE")
_ERR_SELL_FIRST = const("SELL BUILDINGS FIRST")


def trade(
    estate, seller: int, buyer: int, square: int, amount: int, lifted: bool = False
) -> list | str:
    """The seller's deed to the buyer for `amount` (0: a gift). No building may stand on its
    group; a mortgaged deed costs the buyer the 10 % at once, or (lifted) the whole lift.
    The records, or the refusal (editions.banker.actions' form)."""
    refused = owner_problem(estate, seller, square) or player_problem(estate, buyer)
    if refused is not None:
        return refused
    if buyer == seller:
        return _ERR_SAME_CARD
    if type(amount) is not int or amount < 0:
        return _ERR_BAD_PRICE
    if kind(square) == LOT and estate.group_buildings(square)[1]:
        return _ERR_SELL_FIRST
    mortgaged = estate.mortgaged[index(square)]
    if lifted and not mortgaged:
        return _ERR_NOT_MORTGAGED
    records: list = []
    if amount:
        records.append(("tx", buyer, seller, amount, "trade", square))
    if mortgaged:
        value = mortgage_value(square)
        if lifted:
            records.append(("tx", buyer, BANK, lift_cost(value), "lift", square))
            mortgaged = 0
        else:
            records.append(("tx", buyer, BANK, interest(value), "interest", square))
    records.append((DEED, square, buyer, 0, mortgaged))
    return paid(estate, records)


def start(part, seller: int, buyer: int) -> None:
    """SELL with two cards in: the typed deed from GREEN to RED for the typed price (none:
    a gift). Refused: this module is let go at once."""
    from rules.machine import MSG_FINISH_ENTRY

    bank = part.bank
    square = part.typed
    problem = bank.slot_problem()
    if problem is None and square is None:
        problem = _ERR_NO_DEED  # (both readers hold cards: the deed is typed)
    price = 0
    if problem is None and bank.entry_locked:
        problem = MSG_FINISH_ENTRY
    elif problem is None and bank.entry:
        price = int(bank.entry)
    if problem is not None or square is None:
        bank.refuse(problem or _ERR_NO_DEED)
    else:
        offer(part, (seller, buyer, square, price, False))
    if part.offer is None:
        from app.memory import forget_module

        forget_module(_MODULE)


def offer(part, terms: tuple):
    """The trade's Offer (its `trade` the terms: MORTGAGE switches the lift), or None when it
    is refused."""
    from editions.banker import flows

    seller, buyer, square, price, lifted = terms
    bank = part.bank
    result = trade(part.estate, seller, buyer, square, price, lifted)
    total = 0
    extra = ": %d TO %d"
    if type(result) is list:
        for record in result:
            if record[0] == "tx":
                total += record[3]
                if record[4] != "trade":
                    extra = " %d>%d LIFT" if lifted else " %d>%d +10%%"
    lines = (("TRADE" + extra) % (seller, buyer), bank.money(total), name(square))
    done = "TRADE %d -%s" % (square, bank.money(total))
    mode = flows.offer(part, result, lines, done, "transfer")
    if mode is not None:
        mode.trade = terms
    return mode


def toggle_lift(part, mode) -> None:
    """MORTGAGE on a trade's offer of a mortgaged deed: the buyer lifts it at once (or not).
    The offer gives way to the other one (its close lets this module go: it is read again at
    the next MORTGAGE)."""
    from rules.modes import drop_mode

    seller, buyer, square, price, lifted = mode.trade
    if not part.estate.is_mortgaged(square):
        part.bank.refuse(_ERR_NOT_MORTGAGED)
        return
    drop_mode(part.bank, mode)
    offer(part, (seller, buyer, square, price, not lifted))
