from enum import StrEnum


class GetApiV1PartnersMeWebhookDeliveriesStatus(StrEnum):
    FAILED = "FAILED"
    PENDING = "PENDING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
