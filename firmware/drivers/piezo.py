# Passive piezo on a PWM output: melodies of (freq_hz, ms) notes, volume levels, silent mode.
import asyncio

from compat.const import const
from compat.ticks import ticks_add, ticks_diff

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from machine import PWM


class Piezo:
    # duty_u16 per volume level. A square wave's fundamental grows with sin(pi * duty), so the
    # levels sit about 6 dB apart: sin(pi * d) = 1/8, 1/4, 1/2, 1 (50 % duty is the loudest).
    VOLUME_DUTY = (0, 2616, 5272, 10923, 32768)

    def __init__(self, pwm: "PWM", volume: int = 3) -> None:
        self.pwm = pwm
        self.melody: tuple = ()
        self._next = 0  # index of the note that starts at the next change
        self._due = 0  # ticks when the sounding note ends
        self._fresh = False  # play() was called; the next step starts the melody
        self.duty = 0  # what the PWM has now
        self._wake = asyncio.Event()
        self.volume = 0
        self.set_volume(volume)
        pwm.duty_u16(0)

    def set_volume(self, level: int) -> None:
        """0 is silent; len(VOLUME_DUTY) - 1 is the loudest. A sounding note follows at once."""
        self.volume = max(0, min(level, len(self.VOLUME_DUTY) - 1))
        if self.duty:
            self._set_duty(self.VOLUME_DUTY[self.volume])
        if not self.volume:
            self.melody = ()
            self._fresh = False

    def play(self, melody) -> None:
        """Starts melody (a tuple of (freq_hz, ms); 0 Hz rests), replacing what plays."""
        if not self.volume or not melody:
            return
        self.melody = melody
        self._fresh = True
        self._wake.set()

    def stop(self) -> None:
        self.melody = ()
        self._fresh = False
        self._set_duty(0)
        self._wake.set()

    def busy(self) -> bool:
        return self._fresh or len(self.melody) > 0

    def _set_duty(self, duty: int) -> None:
        if duty != self.duty:
            self.duty = duty
            self.pwm.duty_u16(duty)

    def step(self, now_ms: int) -> int:
        """Drives the PWM for time now_ms; returns ms until the next change, or -1 when idle."""
        if self._fresh:
            self._fresh = False
            self._next = 0
        else:
            if not self.melody:
                return -1
            left = ticks_diff(self._due, now_ms)
            if left > 0:
                return left
        melody = self.melody
        while self._next < len(melody):
            freq, ms = melody[self._next]
            self._next += 1
            if ms <= 0:
                continue
            if freq > 0:
                self.pwm.freq(freq)
                self.duty = self.VOLUME_DUTY[self.volume]
                self.pwm.duty_u16(self.duty)  # again after freq(): older ports rescale duty
            else:
                self._set_duty(0)  # a rest
            self._due = ticks_add(now_ms, ms)  # timed from now: a late step never clips a note
            return ms
        self.melody = ()
        self._next = 0
        self._set_duty(0)
        return -1

    async def run(self, clock) -> None:
        """The piezo's asyncio task; clock() gives ticks_ms. Sleeps until play() or a note ends."""
        wake = self._wake
        while True:
            await wake.wait()
            wake.clear()
            wait = self.step(clock())
            while wait >= 0:
                try:
                    await asyncio.wait_for(wake.wait(), wait / 1000)
                    wake.clear()  # play() or stop() interrupted the note
                except asyncio.TimeoutError:  # noqa: UP041 - MicroPython has no builtin one
                    pass
                wait = self.step(clock())
