from enum import StrEnum


class ListContractRequestsProduct(StrEnum):
    AUTO = "auto"
    VOYAGE = "voyage"

    def __str__(self) -> str:
        return str(self.value)
