from enum import StrEnum


class GetApiV1PartnerContractsRequestsProduct(StrEnum):
    AUTO = "auto"
    VOYAGE = "voyage"

    def __str__(self) -> str:
        return str(self.value)
