# Piezo driver on the recording fake PWM: notes, rests, volume duty, silence, replacement, asyncio.
import asyncio
import time

from drivers.piezo import Piezo
from peripherals.bus import PWM, Pin
from peripherals.piezo_recorder import audible, tones
from ui.sounds import MELODIES, melody_for

LOUDEST = len(Piezo.VOLUME_DUTY) - 1
TUNE = ((1000, 100), (0, 50), (2000, 30))


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def make(volume=LOUDEST):
    clock = Clock()
    pwm = PWM(Pin(2), clock=clock)
    return clock, pwm, Piezo(pwm, volume)


def play_through(clock, piezo, waits=None):
    """Steps exactly when the piezo asks to; returns the waits it asked for."""
    waits = [] if waits is None else waits
    wait = piezo.step(clock.now)
    while wait >= 0:
        waits.append(wait)
        clock.now += wait
        wait = piezo.step(clock.now)
    return waits


def test_a_melody_plays_its_notes_and_rests_at_the_volume_duty():
    clock, pwm, piezo = make()
    assert pwm.duty_u16() == 0 and not piezo.busy()
    piezo.play(TUNE)
    assert piezo.busy()
    assert play_through(clock, piezo) == [100, 50, 30]
    assert not piezo.busy()
    duty = Piezo.VOLUME_DUTY[LOUDEST]
    assert duty == 32768  # 50 %: a passive piezo's loudest
    assert tones(pwm.log) == [(1000, duty, 100), (0, 0, 50), (2000, duty, 30)]
    assert pwm.duty_u16() == 0  # idle is silent


def test_step_reports_the_time_left_and_writes_nothing_early():
    clock, pwm, piezo = make()
    piezo.play(TUNE)
    assert piezo.step(0) == 100
    writes = len(pwm.log)
    assert piezo.step(40) == 60
    assert piezo.step(99) == 1
    assert len(pwm.log) == writes
    assert piezo.step(100) == 50
    assert pwm.duty_u16() == 0  # the rest


def test_a_late_step_still_gives_the_next_note_its_full_length():
    clock, pwm, piezo = make()
    piezo.play(TUNE)
    piezo.step(0)
    assert piezo.step(130) == 50  # 30 ms late: the rest runs from now
    assert piezo.step(170) == 10
    assert piezo.step(180) == 30


def test_each_volume_level_has_its_duty_and_levels_grow():
    for level in range(1, LOUDEST + 1):
        clock, pwm, piezo = make(level)
        piezo.play(((440, 20),))
        play_through(clock, piezo)
        assert tones(pwm.log) == [(440, Piezo.VOLUME_DUTY[level], 20)]
        assert Piezo.VOLUME_DUTY[level] > Piezo.VOLUME_DUTY[level - 1]
    assert max(Piezo.VOLUME_DUTY) <= 32768


def test_volume_change_takes_effect_on_the_sounding_note_and_clamps():
    clock, pwm, piezo = make(1)
    piezo.play(((440, 100),))
    piezo.step(0)
    assert pwm.duty_u16() == Piezo.VOLUME_DUTY[1]
    piezo.set_volume(99)
    assert piezo.volume == LOUDEST
    assert pwm.duty_u16() == Piezo.VOLUME_DUTY[LOUDEST]
    piezo.set_volume(-3)
    assert piezo.volume == 0 and pwm.duty_u16() == 0
    assert piezo.step(50) == -1 and not piezo.busy()


def test_silent_mode_never_writes_an_audible_duty():
    clock, pwm, piezo = make(0)
    for cue in MELODIES:
        piezo.play(melody_for(cue))
        assert not piezo.busy()
        assert piezo.step(clock.now) == -1
        clock.now += 1000
    assert not audible(pwm.log)


def test_a_new_melody_replaces_the_one_playing():
    clock, pwm, piezo = make()
    piezo.play(((1000, 100), (1500, 100), (2000, 100)))
    piezo.step(0)
    clock.now = 30
    piezo.play(((3000, 40), (3500, 40)))
    assert piezo.step(30) == 40
    assert pwm.freq() == 3000
    clock.now = 70
    play_through(clock, piezo)
    duty = Piezo.VOLUME_DUTY[LOUDEST]
    assert tones(pwm.log) == [(1000, duty, 30), (3000, duty, 40), (3500, duty, 40)]


