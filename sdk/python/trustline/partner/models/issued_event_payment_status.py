from enum import StrEnum


class IssuedEventPaymentStatus(StrEnum):
    COMPLETED = "COMPLETED"

    def __str__(self) -> str:
        return str(self.value)
