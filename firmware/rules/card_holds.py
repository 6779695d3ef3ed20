# The card-banking core's holds: its table of what each hold asks, and the guarded holds' tests.
#
# Functions of the core, assembled into CardBank as its methods (rules.card_bank). The table
# (CardBank.holds) is the core's, with its policy's keys: (key, what) rows; the first row of a
# key whose condition is met answers (hold_of). rules.machine's grammar asks hold_ms(), held()
# acts: a history page (rules.history), or what rules.admin does (hold; both loaded on use).
from rules import keys

# What a hold asks: a new game (C; in a question, the question's own hold), a card's history
# (one card in, its press deferred), enrolling cards and TOTALS (no card in), a mortgage lifted
# (a card alone in RED).
NEW_GAME = "new game"
HISTORY = "history"
ENROLL = "enroll"
TOTALS = "totals"
LIFT = "lift"


def hold_of(self, key: str) -> str | None:
    """What holding `key` asks now (one of the names above: the table's first row of the key
    whose condition is met), or None."""
    for row in self.holds:
        if row[0] == key:
            what = row[1]
            if what is HISTORY:  # (rules.machine: a press that waited for this hold)
                if self.holds_done < 0 and self.history_hold_possible():
                    return what
            elif what is not LIFT or self.lift_hold_possible():
                return what
    return None


def hold_ms(self, key: str) -> int:
    """The part's holds, then the table's (holds, hold_of)."""
    if self.part is not None:
        ms = self.part.hold_ms(key)
        if ms is not None:
            return ms
    what = self.hold_of(key)
    if what is None:
        return 0
    if what is ENROLL:
        return self.enroll_press_ms
    if what is TOTALS:
        return self.totals_press_ms
    return self.long_press_ms


def held(self, key: str, now: int) -> None:
    """The hold the table gives `key` acts: a history page, or what rules.admin does (each
    loaded by the first)."""
    if self.part is not None and self.part.held(key, now):
        return
    what = self.hold_of(key)
    if what is HISTORY:
        from rules import history  # loaded by the first history opened

        history.open_page(self)
    elif what is not None:
        from rules import admin

        admin.hold(self, what, key, now)


def hold_free(self) -> bool:
    """No question, refused card, typed amount, card lock or mode keeping the holds."""
    refusal = self.slot_refusal
    if not (
        refusal[0] is None
        and refusal[1] is None
        and not self.entry
        and not self.entry_locked
        and self.card_lock is None
    ):
        return False
    for mode in self.modes:  # noqa: SIM110  (a generator is a heap object on MicroPython)
        if mode.keeps_holds:
            return False
    return True


def lift_hold_possible(self) -> bool:
    """A card alone in RED, nothing typed, no question: holding the lift key lifts."""
    alone = self.slot_card[keys.GREEN] is None and self.slot_card[keys.RED] is not None
    return self.policy.lift_key is not None and alone and self.hold_free()


def history_hold_possible(self) -> bool:
    """One card in, nothing typed, no question: holding the history key opens its history
    (rules.history, loaded when it opens)."""
    one = (self.slot_card[0] is None) != (self.slot_card[1] is None)
    return one and self.journal is not None and self.paying() is None and self.hold_free()
