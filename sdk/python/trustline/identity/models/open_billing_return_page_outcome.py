from enum import StrEnum


class OpenBillingReturnPageOutcome(StrEnum):
    CANCELLED = "cancelled"

    def __str__(self) -> str:
        return str(self.value)
