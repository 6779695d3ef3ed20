# The Revolution edition: its rules, Transport Zones, the auction timer and the Chance deck.
