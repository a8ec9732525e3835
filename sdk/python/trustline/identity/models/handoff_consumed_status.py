from enum import StrEnum


class HandoffConsumedStatus(StrEnum):
    CONSUMED = "consumed"

    def __str__(self) -> str:
        return str(self.value)
