# The Chance deck of the Revolution edition and the seeded xorshift32 PRNG that shuffles it.
# Pure and portable: the generator's state is a plain int, so the edition journals it and a
# reboot neither replays nor skips a draw.
from compat.const import const
from rules.money import parse_amount

_MASK32 = const(0xFFFFFFFF)

# Effect kinds. A card that moves money names an amount; the others only tell the table.
GET = "get"  # the bank pays the player
PAY = "pay"  # the player pays the bank
TO_GO = "go"  # advance to GO: the bank pays the GO salary
PRISON = "prison"  # go to prison (no money)
FREE = "free"  # leave prison free (no money)
MOVE = "move"  # move to the square the text names (no money)
PAY_EACH = "pay_each"  # the player pays every other player
GET_EACH = "get_each"  # every other player pays the player

MONEY_KINDS = (GET, PAY, TO_GO, PAY_EACH, GET_EACH)

# One card a line: kind|amount|label|text (one string costs far less RAM than 26 tuples).
# Texts are written for this unit, upper case like the screen's font. The amount of a TO_GO
# card is the edition's GO salary, so it is left empty; label is what shows big once the text
# has scrolled by, for a card that moves no money (a money card shows its amount).
_DECK = const("""\
get|500K||YOUR BIKE REPAIR SHOP MAKES A PROFIT: COLLECT 500K
get|1M||YOU WIN THE CITY CYCLING RACE: COLLECT 1M
get|200K||THE BANK FINDS AN ERROR IN YOUR FAVOUR: COLLECT 200K
get|1.5M||YOUR ROCKET START-UP FINDS INVESTORS: COLLECT 1.5M
get|50K||YOU SELL YOUR OLD SKATEBOARD: COLLECT 50K
get|100K||A CAR-SHARING BONUS: COLLECT 100K
pay|150K||SPEED CAMERA FLASH: PAY A 150K FINE
pay|50K||YOU PARKED ON THE CYCLE LANE: PAY 50K
pay|300K||YOUR CAR NEEDS FOUR NEW TYRES: PAY 300K
pay|2M||A SEAT ON THE MOON SHUTTLE: PAY 2M
pay|20K||NO LIGHTS ON YOUR BIKE AT NIGHT: PAY 20K
pay|1M||THE ROAD TAX IS DUE: PAY 1M
go|||ADVANCE TO GO AND COLLECT YOUR SALARY
go|||TAKE THE EXPRESS TRAM STRAIGHT TO GO: COLLECT YOUR SALARY
prison||PRISON|GO TO PRISON. GO STRAIGHT THERE, DO NOT COLLECT YOUR SALARY
prison||PRISON|CAUGHT RIDING ON THE PAVEMENT: GO TO PRISON
free||FREE|A CLEVER LAWYER: IF YOU ARE IN PRISON, LEAVE FREE NOW
free||FREE|GOOD BEHAVIOUR: LEAVE PRISON FREE ON YOUR NEXT TURN
move||RAILROAD|MOVE TO THE NEAREST RAILROAD
move||BACK 3|MOVE BACK THREE SQUARES
move||PARKING|MOVE TO FREE PARKING AND TAKE A REST
move||UTILITY|MOVE TO THE NEAREST PUBLIC UTILITY COMPANY
pay_each|100K||YOU THROW A STREET PARTY: PAY EACH PLAYER 100K
pay_each|50K||YOU SHARE THE FUEL OF A CAR POOL: PAY EACH PLAYER 50K
get_each|100K||IT IS YOUR BIRTHDAY: COLLECT 100K FROM EACH PLAYER
get_each|200K||EVERYBODY RENTS YOUR SPACE ROCKET: COLLECT 200K FROM EACH PLAYER
""")

CARD_COUNT = _DECK.count("\n")


def _fields(card: int) -> list:
    """[kind, amount, label, text] of one card."""
    if not 0 <= card < CARD_COUNT:
        raise IndexError("no chance card %d" % card)
    start = 0
    for _ in range(card):
        start = _DECK.index("\n", start) + 1
    return _DECK[start : _DECK.index("\n", start)].split("|", 3)


def text(card: int) -> str:
    return _fields(card)[3]


def kind(card: int) -> str:
    return _fields(card)[0]


def amount(card: int) -> int:
    written = _fields(card)[1]
    return parse_amount(written) if written else 0


def label(card: int) -> str:
    return _fields(card)[2]


def moves_money(card: int) -> bool:
    return _fields(card)[0] in MONEY_KINDS


def seed_state(seed: int) -> int:
    """A non-zero xorshift32 state from any int seed (xorshift stays at 0 for ever)."""
    state = (seed * 2654435761 + 0x9E3779B9) & _MASK32
    return state or 1


def next_state(state: int) -> int:
    """One xorshift32 step (Marsaglia's 13, 17, 5 triple): the next state, also the output."""
    state ^= (state << 13) & _MASK32
    state ^= state >> 17
    state ^= (state << 5) & _MASK32
    return state


def deck_order(deck_seed: int) -> list:
    """The shuffled order of the whole deck for one pass, from the pass's seed."""
    order = list(range(CARD_COUNT))
    state = deck_seed or 1
    for i in range(len(order) - 1, 0, -1):
        state = next_state(state)
        j = state % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order
