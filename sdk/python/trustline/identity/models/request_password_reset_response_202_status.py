from enum import StrEnum


class RequestPasswordResetResponse202Status(StrEnum):
    ACCEPTED = "accepted"

    def __str__(self) -> str:
        return str(self.value)
