from enum import StrEnum


class ListAllContractRequestsContractStatus(StrEnum):
    ACTIVE = "ACTIVE"
    ISSUANCE_FAILED = "ISSUANCE_FAILED"
    ISSUANCE_IN_PROGRESS = "ISSUANCE_IN_PROGRESS"
    PAYMENT_FAILED = "PAYMENT_FAILED"
    PENDING_PAYMENT = "PENDING_PAYMENT"
    REFUNDED = "REFUNDED"

    def __str__(self) -> str:
        return str(self.value)
