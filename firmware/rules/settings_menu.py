# The settings menu: a small state machine with an edition's interface, so the shell runs it in
# the edition's place and ui.render draws its views.
#
# Menu: asked first ("SETTINGS?": ok = yes, back = no). Then one setting at a time: next/prev
# scroll, ok edits it. In an edit, digits (with "." and K/M where the keypad has them) type a
# number and next/prev step through a list; ok saves it, back clears the typing or ends the
# edit. A value is validated first (refused with its message and the "error" cue, nothing
# changed), then proposed as ("setting", name, value) in `outbox` and applied only once the shell
# acknowledges it durable. Edition and players end the game: the menu asks before proposing.
# Back, with no edit open, leaves; `done` then tells the shell to rebuild the edition.
from compat.const import const
from compat.ticks import ticks_diff
from rules import settings as schema
from rules.machine import StateMachine
from rules.money import EntryError, parse_amount

ASK = "ask"
_BROWSE = const("browse")
_EDIT = const("edit")
CONFIRM = "confirm"

_MSG_SAVED = const("SAVED")
_MSG_UNCHANGED = const("UNCHANGED")
MSG_CANCELLED = "CANCELLED"
_MSG_YES_NO = const("%s = YES   %s = NO")
_MSG_YES_NO_SHORT = const("%s=YES %s=NO")  # long key names (CONFIRM, CANCEL): fits one line
_MSG_EDIT = const("%s = CHANGE")
_MSG_CHOOSE = const("%s/%s = CHOOSE")
MSG_NEW_GAME = "NEW GAME?"
_MSG_KEY = const("KEY NOT USED HERE")
_ENTRY_CHARS = const("0123456789.KM")
_MAX_ENTRY = const(8)
_LINE = const(21)  # small-font characters across the panel