def test_stop_silences_at_once():
    clock, pwm, piezo = make()
    piezo.play(TUNE)
    piezo.step(0)
    piezo.stop()
    assert pwm.duty_u16() == 0 and not piezo.busy()
    assert piezo.step(10) == -1


def test_zero_length_notes_are_skipped_and_empty_melodies_ignored():
    clock, pwm, piezo = make()
    piezo.play(())
    assert not piezo.busy() and piezo.step(0) == -1
    piezo.play(((500, 0), (600, 10), (700, 0)))
    assert play_through(clock, piezo) == [10]
    assert tones(pwm.log) == [(600, Piezo.VOLUME_DUTY[LOUDEST], 10)]


def test_every_cue_has_a_playable_melody():
    cues = ("key", "error", "card_in", "card_out", "credit", "debit", "transfer", "go")
    for cue in cues + ("new_game", "sound_on", "sound_off"):
        melody = melody_for(cue)
        assert melody, cue
        for freq, ms in melody:
            assert freq == 0 or 100 <= freq <= 8000, cue  # what a piezo on RP2040 PWM can do
            assert 0 < ms <= 1000, cue
    assert melody_for("no such cue") is None
    assert sum(ms for _, ms in melody_for("key")) <= 50  # a key tick must not lag typing
    assert len(melody_for("go")) > 3  # a jingle, not a beep


def _ms_clock():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()  # type: ignore[attr-defined]
    return int(time.monotonic() * 1000) & ((1 << 30) - 1)


async def _play_under_asyncio(piezo):
    task = asyncio.create_task(piezo.run(_ms_clock))
    await asyncio.sleep(0.02)
    piezo.play(((1000, 5000),))  # a long note ...
    await asyncio.sleep(0.05)
    piezo.play(((2000, 30), (0, 20), (3000, 30)))  # ... cut short by a new melody
    await asyncio.sleep(0.25)
    busy = piezo.busy()
    task.cancel()
    try:  # noqa: SIM105 - MicroPython has no contextlib.suppress
        await task
    except asyncio.CancelledError:
        pass
    return busy


def test_run_plays_under_asyncio_and_a_new_play_interrupts_a_long_note():
    pwm = PWM(Pin(2), clock=_ms_clock)
    piezo = Piezo(pwm, LOUDEST)
    busy = asyncio.run(_play_under_asyncio(piezo))
    assert not busy
    heard = tones(pwm.log)
    assert heard[0][0] == 0  # silent from construction until the first play()
    heard = heard[1:]
    assert [freq for freq, _, _ in heard] == [1000, 2000, 0, 3000]
    # The long note lasted about 50 ms, not 5 s; each later note about its length.
    lengths = [ms for _, _, ms in heard]
    assert 40 <= lengths[0] <= 150, lengths
    assert 25 <= lengths[1] <= 120 and 15 <= lengths[2] <= 120 and 25 <= lengths[3] <= 120
    assert pwm.duty_u16() == 0


def test_melodies_unpack_to_notes_and_a_note_that_cannot_pack_is_refused():
    """ui.sounds packs each melody into 3 bytes a note (issue 27: the heap); unpacked, a cue's
    melody is (freq_hz, ms) notes as the piezo plays them."""
    from ui import sounds

    for cue in MELODIES:
        melody = melody_for(cue)
        assert len(melody) == len(MELODIES[cue]) // 3 and 1 <= len(melody) <= 9, cue
        for freq, ms in melody:
            assert 0 <= freq <= 3136 and ms > 0 and ms % 5 == 0, cue
    assert melody_for("key") == ((2093, 25),)
    assert melody_for("no such cue") is None
    for bad in ((440, 7), (440, 1280), (70000, 10)):
        try:
            sounds._m(*bad)
        except ValueError:
            continue
        raise AssertionError("packed %r" % (bad,))
