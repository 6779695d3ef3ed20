# Settings: the schema and its validation, records, the menu and summary machines.
# micropython-heap: 88k (the base machine now owns the key grammar and rules.keys names every
# edition's keys: loading them with this suite's 40 tests needed 72k, then 80k failed at 82k
# once every edition had the lang setting, 84k passes; 88k keeps a margin)
from app.editions import EDITIONS
from rules import settings as schema
from rules.boot_summary import BootSummary
from rules.settings_menu import SettingsMenu

EB = "electronic_banking"
REV = "revolution"
BOTH = (EB, REV)
KEYS = ("GO", "C", "M", "K")
M = 1000000
K = 1000


def fresh(edition=EB, editions=BOTH):
    return schema.Settings(edition, editions)


# ---- schema and validation ------------------------------------------------------------------


def test_every_edition_row_lists_known_settings_with_defaults_in_range():
    for edition in EDITIONS:
        for name in schema.names_for(edition):
            assert name in schema.LABELS
            if name == schema.EDITION:
                continue
            default = schema.spec(name, edition)[0]
            assert schema.validate(name, default, edition, (edition,)) is None, (edition, name)
        assert len(schema.menu_keys(edition)) == 4


def test_which_settings_apply_to_which_edition():
    assert schema.names_for(EB) == [
        "edition",
        "players",
        "start",
        "go",
        "volume",
        "standby",
        "hold",
        "lang",
    ]
    assert "auction" in schema.names_for(REV) and "chance_pct" in schema.names_for(REV)
    assert "currency" in schema.names_for("classic")
    assert "start" not in schema.names_for("stock_exchange")
    assert schema.validate("auction", 30, EB) == schema.MSG_NOT_HERE


def _edges(name, edition, low, high, below, above, message):
    assert schema.validate(name, low, edition, BOTH) is None
    assert schema.validate(name, high, edition, BOTH) is None
    assert schema.validate(name, below, edition, BOTH) == message
    assert schema.validate(name, above, edition, BOTH) == message


def test_every_number_both_edges():
    _edges("players", EB, 2, 8, 1, 9, "PLAYERS: 2 TO 8")
    _edges("start", EB, 1 * M, 99 * M, 990 * K, 100 * M, "START: 1M TO 99M")
    _edges("go", EB, 10 * K, 20 * M, 0, 20 * M + 10 * K, "GO: 10K TO 20M")
    _edges("volume", EB, 1, 4, 0, 5, "VOLUME: 1 TO 4")
    _edges("volume", REV, 0, 4, -1, 5, "VOLUME: 0 TO 4")
    _edges("standby", EB, 10, 600, 9, 601, "STANDBY S: 10 TO 600")
    _edges("hold", REV, 500, 5000, 499, 5001, "HOLD MS: 500 TO 5000")
    _edges("auction", REV, 5, 300, 4, 301, "AUCTION S: 5 TO 300")
    _edges("chance", REV, 0, 1, -1, 2, "CHANCE: 0 TO 1")
    _edges("chance_pct", REV, 0, 100, -1, 101, "CHANCE %: 0 TO 100")
    _edges("start", "classic", 100, 99999, 99, 100000, "START: 100 TO 99999")
    _edges("go", "classic", 1, 9999, 0, 10000, "GO: 1 TO 9999")
    _edges("fine", "classic", 1, 9999, 0, 10000, "JAIL FINE: 1 TO 9999")
    assert schema.validate("fine", 50, EB) == "NOT IN THIS EDITION"
    # The Stock Exchange's rulebook standby is 5 minutes, not the common minute.
    assert schema.spec("standby", "stock_exchange")[0] == 300


def test_steps_kinds_choices_and_message_lengths():
    assert schema.validate("start", 15 * M + 5 * K, EB) == "START: STEPS OF 10K"
    assert schema.validate("players", "4", EB) == "PLAYERS: A NUMBER"
    assert schema.validate("currency", "$", "classic") is None
    assert schema.validate("currency", "X", "classic") == "CURRENCY: $ \u00a3 \u20ac M"
    assert schema.validate("currency", "\u00a3", "classic") is None
    assert schema.validate("edition", REV, EB, BOTH) is None
    assert schema.validate("edition", REV, EB, (EB,)) == "EDITION NOT ON UNIT"
    assert schema.validate("nonsense", 1, EB) == "UNKNOWN SETTING"
    for message in (
        "STANDBY S: A NUMBER",
        schema.MSG_CURRENCY,
        schema.MSG_NOT_HERE,
        schema.MSG_EDITION,
        schema.validate("start", 0, REV),
        schema.validate("chance_pct", "x", REV),
    ):
        assert len(message) <= 21, message


