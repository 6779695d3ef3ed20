"""The piezo's recorded PWM writes as a WAV file: a square wave at each written frequency."""

import wave

RATE = 22050  # samples per second: enough for the piezo's tones (all under 5 kHz)
FULL_DUTY = 32768  # duty_u16 of a 50 % square wave, the loudest a piezo gets


def tones_to_wav(tones: list, path: str) -> int:
    """tones: [(freq_hz, duty_u16, ms), ...] (rests as freq 0). Returns the samples written."""
    frames = bytearray()
    phase = 0.0
    for freq, duty, ms in tones:
        count = RATE * ms // 1000
        if freq <= 0 or duty <= 0:
            frames.extend(b"\x00\x00" * count)
            continue
        # A piezo's loudness follows the duty cycle (the fundamental's amplitude); render it as
        # a 50 % square wave scaled by duty / 50 %, which is what a listener hears.
        amplitude = int(12000 * min(duty, FULL_DUTY) / FULL_DUTY)
        step = freq / RATE
        for _ in range(count):
            sample = amplitude if phase < 0.5 else -amplitude
            frames.extend(sample.to_bytes(2, "little", signed=True))
            phase = (phase + step) % 1.0
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return len(frames) // 2
