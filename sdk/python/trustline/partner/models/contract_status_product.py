from enum import StrEnum


class ContractStatusProduct(StrEnum):
    AUTO = "auto"
    VOYAGE = "voyage"

    def __str__(self) -> str:
        return str(self.value)
