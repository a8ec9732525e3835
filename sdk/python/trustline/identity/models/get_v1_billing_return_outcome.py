from enum import StrEnum


class GetV1BillingReturnOutcome(StrEnum):
    CANCELLED = "cancelled"

    def __str__(self) -> str:
        return str(self.value)
