# The editions, one package each: its rules, its modes, its data and its own screens.
