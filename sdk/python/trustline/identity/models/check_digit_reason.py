from enum import StrEnum


class CheckDigitReason(StrEnum):
    MISMATCH = "mismatch"
    UNPLACED = "unplaced"

    def __str__(self) -> str:
        return str(self.value)
