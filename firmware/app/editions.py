# The editions this firmware has: their names, which are played without cards, and how to build
# one. Each edition's rules module is imported only when that edition is built.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

EDITIONS = ("electronic_banking", "revolution", "classic", "stock_exchange")
# Editions played without cards (their rules have uses_cards = False): they never start, poll
# or miss the readers, so a unit that only plays the Stock Exchange needs none fitted.
CARDLESS = ("stock_exchange",)


# Editions whose views are market screens (editions.stock_exchange.draw draws them): the shell
# loads that module and its tables at the start of boot, before the small objects (issue 27).
MARKET = ("stock_exchange",)


def uses_cards(name: str) -> bool:
    return name not in CARDLESS


def draws_market(name: str) -> bool:
    return name in MARKET


def make_edition(name: str, seed: int = 0, settings=None):
    """seed: where an edition that draws cards starts its PRNG on a fresh flash (once it has
    drawn, the generator's state is journaled and restored instead). settings: a
    rules.settings.Settings whose values the edition is built with (None: the defaults)."""
    kwargs: dict = {}
    edition: Any
    if settings is not None:
        from rules.settings import edition_kwargs

        name = settings.edition
        kwargs = edition_kwargs(settings)
    if name == "electronic_banking":
        from editions.electronic_banking.edition import ElectronicBanking

        edition = ElectronicBanking(**kwargs)
    elif name == "revolution":
        from editions.revolution.edition import Revolution

        edition = Revolution(seed=seed, **kwargs)
    elif name == "classic":
        from editions.classic.edition import Classic

        edition = Classic(**kwargs)
    elif name == "stock_exchange":
        from editions.stock_exchange.edition import StockExchange

        edition = StockExchange(**kwargs)
    else:
        raise ValueError("unknown edition " + name)
    if settings is not None:
        from rules.settings import apply_attributes

        apply_attributes(settings, edition)
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
