# A player's bankruptcy (BANKRUPT), loaded on use and dropped once its Offer is made: the rule
# (pure, as editions.banker.actions' are), to a player or to the bank, and the offer that shows
# it (GO carries it out: editions.banker.flows, which also offers for auction the deeds it hands
# back to the bank).
#
# Seldom played, so not with the deeds' common flows: flows.act imports this module, and it
# leaves sys.modules (app.memory.forget_module) as soon as the offer is shown or refused. The
# flows it uses are imported where they run, so that the rule alone loads only the estate's.
from compat.const import const
from editions.banker.actions import paid, player_problem
from editions.banker.deeds import DEED_COUNT, SQUARES, mortgage_value
from editions.banker.estate import DEED, building_value, interest
from rules import keys
from rules.ledger import BANK

_MODULE = const("editions.banker.bankruptcy")  # this module, dropped after use
_ERR_SAME_CARD = const("SAME CARD TWICE")
_ERR_NOTHING = const("NOTHING TO HAND OVER")
_ERR_CARD_IN_DEED_SLOT = const("CARD IN DEED'S SLOT")
_ERR_DEED_IN_CARD_SLOT = const("DEED IN CARD'S SLOT")
_ERR_BANKRUPT_RED = const("BANKRUPT CARD IN RED")


def bankrupt(estate, debtor: int, creditor: int = BANK) -> list | str:
    """To a player: all the debtor's cash and deeds, mortgaged ones staying mortgaged (the
    creditor paying the 10 % on each at once), buildings sold to the bank at half cost and
    the proceeds to the creditor. To the bank: the cash, and every deed back unowned and
    unmortgaged with its buildings back in the supply (estate.deeds_for_auction lists them).
    The records, or the refusal (editions.banker.actions' form)."""
    refused = player_problem(estate, debtor)
    if refused is None and creditor != BANK:
        refused = player_problem(estate, creditor)
    if refused is not None:
        return refused
    if creditor == debtor:
        return _ERR_SAME_CARD
    cash = estate.ledger.balances[debtor]
    records: list = [("tx", debtor, creditor, cash, "bankrupt")] if cash else []
    for at in range(DEED_COUNT):
        if estate.owners[at] != debtor:
            continue
        square = SQUARES[at]
        if creditor == BANK:
            records.append((DEED, square, BANK, 0, 0))
            continue
        built = estate.buildings[at]
        if built:
            half = building_value(square, built) // 2
            records.append(("tx", BANK, creditor, half, "bankrupt", square))
        mortgaged = estate.mortgaged[at]
        records.append((DEED, square, creditor, 0, mortgaged))
        if mortgaged:
            owed = interest(mortgage_value(square))
            records.append(("tx", creditor, BANK, owed, "interest", square))
    return paid(estate, records) if records else _ERR_NOTHING


def start(part) -> None:
    """BANKRUPT: the card in RED hands everything to the card in GREEN, or to the bank; shown
    as an Offer, or refused. Either way this module is let go."""
    from app.memory import forget_module
    from editions.banker import flows
    from rules.machine import MSG_FINISH_ENTRY

    bank = part.bank
    problem = bank.slot_problem()
    debtor = bank.slot_card[keys.RED]
    green = bank.slot_card[keys.GREEN]
    if problem is None and part.laid[keys.GREEN] is not None:
        problem = _ERR_CARD_IN_DEED_SLOT if debtor is None else _ERR_DEED_IN_CARD_SLOT
    if problem is None and debtor is None:
        problem = _ERR_BANKRUPT_RED
    if problem is None and (bank.entry or bank.entry_locked):
        problem = MSG_FINISH_ENTRY
    if problem is not None or debtor is None:
        bank.refuse(problem or _ERR_BANKRUPT_RED)
    else:
        creditor = BANK if green is None else green
        result = bankrupt(part.estate, debtor, creditor)
        cash = bank.ledger.balance(debtor)
        lines = (
            "BANKRUPT %d>BANK" % debtor
            if creditor == BANK
            else "BANKRUPT %d>%d" % (debtor, creditor),
            bank.money(cash),
            "ALL CASH AND DEEDS",
        )
        flows.offer(part, result, lines, "BANKRUPT", "bankrupt")
    forget_module(_MODULE)
