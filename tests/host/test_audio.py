"""The piezo recording exported as WAV: the right length, the right pitch, silence as silence."""

import wave

from host_sim import VirtualUnit
from host_sim.audio import RATE, tones_to_wav


def zero_crossings(samples: bytes) -> int:
    values = [
        int.from_bytes(samples[i : i + 2], "little", signed=True)
        for i in range(0, len(samples), 2)
    ]
    return sum(1 for a, b in zip(values, values[1:], strict=False) if (a < 0) != (b < 0))


def test_a_tone_has_its_pitch_and_length(tmp_path) -> None:
    path = str(tmp_path / "a.wav")
    written = tones_to_wav([(1000, 32768, 500), (0, 0, 250)], path)
    assert written == RATE * 750 // 1000
    with wave.open(path) as clip:
        assert clip.getframerate() == RATE and clip.getnchannels() == 1
        tone = clip.readframes(RATE // 2)
        rest = clip.readframes(RATE // 4)
    assert 990 <= zero_crossings(tone) <= 1010  # 1 kHz: two crossings a cycle, 0.5 s
    assert set(rest) == {0}


def test_the_unit_exports_what_it_played(tmp_path) -> None:
    with VirtualUnit() as unit:
        unit.insert(card=1, slot="green")
        unit.type("1M")
        seconds = unit.export_wav(str(tmp_path / "game.wav"))
        assert abs(seconds - unit.clock.ms() / 1000) < 0.05
        with wave.open(str(tmp_path / "game.wav")) as clip:
            audio = clip.readframes(clip.getnframes())
        assert any(audio)  # the card-in and credit sounds are there