def test_get_falls_back_to_the_edition_default_for_a_value_that_does_not_fit():
    settings = fresh()
    assert settings.get("standby") == 60 and settings.get("auction") is None
    settings.restore(("setting", "start", 2000))  # a Classic amount, not an EB one
    assert settings.get("start") == 15 * M
    settings.restore(("setting", "edition", REV))
    assert settings.edition == REV and settings.get("standby") == 90
    settings.restore(("setting", "edition", "classic"))  # not on this unit
    assert settings.edition == EB


def test_the_currency_follows_the_language_until_one_is_set():
    settings = fresh("classic", ("classic",))
    assert settings.get("currency") == "$"
    settings.restore(("setting", "lang", "fr"))
    assert settings.get("currency") == "\u20ac"  # a French unit: euros
    assert settings.edition_kwargs()["currency"] == "\u20ac"
    settings.restore(("setting", "currency", "$"))
    assert settings.get("currency") == "$"  # set: the language does not change it
    settings.restore(("setting", "lang", "en"))
    assert settings.get("currency") == "$"
    settings.restore(("setting", "currency", "X"))  # a value that does not fit: as unset
    assert settings.get("currency") == "$"
    settings.restore(("setting", "lang", "fr"))
    assert settings.get("currency") == "\u20ac"
    assert fresh().get("currency") is None  # a K/M edition has no currency setting


def test_records_round_trip():
    settings = fresh()
    for record in (
        ("setting", "players", 4),
        ("setting", "go", 1 * M),
        ("setting", "edition", REV),
        ("game", REV, 4, 15 * M),
    ):
        settings.restore(record)
    twin = fresh()
    for record in settings.state_records():
        twin.restore(record)
    assert twin.values == settings.values and twin.game == (REV, 4, 15 * M)
    assert twin.current_game() == (REV, 4, 15 * M) and twin.same_game()
    for bad in (
        ("tx", 0, 1, 5),
        ("setting", "nonsense", 1),
        ("setting", "go", 1.5),
        ("game", 1, 2),
    ):
        try:
            twin.restore(bad)
            raise AssertionError("restored %r" % (bad,))
        except ValueError:
            pass


class Made:
    uses_cards = True  # what an edition declares (rules.machine), read as it is, not probed
    volume = None

    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self.standby_ms = 1
        self.long_press_ms = 1
        self.enroll_press_ms = 1


def test_kwargs_and_attributes_come_from_the_table():
    settings = fresh(REV)
    settings.restore(("setting", "chance", 0))
    settings.restore(("setting", "auction", 45))
    kwargs = schema.edition_kwargs(settings)
    assert kwargs == {
        "card_count": 6,
        "start_balance": 15 * M,
        "go_amount": 2 * M,
        "auction_ms": 45000,
        "chance_percent": 0,
    }
    made = Made(**kwargs)
    settings.restore(("setting", "hold", 1500))
    schema.apply_attributes(fresh(EB), made)
    assert made.standby_ms == 60000
    settings.values["edition"] = EB
    schema.apply_attributes(settings, made)
    assert made.long_press_ms == 1500 and made.enroll_press_ms == 2500


# ---- the menu ----------------------------------------------------------------------------------


class Saver:
    """What the shell does with the menu's outbox: durable, or refused."""

    def __init__(self, menu):
        self.menu = menu
        self.saved = []
        self.fail = None

    def key(self, key, now=0):
        self.menu.key_down(key, now)
        self.menu.key_up(key, now)
        if self.menu.outbox:
            if self.fail:
                self.menu.acknowledge(False, self.fail)
            else:
                self.saved.extend(self.menu.outbox)
                self.menu.acknowledge(True)
        return self.menu.take_cues()

    def keys(self, *keys):
        cues = []
        for key in keys:
            cues = self.key(key)
        return cues


def menu_at(name, settings=None, ask=False):
    menu = SettingsMenu(settings or fresh(), KEYS, ask)
    while menu.current() != name:
        menu.key_down("M", 0)
    menu.take_cues()
    return menu, Saver(menu)


def test_the_question_first_yes_and_no():
    menu = SettingsMenu(fresh(), KEYS, True, "GO")
    assert menu.view()["big"] == "SURE?" and menu.view()["detail"] == "GO = YES   C = NO"
    menu.key_down("GO", 0)  # the key held since power-on
    menu.key_up("GO", 0)
    assert menu.state == "ask"
    menu.key_down("5", 0)
    assert menu.take_cues() == ["key", "error"] and menu.view()["error"]
    menu.key_down("C", 0)
    assert menu.done and not menu.changed
    menu = SettingsMenu(fresh(), KEYS, True)
    menu.key_down("GO", 0)
    assert menu.state == "browse" and menu.view()["title"] == "SETTINGS 1/8"


