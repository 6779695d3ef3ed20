# Persistence: confirmed records on the board's filesystem, written before the screen says done.
