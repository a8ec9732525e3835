from enum import StrEnum


class IssuanceFailedEventEvent(StrEnum):
    INSURANCE_CONTRACT_ISSUANCE_FAILED = "insurance.contract.issuance_failed"

    def __str__(self) -> str:
        return str(self.value)
