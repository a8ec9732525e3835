from enum import StrEnum


class MRZCorrectionsItemKind(StrEnum):
    ALPHABETIC = "alphabetic"
    CHECKDIGIT = "checkDigit"
    COUNTRY = "country"
    FILLER = "filler"
    NUMERIC = "numeric"

    def __str__(self) -> str:
        return str(self.value)
