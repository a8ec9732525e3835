from enum import StrEnum


class FieldSource(StrEnum):
    BOTH = "both"
    MRZ = "mrz"
    VISUAL = "visual"

    def __str__(self) -> str:
        return str(self.value)
