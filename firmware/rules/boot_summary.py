# The boot summary: the settings in force, a few lines a page, at power-on. It has an edition's
# interface, so the shell runs it in the edition's place until a key, a card or the time ends it.
# It holds the settings as text only: the settings code (rules.settings) is let go as it starts
# (app.config), so the summary's seconds are not the unit's highest heap (issue 27).
from compat.const import const
from compat.ticks import ticks_diff

_MSG_ANY_KEY = const("ANY KEY: START")
_LINE = const(21)  # small-font characters across the panel


class BootSummary:
    """The settings in force, a few lines a page, at power-on; any key or the time ends it."""

    name = "summary"
    awake = True  # the contract's declarations an overlay shares with an edition
    volume = None
    changed = ()  # the settings it changed: none
    page_ms = 2000
    per_page = 4
    sound_on = True
    entry_edits = 0  # never an amount typed: every change is drawn from view()

    def __init__(self, shown: list) -> None:
        """shown: rules.settings.Settings.summary(), (label, value as shown) in menu order, the
        edition first (the title)."""
        self.lines = [_line(label, value) for label, value in shown[1:]]
        self.title = shown[0][1]
        self.pages = max(1, (len(self.lines) + self.per_page - 1) // self.per_page)
        self.page = 0
        self.started_at = 0
        self.started = False
        self.done = False
        self.outbox: list = []
        self.version = 0

    def take_cues(self) -> list:
        return []

    def acknowledge(self, durable: bool, problem: str = "") -> None:
        pass

    def key_down(self, key: str, now: int) -> None:
        self.done = True  # the key only ends the summary
        self.version += 1

    def key_up(self, key: str, now: int) -> None:
        pass

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self.done = True

    def card_gone(self, slot: int, now: int) -> None:
        self.done = True

    def tick(self, now: int) -> None:
        if not self.started:
            self.started = True
            self.started_at = now
        page = ticks_diff(now, self.started_at) // self.page_ms
        if page >= self.pages:
            self.done = True
            self.version += 1
        elif page != self.page:
            self.page = page
            self.version += 1

    def view(self) -> dict:
        first = self.page * self.per_page
        title = self.title
        if self.pages > 1:
            title = "%s %d/%d" % (title, self.page + 1, self.pages)
        return {
            "display_on": True,
            "green": None,
            "red": None,
            "sound": True,
            "message": "",
            "error": False,
            "mode": "summary",
            "title": title,
            "big": "",
            "lines": self.lines[first : first + self.per_page],
            "detail": _MSG_ANY_KEY,
        }


def _line(label: str, shown: str) -> str:
    """'PLAYERS' and '6' as one line, the value at the right edge."""
    room = _LINE - len(shown)
    return label[: max(0, room - 1)] + " " * max(1, room - len(label)) + shown
