from enum import StrEnum


class ExtractAcceptedStatus(StrEnum):
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
