from enum import StrEnum


class MRZFormat(StrEnum):
    FRA_ID = "FRA_ID"
    MRVA = "MRVA"
    MRVB = "MRVB"
    TD1 = "TD1"
    TD2 = "TD2"
    TD3 = "TD3"

    def __str__(self) -> str:
        return str(self.value)
