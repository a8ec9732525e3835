from enum import StrEnum


class IssuedEventDataStatus(StrEnum):
    ACTIVE = "ACTIVE"

    def __str__(self) -> str:
        return str(self.value)
