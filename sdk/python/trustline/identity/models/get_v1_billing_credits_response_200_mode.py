from enum import StrEnum


class GetV1BillingCreditsResponse200Mode(StrEnum):
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
