# What every key-driven state machine of the unit shares: event dispatch, sound cues, the view
# version, messages and refusals, and the check that nothing runs past an unacknowledged outbox.

TYPE_CHECKING = False


class StateMachine:
    """A subclass sets `cues` and `outbox` (lists), `version`, `message`, `message_is_error`,
    `message_at` and `last_activity` in its __init__, and has key_down, key_up, card_present,
    card_gone and tick."""

    if TYPE_CHECKING:  # the attributes a subclass provides, for the type checker only
        cues: list
        outbox: list
        version: int
        message: str
        message_is_error: bool
        message_at: int
        last_activity: int

        def key_down(self, key: str, now: int) -> None: ...
        def key_up(self, key: str, now: int) -> None: ...
        def card_present(self, slot: int, card_id: str, now: int) -> None: ...
        def card_gone(self, slot: int, now: int) -> None: ...
        def tick(self, now: int) -> None: ...

    def handle(self, event: tuple) -> None:
        """Dispatch ("key_down"|"key_up", key, t), ("card_present", slot, card_id, t),
        ("card_gone", slot, t) or ("tick", t)."""
        kind = event[0]
        if kind == "key_down":
            self.key_down(event[1], event[2])
        elif kind == "key_up":
            self.key_up(event[1], event[2])
        elif kind == "card_present":
            self.card_present(event[1], event[2], event[3])
        elif kind == "card_gone":
            self.card_gone(event[1], event[2])
        elif kind == "tick":
            self.tick(event[1])
        else:
            raise ValueError("unknown event")

    def take_cues(self) -> list:
        cues = self.cues
        self.cues = []
        return cues

    def _cue(self, name: str) -> None:
        self.cues.append(name)

    def _changed(self) -> None:
        self.version += 1

    def _refuse(self, message: str) -> None:
        self._show_message(message, True)
        self._cue("error")

    def _show_message(self, message: str, is_error: bool, at: int | None = None) -> None:
        self.message = message
        self.message_is_error = is_error
        self.message_at = self.last_activity if at is None else at
        self._changed()

    def _check_idle(self) -> None:
        if self.outbox:
            raise RuntimeError("event before the outbox was acknowledged")
