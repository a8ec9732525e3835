from enum import StrEnum


class TestUsageMode(StrEnum):
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
