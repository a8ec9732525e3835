from enum import StrEnum


class IssuanceFailedEventPaymentStatus(StrEnum):
    COMPLETED = "COMPLETED"

    def __str__(self) -> str:
        return str(self.value)
