from enum import StrEnum


class ExtractedDataSexValue(StrEnum):
    F = "F"
    M = "M"
    VALUE_3 = ""
    X = "X"

    def __str__(self) -> str:
        return str(self.value)
