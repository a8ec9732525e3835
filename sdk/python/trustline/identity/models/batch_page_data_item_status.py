from enum import StrEnum


class BatchPageDataItemStatus(StrEnum):
    COMPLETED = "completed"
    PROCESSING = "processing"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
