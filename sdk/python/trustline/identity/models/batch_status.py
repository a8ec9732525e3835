from enum import StrEnum


class BatchStatus(StrEnum):
    COMPLETED = "completed"
    PROCESSING = "processing"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