def test_the_menus_keys_act_while_the_power_on_key_is_still_held():
    """GO held at power-on opened the menu and is still down: only GO's own press and release
    go unseen; C pressed meanwhile answers no, another key gets the yes/no hint."""
    menu = SettingsMenu(fresh(), KEYS, True, "GO")
    menu.key_down("C", 0)
    assert menu.done and not menu.changed
    menu = SettingsMenu(fresh(), KEYS, True, "GO")
    menu.key_down("M", 10)
    assert menu.take_cues() == ["key", "error"] and menu.view()["message"] == menu.yes_no
    menu.key_up("M", 20)
    menu.key_up("GO", 30)  # the gesture's key let go: nothing happens
    assert menu.state == "ask" and not menu.done
    menu.key_down("GO", 40)  # pressed again: a key like any other, yes
    assert menu.state == "browse"


def test_unanswered_question_and_idle_menu_close_by_themselves():
    menu = SettingsMenu(fresh(), KEYS, True)
    menu.tick(100)
    menu.tick(100 + menu.confirm_ms)
    assert menu.done
    menu = SettingsMenu(fresh(), KEYS, False)
    menu.tick(0)
    menu.tick(menu.idle_ms - 1)
    assert not menu.done
    menu.tick(menu.idle_ms)
    assert menu.done


def test_next_and_prev_scroll_round_and_other_keys_are_refused():
    menu = SettingsMenu(fresh(), KEYS, False)
    assert menu.current() == "edition"
    menu.key_down("K", 0)
    assert menu.current() == "lang"
    menu.key_down("K", 0)
    assert menu.current() == "hold"
    menu.key_down("M", 0)
    menu.key_down("M", 0)
    menu.key_down("M", 0)
    assert menu.current() == "players"
    assert menu.view()["big"] == "6" and menu.view()["detail"] == "PLAYERS  GO = CHANGE"
    menu.take_cues()
    menu.key_down("7", 0)
    assert menu.take_cues() == ["key", "error"] and menu.view()["message"] == "GO = CHANGE"


def test_a_number_typed_and_saved():
    menu, saver = menu_at("go")
    saver.keys("GO", "1", ".", "5", "M")
    assert menu.view()["big"] == "1.5M" and not saver.saved
    cues = saver.key("GO")
    assert saver.saved == [("setting", "go", 1500000)]
    assert cues == ["key", "sound_on"] and menu.view()["message"] == "SAVED"
    assert menu.settings.get("go") == 1500000 and menu.changed == ["go"]
    assert menu.view()["big"] == "1.5M"


def test_out_of_range_is_refused_and_changes_nothing():
    menu, saver = menu_at("standby")
    saver.keys("GO", "9")
    cues = saver.key("GO")
    assert cues == ["key", "error"]
    assert menu.view()["message"] == "STANDBY S: 10 TO 600" and menu.view()["error"]
    assert not saver.saved and menu.settings.get("standby") == 60 and not menu.changed
    assert menu.state == "edit"
    saver.keys("6", "0", "1", "GO")
    assert menu.view()["message"] == "STANDBY S: 10 TO 600" and not saver.saved
    saver.keys("1", "2", "0", "GO")
    assert saver.saved == [("setting", "standby", 120)]


def test_a_malformed_entry_is_refused():
    menu, saver = menu_at("go")
    saver.keys("GO", "1", ".", ".", "M")
    assert saver.key("GO") == ["key", "error"] and menu.view()["message"] == "ONE POINT ONLY"
    assert not saver.saved


def test_back_clears_the_typing_then_ends_the_edit_then_leaves():
    menu, saver = menu_at("hold")
    saver.keys("GO", "3")
    saver.key("C")
    assert menu.entry == "" and menu.state == "edit"
    saver.key("C")
    assert menu.state == "browse" and not menu.done
    saver.keys("GO", "GO")  # nothing typed: the value stays
    assert menu.view()["message"] == "UNCHANGED" and not saver.saved
    saver.key("C")
    assert menu.done