class SettingsMenu(StateMachine):
    name = "settings"
    confirm_ms = 15000  # an unanswered question is answered "no"
    idle_ms = 60000  # an unattended menu closes by itself (saved values stay saved)
    message_ms = 2500
    sound_on = True

    def __init__(self, settings, menu_keys: tuple, ask: bool = True, held: str | None = None):
        """settings: the unit's Settings, changed in place once a record is durable.
        menu_keys: (ok, back, next, prev) of the keypad in use. held: a key down since
        power-on (the gesture): its press and release are ignored, other keys act."""
        StateMachine.__init__(self)
        self.settings = settings
        self.ok, self.back, self.next, self.prev = menu_keys
        # Which key says yes: shortened where long key names (CONFIRM, CANCEL) would be cut.
        yes_no = _MSG_YES_NO % (self.ok, self.back)
        self.yes_no = yes_no if len(yes_no) <= _LINE else _MSG_YES_NO_SHORT % (self.ok, self.back)
        # Likewise the list hint: Classic's BANKRUPT/MORTGAGE leave no room for "= CHOOSE".
        choose = _MSG_CHOOSE % (self.next, self.prev)
        self.choose = choose if len(choose) <= _LINE else choose[: choose.index(" ")]
        self.state = ASK if ask else _BROWSE
        self.index = 0
        self.entry = ""
        self.choice = 0  # index into the list being chosen from
        self.pending: tuple | None = None  # (name, value) awaiting the new-game answer
        self.changed: list = []  # names saved in this visit
        self.done = False
        self.ignored = held  # the gesture's key, still down: its press and release go unseen
        self.asked_at = 0

    # ---- what the edition interface asks for ----------------------------------------------

    def names(self) -> list:
        return schema.names_for(self.settings.edition)

    def current(self) -> str:
        names = self.names()
        return names[self.index % len(names)]

    def restore(self, record: tuple) -> None:
        self.settings.restore(record)

    def snapshot_records(self) -> list:
        return self.settings.state_records()

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        pass  # cards wait: the shell shows them to the edition after the menu

    def card_gone(self, slot: int, now: int) -> None:
        pass

    def not_stored(self, problem: str) -> None:
        self.entry = ""
        self.refuse(problem)

    def applied(self, records: list) -> None:
        for record in records:
            self.settings.restore(record)
            if record[1] not in self.changed:
                self.changed.append(record[1])
        if records[-1][1] == schema.EDITION:
            self.index = 0  # the new edition's own list of settings
        self.state = _BROWSE
        self.entry = ""
        self.show_message(_MSG_SAVED, False)
        self.cue("sound_on")

    # ---- outputs ---------------------------------------------------------------------------

    def view(self) -> dict:
        settings = self.settings
        edition = settings.edition
        name = self.current()
        view = {
            "display_on": True,
            "green": None,
            "red": None,
            "sound": True,
            "message": self.message,
            "error": self.message_is_error,
            "mode": "settings",
            "title": "SETTINGS %d/%d" % (self.index % len(self.names()) + 1, len(self.names())),
            "big": schema.show(name, settings.get(name), edition),
            "detail": schema.LABELS[name],
        }
        if self.state == ASK:
            view["title"] = "SETTINGS"
            view["big"] = "SURE?"
            view["detail"] = self.yes_no
        elif self.state == CONFIRM:
            view["title"] = "SET " + schema.LABELS[name]
            view["big"] = MSG_NEW_GAME
            view["detail"] = self.yes_no
        elif self.state == _EDIT:
            view["title"] = "SET " + schema.LABELS[name]
            options = self._options(name)
            if options is not None:
                view["big"] = schema.show(name, options[self.choice], edition)
                view["detail"] = self.choose
            else:
                view["big"] = self.entry or view["big"]
                view["detail"] = self._range(name)
        else:
            # The label, and the key that edits it when both fit (never a key name cut short).
            line = schema.LABELS[name] + "  " + _MSG_EDIT % self.ok
            view["detail"] = line if len(line) <= _LINE else schema.LABELS[name]
        return view

    def _range(self, name: str) -> str:
        """The limits of a number, as the refusal would state them (without the label)."""
        _, low, high, _ = schema.spec(name, self.settings.edition)
        message = schema.validate(name, high + 1, self.settings.edition)
        return message[len(schema.LABELS[name]) + 2 :] if message else "%d TO %d" % (low, high)

    def _options(self, name: str):
        settings = self.settings
        return schema.choices(name, settings.edition, settings.editions)

    # ---- events ----------------------------------------------------------------------------

    def tick(self, now: int) -> None:
        if self.outbox or self.done:
            return
        if not self.started:
            self.started = True
            self.last_activity = now
            self.asked_at = now
        asking = self.state == ASK or self.state == CONFIRM
        if asking and ticks_diff(now, self.asked_at) >= self.confirm_ms:
            self._no()
        elif ticks_diff(now, self.last_activity) >= self.idle_ms:
            self.done = True  # saved values stay saved; an open edit is dropped
            self.view_changed()
        self.tick_message(now)

    def key_down(self, key: str, now: int) -> None:
        if key != self.ignored:  # other keys act while the power-on key is still down
            StateMachine.key_down(self, key, now)

    def key_up(self, key: str, now: int) -> None:
        if key == self.ignored:
            self.ignored = None  # let go: from now on a key like any other
        # Every key of the menu acts as it goes down, so a release may come before the shell
        # stored what the press proposed: it is not an event the menu must refuse.
        elif not self.outbox:
            StateMachine.key_up(self, key, now)

    def press(self, key: str, now: int) -> None:
        self.held_key = None  # every key acts as it goes down: no hold, nothing on release
        if self.done:
            return
        self.cue("key")
        state = self.state
        if key == self.ok:
            self._ok(now)
        elif key == self.back:
            self._back()
        elif state in (ASK, CONFIRM):
            self.refuse(self.yes_no)
        elif state == _BROWSE:
            self._browse(key)
        else:
            self._edit(key)

    def _ok(self, now: int) -> None:
        state = self.state
        if state == ASK:
            self.state = _BROWSE
            self.view_changed()
        elif state == _BROWSE:
            name = self.current()
            options = self._options(name)
            self.state = _EDIT
            self.entry = ""
            self.choice = 0
            if options is not None:
                value = self.settings.get(name)
                self.choice = options.index(value) if value in options else 0
            self.view_changed()
        elif state == CONFIRM:
            name, value = self.pending  # type: ignore[misc]  # set with the CONFIRM state
            self.pending = None
            self.outbox.append(("setting", name, value))
        else:
            self._save(now)

    def _save(self, now: int) -> None:
        name = self.current()
        settings = self.settings
        options = self._options(name)
        if options is not None:
            value = options[self.choice]
        elif not self.entry:
            self.state = _BROWSE  # nothing typed: the value stays
            self.show_message(_MSG_UNCHANGED, False)
            return
        else:
            try:
                value = parse_amount(self.entry)
            except EntryError as error:
                self.entry = ""
                self.refuse(error.message)
                return
        problem = schema.validate(name, value, settings.edition, settings.editions)
        if problem is not None:
            self.entry = ""
            self.refuse(problem)
            return
        if value == settings.get(name):
            self.state = _BROWSE
            self.entry = ""
            self.show_message(_MSG_UNCHANGED, False)
            return
        if name in schema.NEW_GAME:
            self.pending = (name, value)
            self.state = CONFIRM
            self.asked_at = now
            self.cue("confirm")
            self.view_changed()
            return
        self.outbox.append(("setting", name, value))

    def _no(self) -> None:
        if self.state == ASK:
            self.done = True
            self.view_changed()
        else:
            self.pending = None
            self.state = _BROWSE
            self.show_message(MSG_CANCELLED, False)

    def _back(self) -> None:
        state = self.state
        if state in (ASK, CONFIRM):
            self._no()
        elif state == _EDIT:
            if self.entry:
                self.entry = ""
                self.view_changed()
            else:
                self.state = _BROWSE
                self.view_changed()
        else:
            self.done = True
            self.view_changed()

    def _browse(self, key: str) -> None:
        count = len(self.names())
        if key == self.next:
            self.index = (self.index + 1) % count
        elif key == self.prev:
            self.index = (self.index - 1) % count
        else:
            self.refuse(_MSG_EDIT % self.ok)
            return
        self.view_changed()

    def _edit(self, key: str) -> None:
        options = self._options(self.current())
        if options is not None:
            if key == self.next:
                self.choice = (self.choice + 1) % len(options)
            elif key == self.prev:
                self.choice = (self.choice - 1) % len(options)
            else:
                self.refuse(self.choose)
                return
            self.view_changed()
            return
        if key in _ENTRY_CHARS and len(key) == 1 and len(self.entry) < _MAX_ENTRY:
            self.entry += key
            self.view_changed()
        else:
            self.refuse(self._range(self.current()) if key in _ENTRY_CHARS else _MSG_KEY)
