from enum import StrEnum


class HandoffState(StrEnum):
    CONSUMED = "consumed"
    CREATED = "created"
    EXPIRED = "expired"
    READY = "ready"
    UPLOADING = "uploading"

    def __str__(self) -> str:
        return str(self.value)
