# Revolution's two timed modes: the Transport Zone pick (ZONE turns the zone symbols, ZONE again
# draws a Chance card for the one showing) and the auction timer (DEAL starts and stops it).
# The edition hands them its ZONE and DEAL keys, its ticks and its screen while one runs; their
# state stays on the edition (spin_number, auction_at, ...: what the simulator and tests read),
# and they act on it through its public names only.
from compat.ticks import ticks_add, ticks_diff
from rules.machine import MSG_FINISH_ENTRY

ZONES = ("PEDESTRIAN", "CYCLIST", "CAR", "SPACE")
ZONE_CUES = ("zone_pedestrian", "zone_cyclist", "zone_car", "zone_space")  # also icon names

MSG_ZONE_ONE_CARD = "ZONE: ONE CARD ONLY"
MSG_CHANCE_FIRST = "APPLY CHANCE FIRST"
MSG_SPIN_KEYS = "ZONE=DRAW  C=NO"
MSG_SPIN_TITLE = "TRANSPORT ZONE"
MSG_NOTHING_DRAWN = "NOTHING DRAWN"
MSG_AUCTION_RUNS = "AUCTION RUNNING"
MSG_NEXT_CARD = "CHANCE WAITS: CARD IN"  # a card drawn with no card in, for the next card in
MSG_AUCTION_HINT = "DEAL = STOP"
MSG_AUCTION_OVER = "AUCTION CLOSED"
MSG_AUCTION_STOPPED = "AUCTION STOPPED"


class ZonePick:
    """The zone symbols turning for a player (the edition's spin_number; 0: no card in)."""

    def __init__(self, ed) -> None:
        self.ed = ed

    def key(self) -> None:
        """The rulebook's gesture: ZONE starts the zone symbols turning, ZONE again draws a
        Chance card for the zone showing. The players agree on the zone at the table."""
        ed = self.ed
        if ed.spin_number is not None:
            ed.draw(ed.spin_number, ed.spin_shown, ed.rng_state)
            return
        number = 0 if ed.no_card() else ed.single_card()
        problem = None
        if ed.auction_at is not None:
            problem = MSG_AUCTION_RUNS
        elif number == 0:
            if 0 in ed.pending:
                problem = MSG_NEXT_CARD  # one card drawn with no card in at a time
        else:
            problem = ed.slot_problem()
            if problem is None and number is None:
                problem = MSG_ZONE_ONE_CARD
            if problem is None and (ed.entry or ed.entry_locked):
                problem = MSG_FINISH_ENTRY
            if problem is None and (number in ed.pending or ed.paying is not None):
                problem = MSG_CHANCE_FIRST
        if problem is not None:
            ed.refuse(problem)
            return
        ed.spin_number = number
        ed.spin_at = ed.last_activity
        ed.spin_shown = 0
        ed.showing_card_number = False
        ed.view_changed()

    def tick(self, now: int) -> None:
        ed = self.ed
        elapsed = ticks_diff(now, ed.spin_at)
        if elapsed >= ed.spin_ms:
            ed.spin_number = None
            ed.show_message(MSG_NOTHING_DRAWN, False, now)
            return
        shown = (elapsed // ed.zone_step_ms) % len(ZONES)
        if shown != ed.spin_shown:
            ed.spin_shown = shown
            ed.cue("zone_step")
            ed.view_changed()

    def view(self, view: dict) -> None:
        ed = self.ed
        view["mode"] = "spin"
        view["symbol"] = ZONE_CUES[ed.spin_shown]
        spinner = ed.spin_number
        view["title"] = "CARD %d ZONE" % spinner if spinner else MSG_SPIN_TITLE
        view["big"] = ZONES[ed.spin_shown]
        view["detail"] = MSG_SPIN_KEYS


def beep_interval(left_ms: int) -> int:
    """ms to the next countdown beep with left_ms to go: 2 s early on, down to 0.2 s."""
    return max(200, min(2000, left_ms // 1000 * 100))


class Auction:
    """The auction timer (the edition's auction_at: when it started, or None)."""

    def __init__(self, ed) -> None:
        self.ed = ed

    def key(self) -> None:
        """DEAL: start the countdown, or stop the one running."""
        ed = self.ed
        now = ed.last_activity
        if ed.auction_at is not None:
            ed.auction_at = None
            ed.show_message(MSG_AUCTION_STOPPED, False)
            ed.cue("confirm")
            return
        ed.auction_at = now
        ed.auction_shown = (ed.auction_ms + 999) // 1000
        ed.auction_beep_at = ticks_add(now, beep_interval(ed.auction_ms))
        ed.cue("auction_tick")
        ed.view_changed()

    def tick(self, now: int) -> None:
        ed = self.ed
        left = ed.auction_ms - ticks_diff(now, ed.auction_at)
        ed.last_activity = now  # no standby while the timer runs
        if left <= 0:
            ed.auction_at = None
            ed.show_message(MSG_AUCTION_OVER, False, now)
            ed.cue("signal")  # heard at the beeps-only level too
            ed.cue("auction_end")
            return
        if ticks_diff(now, ed.auction_beep_at) >= 0:
            ed.auction_beep_at = ticks_add(now, beep_interval(left))
            ed.cue("auction_tick")
        seconds = (left + 999) // 1000
        if seconds != ed.auction_shown:
            ed.auction_shown = seconds
            ed.view_changed()

    def view(self, view: dict) -> None:
        view["mode"] = "auction"
        view["title"] = "AUCTION"
        view["big"] = str(self.ed.auction_shown)
        view["detail"] = MSG_AUCTION_HINT
