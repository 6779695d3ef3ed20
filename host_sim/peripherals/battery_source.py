# Virtual battery behind a resistor divider: the ADC reading a given battery voltage produces.
# Use as `ADC(pin, source=BatterySource(4000))`; set `mv` to change the voltage, `noise` to wobble.


class BatterySource:
    vref_mv = 3300  # RP2040 ADC full scale

    def __init__(self, mv, divider=3, noise=0):
        self.mv = mv
        self.divider = divider
        self.noise = noise  # counts added and subtracted on alternate reads
        self.reads = 0

    def __call__(self):
        self.reads += 1
        counts = (self.mv * 65535 // self.divider + self.vref_mv // 2) // self.vref_mv
        counts += self.noise if self.reads & 1 else -self.noise
        return max(0, min(65535, counts))
