from enum import StrEnum


class ListCreditEntriesResponse200Mode(StrEnum):
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
