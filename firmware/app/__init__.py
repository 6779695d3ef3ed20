# The imperative shell: owns the clock, the tasks and the hardware; feeds the pure rules.
