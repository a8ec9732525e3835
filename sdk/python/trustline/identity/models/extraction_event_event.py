from enum import StrEnum


class ExtractionEventEvent(StrEnum):
    EXTRACTION_COMPLETED = "extraction.completed"
    EXTRACTION_FAILED = "extraction.failed"

    def __str__(self) -> str:
        return str(self.value)
