from enum import StrEnum


class PaymentWithStatusStatus(StrEnum):
    FAILED = "failed"
    PAID = "paid"
    PAID_AFTER_FAILURE = "paid_after_failure"
    PENDING = "pending"
    REFUNDED = "refunded"

    def __str__(self) -> str:
        return str(self.value)
