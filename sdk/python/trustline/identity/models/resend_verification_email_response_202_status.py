from enum import StrEnum


class ResendVerificationEmailResponse202Status(StrEnum):
    ACCEPTED = "accepted"

    def __str__(self) -> str:
        return str(self.value)
