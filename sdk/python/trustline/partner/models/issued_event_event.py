from enum import StrEnum


class IssuedEventEvent(StrEnum):
    INSURANCE_CONTRACT_ISSUED = "insurance.contract.issued"

    def __str__(self) -> str:
        return str(self.value)