def test_lists_are_chosen_with_next_and_prev():
    menu, saver = menu_at("volume", fresh(REV))
    saver.key("GO")
    assert menu.view()["big"] == "LOUD" and menu.view()["detail"] == "M/K = CHOOSE"
    saver.key("M")  # round to the first
    assert menu.view()["big"] == "SILENT"
    saver.keys("M", "K", "K", "K")  # beeps only, silent, round to loud, medium
    assert menu.view()["big"] == "MEDIUM"
    assert saver.key("5") == ["key", "error"]
    saver.key("GO")
    assert saver.saved == [("setting", "volume", 3)]
    menu, saver = menu_at("chance", fresh(REV))
    saver.keys("GO", "M")
    assert menu.view()["big"] == "OFF"
    saver.key("GO")
    assert saver.saved == [("setting", "chance", 0)]


def test_players_and_edition_ask_for_a_new_game_first():
    menu, saver = menu_at("players")
    saver.keys("GO", "4")
    assert saver.key("GO") == ["key", "confirm"]
    assert menu.view()["big"] == "NEW GAME?" and not saver.saved
    saver.key("C")
    assert menu.view()["message"] == "CANCELLED" and not saver.saved
    assert menu.settings.get("players") == 6
    saver.keys("GO", "4", "GO", "GO")
    assert saver.saved == [("setting", "players", 4)]
    menu, saver = menu_at("edition")
    saver.keys("GO", "M")
    assert menu.view()["big"] == "REVOLUTION"
    saver.keys("GO", "GO")
    assert saver.saved == [("setting", "edition", REV)]
    assert menu.settings.edition == REV and menu.view()["title"] == "SETTINGS 1/11"


def test_storage_failure_loses_nothing():
    menu, saver = menu_at("go")
    saver.fail = "STORAGE FULL"
    saver.keys("GO", "5", "M")
    assert saver.key("GO") == ["key", "error"]
    assert menu.view()["message"] == "STORAGE FULL" and menu.view()["error"]
    assert menu.settings.get("go") == 2 * M and not menu.changed and not menu.outbox
    saver.fail = None
    saver.keys("5", "M", "GO")
    assert menu.settings.get("go") == 5 * M


def test_an_event_before_the_acknowledgement_is_a_shell_bug():
    menu, _ = menu_at("go")
    for key in ("GO", "5", "M", "GO"):
        menu.key_down(key, 0)
    assert menu.outbox
    try:
        menu.key_down("1", 0)
        raise AssertionError("accepted a key with records unacknowledged")
    except RuntimeError:
        pass


def test_the_stock_exchange_keys_drive_the_same_menu():
    menu = SettingsMenu(fresh(), schema.menu_keys("stock_exchange"), False)
    menu.key_down("REVIEW", 0)
    menu.key_down("CONFIRM", 0)
    assert menu.state == "edit" and menu.view()["detail"] == "2 TO 8"
    menu.key_down("CANCEL", 0)
    assert menu.state == "browse"


# ---- the boot summary ----------------------------------------------------------------------


def test_summary_pages_then_ends_and_a_key_ends_it():
    summary = BootSummary(fresh(REV).summary())
    assert summary.pages == 3
    summary.tick(50)
    view = summary.view()
    assert view["title"] == "REVOLUTION 1/3" and view["lines"][0] == "PLAYERS             6"
    assert all(len(line) <= 21 for line in view["lines"])
    summary.tick(50 + summary.page_ms)
    assert summary.view()["lines"][0].startswith("STANDBY S")
    summary.tick(50 + 3 * summary.page_ms)
    assert summary.done
    summary = BootSummary(fresh().summary())
    summary.tick(0)
    summary.key_down("5", 10)
    assert summary.done and summary.take_cues() == []


def test_no_menu_line_is_cut_on_any_keypad():
    """Every hint fits the 21 characters of the panel, with each key name whole: the label
    alone (or the keys alone) where the key names are long."""
    for edition in ("electronic_banking", "revolution", "classic", "stock_exchange"):
        keys = schema.menu_keys(edition)
        menu = SettingsMenu(fresh(edition, (edition,)), keys, False)
        for _ in range(len(schema.names_for(edition))):
            name = menu.current()
            detail = menu.view()["detail"]
            assert len(detail) <= 21, (edition, detail)
            assert detail.split("  ")[0] == schema.LABELS[name], (edition, detail)
            assert len(detail.split("  ")) == 1 or detail.endswith(keys[0] + " = CHANGE")
            if schema.choices(name, edition, (edition,)) is not None:
                menu.key_down(keys[0], 0)  # edit: the list hint
                menu.key_up(keys[0], 0)
                hint = menu.view()["detail"]
                assert len(hint) <= 21 and hint.startswith(keys[2] + "/" + keys[3]), hint
                menu.key_down(keys[1], 0)  # back to the list
                menu.key_up(keys[1], 0)
            menu.key_down(keys[2], 0)
            menu.key_up(keys[2], 0)
