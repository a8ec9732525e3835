from enum import StrEnum


class ContractStatusHistoryItemStep(StrEnum):
    ISSUANCE_FAILED = "issuance_failed"
    ISSUANCE_REPLAYED = "issuance_replayed"
    ISSUED = "issued"
    PAID = "paid"
    PAID_AFTER_FAILURE = "paid_after_failure"
    PAYMENT_EXPIRED = "payment_expired"
    PAYMENT_FAILED = "payment_failed"
    REFUNDED = "refunded"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
