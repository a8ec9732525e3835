from enum import StrEnum


class ReceiveBillingNotificationBodyType(StrEnum):
    PAYMENT_CANCELLED = "payment.cancelled"
    PAYMENT_FAILED = "payment.failed"
    PAYMENT_SUCCEEDED = "payment.succeeded"

    def __str__(self) -> str:
        return str(self.value)
