from enum import StrEnum


class IssuanceFailedEventDataIssuanceStatus(StrEnum):
    FAILED = "FAILED"

    def __str__(self) -> str:
        return str(self.value)
