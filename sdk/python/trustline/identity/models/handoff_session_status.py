from enum import StrEnum


class HandoffSessionStatus(StrEnum):
    CREATED = "created"

    def __str__(self) -> str:
        return str(self.value)
