# The modes a state machine stacks (docs/editions.md): a question, a payment asked first, a
# history page, a form, a spin of the zones... Each mode owns its fields and answers key, card,
# tick and view while it is on top; closing it pops it, and the machine (or the mode below)
# answers again. The machine's key grammar (rules.machine) decides what a key event is (press,
# tap, hold, the waking key); a mode only says what it means.


class Mode:
    """One mode on a machine's stack (StateMachine.modes, the top last). A mode refers to its
    machine by `machine` and acts through its public names only. Each answer returns whether
    the mode took the event (False: the machine, or the mode below, answers it)."""

    # What a machine asks of its modes (rules.card_bank): whether the mode draws in the
    # machine's place (True) or completes the machine's own view; whether a card going in or
    # out ends it, and whether standby does; whether it keeps the machine's guarded holds
    # (lifting a mortgage, a card's history) from acting while it is open.
    covers = False
    ends_on_card = True
    ends_on_standby = True
    keeps_holds = False
    # True: an asked payment (rules.endgame.Payment; the core's paying() finds it): it fills the
    # core's card screen (big, detail) in place of the amount or balance; the core ticks it.
    pays = False
    # True: the question, enrolling or TOTALS (rules.admin.Admin; the core's question_mode()
    # finds it); the core ticks it too.
    asks = False

    def __init__(self, machine) -> None:
        self.machine = machine

    def press(self, key: str, now: int) -> bool:
        return False

    def release(self, key: str, now: int) -> bool:
        return False

    def hold_ms(self, key: str) -> int:
        """How long `key` must be held for held() (0: no hold in this mode)."""
        return 0

    def held(self, key: str, now: int) -> None:
        pass

    def card(self, slot: int, card_id: str | None, now: int) -> bool:
        """A card went in (card_id) or came out (None) of slot."""
        return False

    def tick(self, now: int) -> None:
        pass

    def view(self, view: dict) -> None:
        """Fill in the machine's view (mode, title, big, detail ...) while on top."""

    def closed(self) -> None:
        """Popped: whatever it owned is let go (standby, a card moved, an answer)."""


def open_mode(machine, mode: Mode) -> Mode:
    machine.modes.append(mode)
    machine.view_changed()
    return mode


def drop_mode(machine, mode: Mode) -> None:
    """Pop `mode` alone, wherever it is on the stack, if it is there; the caller says whether
    the view changed (a mode that ends as another thing happens says it once)."""
    modes = machine.modes
    if mode in modes:
        modes.remove(mode)
        mode.closed()
