# Turns a fake PWM's log of (time, freq, duty) writes into what a listener hears: tones and rests.


def tones(log, end_ms=None):
    """[(freq_hz, duty, ms), ...]: each stretch of constant sound, rests as (0, 0, ms).

    A stretch lasts until the next write that changes the sound; the last one until end_ms
    (dropped when end_ms is None). Zero-length stretches (two writes at once) are skipped."""
    heard = []
    start = None
    freq = 0
    duty = 0
    for t, new_freq, new_duty in log:
        sound = (new_freq, new_duty) if new_duty else (0, 0)
        if start is not None and sound == (freq, duty):
            continue
        if start is not None and t > start:
            _append(heard, freq, duty, t - start)
        start = t
        freq, duty = sound
    if start is not None and end_ms is not None and end_ms > start:
        _append(heard, freq, duty, end_ms - start)
    return heard


def _append(heard, freq, duty, ms):
    if heard and heard[-1][0] == freq and heard[-1][1] == duty:
        heard[-1] = (freq, duty, heard[-1][2] + ms)
    else:
        heard.append((freq, duty, ms))


def audible(log):
    """True if any write left the piezo sounding (non-zero duty)."""
    return any(duty for _, _, duty in log)
