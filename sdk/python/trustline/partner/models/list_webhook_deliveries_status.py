from enum import StrEnum


class ListWebhookDeliveriesStatus(StrEnum):
    FAILED = "FAILED"
    PENDING = "PENDING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
