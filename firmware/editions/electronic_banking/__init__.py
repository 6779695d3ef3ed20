# The Electronic Banking edition (Here & Now rulebook).
