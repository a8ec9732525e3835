from enum import StrEnum


class PostV1AuthPasswordResetRequestResponse202Status(StrEnum):
    ACCEPTED = "accepted"

    def __str__(self) -> str:
        return str(self.value)
