# Which physical card (by RFID UID, as a hex string) is which player number, and the tags
# another edition enrolled that are no cards here (kept).
# Records: ("card", card_id, number) binds a card; ("uncard", number) frees a number;
# ("deed_tag", tag id, square): a deed's tag the Banker enrolled (its part binds it: a card
# edition without deeds keeps the record as it is, for a unit switched back to the Banker).


class CardRegistry:
    def __init__(self, capacity: int, auto_enroll: bool = False) -> None:
        self.capacity = capacity
        # auto_enroll (off by default; the banker enrolls cards in a guarded mode): an unknown
        # card takes the lowest free number, like an original whose cards come pre-numbered.
        # When every number is taken, or auto_enroll is off, an unknown card is refused.
        self.auto_enroll = auto_enroll
        self.numbers: dict = {}  # card id -> player number
        # Another edition's tag records, in order (the Banker's deed tags): no card here, but
        # kept by the core (rules.card_records), written in every snapshot, and carried into
        # that edition's next game (app.config.start_game).
        self.kept: list = []

    def number_of(self, card_id: str) -> int | None:
        return self.numbers.get(card_id)

    def card_of(self, number: int) -> str | None:
        for card_id in self.numbers:
            if self.numbers[card_id] == number:
                return card_id
        return None

    def free_number(self) -> int | None:
        taken = self.numbers.values()
        for number in range(1, self.capacity + 1):
            if number not in taken:
                return number
        return None

    def apply(self, record: tuple) -> None:
        if record[0] == "card":
            card_id, number = record[1], record[2]
            if not 1 <= number <= self.capacity:
                raise ValueError("card number out of range")
            old = self.card_of(number)
            if old is not None:
                del self.numbers[old]
            self.numbers[card_id] = number
        elif record[0] == "uncard":
            old = self.card_of(record[1])
            if old is not None:
                del self.numbers[old]
        else:
            raise ValueError("not a card record")
