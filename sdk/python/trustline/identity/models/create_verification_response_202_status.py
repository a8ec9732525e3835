from enum import StrEnum


class CreateVerificationResponse202Status(StrEnum):
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
