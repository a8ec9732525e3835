from enum import StrEnum


class ExtractedDataCategoriesValueItem(StrEnum):
    A = "A"
    A1 = "A1"
    A2 = "A2"
    AM = "AM"
    B = "B"
    B1 = "B1"
    BE = "BE"
    C = "C"
    C1 = "C1"
    C1E = "C1E"
    CE = "CE"
    D = "D"
    D1 = "D1"
    D1E = "D1E"
    DE = "DE"

    def __str__(self) -> str:
        return str(self.value)
