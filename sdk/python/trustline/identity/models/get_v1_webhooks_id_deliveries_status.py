from enum import StrEnum


class GetV1WebhooksIdDeliveriesStatus(StrEnum):
    FAILED = "FAILED"
    PENDING = "PENDING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
