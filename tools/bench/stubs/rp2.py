# The rp2 module for the bench guest (no rp2 port here): the host's PIO assembler and the keypad
# state machine's model (peripherals.rp2_pio), which the guest clocks and brackets as hardware.
from peripherals.rp2_pio import PIO, PIOASMError, StateMachine, asm_pio  # noqa: F401
