# Board files: each builds every Pin/I2C/SPI/PWM/ADC of one board and names its keypad layouts.
