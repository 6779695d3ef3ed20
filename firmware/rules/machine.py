# The base of every key-driven state machine the shell runs (editions and the settings menu):
# the edition contract's shared half (docs/editions.md). It owns the input grammar once: the
# key that wakes the unit, activity and standby, which key is held and for how long (from the
# edition's table of holds), and one write-ahead hand-off: propose(records, then) / acknowledge.
from compat.const import const
from compat.ticks import ticks_add, ticks_diff

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from collections.abc import Callable

# Prompts shared by the editions and their modes (a question, an amount still being typed).
MSG_CONFIRM_KEYS = "GO = YES   C = NO"
MSG_FINISH_ENTRY = "PRESS C FIRST"
MSG_CANCELLED = "ENTRY CANCELLED"
# holds_done of a key whose press deferred its meaning (a key whose hold is possible): let go
# before its hold, it is a tap (release() reads holds_done < 0); held, its hold acts.
DEFERRED = -1
_NO_CUES: list = []  # take_cues() of a step without cues: read, never changed
_MSG_NOT_IDLE = const("event before the outbox was acknowledged")


def beep_interval(left_ms: int) -> int:
    """ms to a countdown's next beep with left_ms to go: 2 s early on, down to 0.2 s."""
    return max(200, min(2000, left_ms // 1000 * 100))


def count_down(mode, now: int, left_ms: int) -> None:
    """A running countdown's step (Revolution's auction timer, the Banker's auction): its beep,
    faster as it ends, and its whole seconds shown. `mode` keeps beep_at and shown."""
    if ticks_diff(now, mode.beep_at) >= 0:
        mode.beep_at = ticks_add(now, beep_interval(left_ms))
        mode.machine.cue("auction_tick")
    seconds = (left_ms + 999) // 1000
    if seconds != mode.shown:
        mode.shown = seconds
        mode.machine.view_changed()


class StateMachine:
    """What the shell may read and call is listed in docs/editions.md. A subclass calls
    StateMachine.__init__ first, then implements press, release, hold_ms and held (its table of
    holds; a machine without holds clears held_key in press and needs neither), applied,
    restore, snapshot_records, view, card_present, card_gone and tick (calling tick_hold,
    tick_message and tick_standby from it), and, with a standby, asleep and woken."""

    # ---- what an edition declares (class attributes; the shell reads them, never probes) -------
    name = ""
    uses_cards = True  # False: no reader is started or polled, and no card event arrives
    volume: int | None = None  # a piezo level the edition journals (None: the unit's own)
    music_on = True
    music_cues: tuple = ()  # the cues that are music or effects (an edition with volume)
    sound_on = True  # without volume levels: every cue but "sound_off" is silent when False
    standby_ms = 60000  # tick_standby: display off after this long without a key or card
    # Keys that have no hold (hold_ms 0) and nothing to do on release, whatever the state: the
    # release of one is only activity (key_up skips tick_hold and release). A str of
    # one-character key names, tested with `in` (rules.keys.DIGITS, say).
    plain_keys = ""
    # Keys whose hold repeats: held() again each time hold_ms(key), asked anew after each one
    # (it reads holds_done), is reached, until the key is let go. Same form as plain_keys.
    repeat_keys = ""
    message_ms = 2500  # a message stays this long
    # Set by the shell (app.unit, app.config): the store (store.Store), whose
    # history_generations() and history_records() a game's history reads (rules.history).
    journal = None
    # Set by the shell (app.build, app.config) on a unit not in English only: the screen's
    # language (ui.lang.Table), for a text the edition translates whole before it cuts it
    # (Revolution's Chance cards scroll 21 characters of theirs at a time).
    lang = None

    if TYPE_CHECKING:  # what a subclass implements (annotations only: no code on the device)
        press: Callable[[str, int], None]
        release: Callable[[str, int], None]
        hold_ms: Callable[[str], int]
        held: Callable[[str, int], None]
        asleep: Callable[[], None]  # the unit went to standby: a mode must not outlast it
        woken: Callable[[int], None]  # a key woke it (its press does nothing else)
        applied: Callable[[list], None]
        card_present: Callable[[int, str, int], None]
        card_gone: Callable[[int, int], None]
        tick: Callable[[int], None]
        restore: Callable[[tuple], None]

    def __init__(self) -> None:
        self.cues: list = []
        self.modes: list = []  # rules.modes: the modes open on this machine, the top last
        self.outbox: list = []  # records awaiting durable storage
        self.then = None  # what to do once the outbox is acknowledged durable
        self.version = 0  # bumps whenever view() may have changed
        # How many of those bumps were entry_changed(): a shell that sees every bump since its
        # last drawing was one may draw the typed amount alone (app.unit, ui.render.edit_entry).
        self.entry_edits = 0
        self.message = ""
        self.message_is_error = False
        self.message_at = 0
        self.awake = True  # the view's display_on: False in standby
        self.started = False  # the first event sets the clock reference (boot is activity)
        self.last_activity = 0
        # The key that woke the unit while it is down (or one the shell says is down and must
        # not act: it closed the settings menu, or was held since power-on): its press did
        # nothing else, its release is not seen, and other keys pressed meanwhile are a hand on
        # the keypad: dropped.
        self.wake_key: str | None = None
        self.held_key: str | None = None  # the last key down, until it is released
        self.held_since = 0
        # How often its hold acted (held()): the release does nothing more once it has; DEFERRED
        # while its press waits for a tap or the hold (set by the press).
        self.holds_done = 0

    # ---- the shell's calls -------------------------------------------------------------------

    def handle(self, event: tuple) -> None:
        """One event as a tuple (the fuzzer's, the scripts'): rules.events says which."""
        from rules import events  # the shell calls key_down etc. itself: never on the device

        events.dispatch(self, event)

    # key_down and key_up run for every key: the outbox check is written out (_check_idle),
    # since each method call on an edition looks the name up past its many attributes and its
    # class's names (some 15 us on the chip).

    def key_down(self, key: str, now: int) -> None:
        if self.outbox:
            raise RuntimeError(_MSG_NOT_IDLE)  # _check_idle()
        if self.wake_key is not None:
            return  # a hand on the keypad while the waking key is still down
        if not self.awake:
            self.awake = True  # a key only wakes the unit; it does not also act
            self.wake_key = key
            self.last_activity = now
            self.woken(now)
            self.view_changed()
            return
        self.activity(now)
        self.held_key = key
        self.held_since = now
        self.holds_done = 0
        self.press(key, now)

    def key_up(self, key: str, now: int) -> None:
        if self.outbox:
            raise RuntimeError(_MSG_NOT_IDLE)  # _check_idle()
        if key == self.wake_key:
            self.wake_key = None
            return
        if key != self.held_key:
            return  # a key that went down before the last one: only the last one counts
        if key in self.plain_keys:
            self.held_key = None
            self.last_activity = now
            return  # no hold to check, nothing to do on release
        done = self.holds_done
        if done <= 0:  # (a hold that acted, a repeating one too, does not act again now)
            self.tick_hold(now)  # released before a tick noticed the hold
            done = self.holds_done
        self.held_key = None
        self.last_activity = now
        if done <= 0:
            self.release(key, now)  # (a tap of a deferred key: holds_done still DEFERRED)

    def take_cues(self) -> list:
        """The step's cues, and none kept. Most steps have none: then one shared empty list is
        returned, no list made (the caller reads it, never changes it)."""
        cues = self.cues
        if not cues:
            return _NO_CUES
        self.cues = []
        return cues

    def acknowledge(self, durable: bool, problem: str = "STORAGE FAILED") -> None:
        """The shell stored the outbox (durable=True) or could not (nothing is applied)."""
        records = self.outbox
        then = self.then
        self.outbox = []
        self.then = None
        if not records:
            return
        if not durable:
            self.not_stored(problem)
            return
        self.applied(records)
        if then is not None:
            then(records[-1])
        self.view_changed()

    # ---- what an edition (or one of its modes) calls -------------------------------------------

    def propose(self, records: list, then=None) -> None:
        """Records to make durable; `then(last record)` runs once they are, and applied."""
        if self.outbox:
            raise RuntimeError("previous record not acknowledged")
        self.outbox.extend(records)
        self.then = then

    def cue(self, name: str) -> None:
        self.cues.append(name)

    def view_changed(self) -> None:
        self.version += 1

    def entry_changed(self) -> None:
        """Only the amount being typed changed (a character added or taken back), and the view
        shows it as its "big" text, shown_entry(), in mode "entry": the view is the last one
        with that text replaced. The shell may then draw the text alone, without view()."""
        self.version += 1
        self.entry_edits += 1

    def shown_entry(self) -> str:
        """The amount being typed as the view shows it (a machine that calls entry_changed)."""
        return ""

    def refuse(self, message: str) -> None:
        self.show_message(message, True)
        self.cue("error")

    def show_message(self, message: str, is_error: bool, at: int | None = None) -> None:
        self.message = message
        self.message_is_error = is_error
        self.message_at = self.last_activity if at is None else at
        self.view_changed()

    def activity(self, now: int) -> None:
        """A key or a card: standby is put off, and a message gives way."""
        self.started = True
        self.last_activity = now
        if self.message:
            self.message = ""
            self.message_is_error = False
            self.view_changed()

    def ignore_until_released(self, key: str) -> None:
        """The shell says `key` is down and must not act (it closed the settings menu, or was
        held since power-on): its release is not seen, and other keys meanwhile are dropped."""
        self.wake_key = key

    def tick_hold(self, now: int) -> None:
        """From the edition's tick: the key held for its hold_ms acts now (held); a repeating
        key (repeat_keys) acts again each time its next hold_ms is reached."""
        key = self.held_key
        if key is not None and key not in self.plain_keys:
            done = self.holds_done
            if done > 0 and key not in self.repeat_keys:
                return
            ms = self.hold_ms(key)
            if ms and ticks_diff(now, self.held_since) >= ms:
                self.last_activity = now
                self.held(key, now)  # (it reads holds_done as it was: DEFERRED, or the count)
                self.holds_done = done + 1 if done > 0 else 1

    def tick_standby(self, now: int) -> None:
        """From the edition's tick: standby_ms without a key or card puts the unit to sleep."""
        if self.awake and ticks_diff(now, self.last_activity) >= self.standby_ms:
            self.sleep()

    def sleep(self) -> None:
        """Standby: the display goes dark, a hold in progress ends; a key wakes it (only)."""
        self.awake = False
        self.held_key = None
        self.asleep()
        self.view_changed()

    def tick_message(self, now: int) -> None:
        """From the edition's tick: a message goes after message_ms."""
        if self.message and ticks_diff(now, self.message_at) >= self.message_ms:
            self.message = ""
            self.message_is_error = False
            self.view_changed()

    # ---- documented-protected hooks an edition overrides (docs/editions.md) -------------------

    def not_stored(self, problem: str) -> None:
        """The proposed records could not be stored: nothing changed but the message."""
        self.refuse(problem)

    def _check_idle(self) -> None:
        if self.outbox:
            raise RuntimeError(_MSG_NOT_IDLE)
