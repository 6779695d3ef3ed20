# The registry of editions: which this firmware has, and what is known of each before it is built
# (its class, whether it uses cards, its menu name, keys and settings), read from the edition's
# own package (editions/<name>/about.py) for the edition asked about only; the host tools read
# what they say of it there too (editions/<name>/hints.py).
#
# The about modules stay loaded through the boot (the build, the summary, the menu ask them) and
# are let go once the game begins (forget_about, called by the shell). An edition's rules
# module is imported only when that edition is built.
from app.memory import forget_module

# The edition packages (editions/<name>/): about.py and edition.py in each.
EDITIONS = ("electronic_banking", "revolution", "classic", "banker", "stock_exchange")
DEFAULT = "electronic_banking"  # a board that names none runs this one


def about(name: str, part: str = "about"):
    """The edition's about module (editions/<name>/about.py), or another of its modules:
    "edition" (its class), "hints" (what the host tools say of it; never on the unit).
    ValueError for an unknown name."""
    if name not in EDITIONS:
        raise ValueError("unknown edition " + name)
    return __import__("editions.%s.%s" % (name, part), None, None, (part,))


def forget_about() -> None:
    """Every about module leaves the heap (read again if asked again)."""
    for name in EDITIONS:
        forget_module("editions.%s.%s" % (name, "about"))


def uses_cards(name: str) -> bool:
    """False for an edition played without cards: it never starts, polls or misses the
    readers, so a unit that only plays it needs none fitted."""
    return about(name).USES_CARDS


def draws_market(name: str) -> bool:
    """Whether its views are market screens (editions.stock_exchange.draw draws them): the
    shell loads that module and its tables at the start of boot, before the small objects
    (issue 27)."""
    return about(name).DRAWS_MARKET


def make_edition(name: str, seed: int = 0, settings=None):
    """seed: where an edition that draws cards starts its PRNG on a fresh flash (once it has
    drawn, the generator's state is journaled and restored instead). settings: a
    rules.settings.Settings whose values the edition is built with (None: the defaults)."""
    kwargs: dict = {}
    if settings is not None:
        name = settings.edition
        kwargs = settings.edition_kwargs()
    cls, seeded = about(name).BUILD
    if seeded is not None:
        kwargs[seeded] = seed
    edition = getattr(about(name, "edition"), cls)(**kwargs)
    if settings is not None:
        settings.apply_attributes(edition)
    return edition


def unit_editions(board) -> tuple:
    """The editions this unit can run: built, and with a layout on the board's keypad."""
    found = []
    for name in EDITIONS:
        try:
            board.keymap(name)
        except ValueError:
            continue
        found.append(name)
    return tuple(found)
