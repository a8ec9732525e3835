from enum import StrEnum


class HandoffStartedStatus(StrEnum):
    UPLOADING = "uploading"

    def __str__(self) -> str:
        return str(self.value)
