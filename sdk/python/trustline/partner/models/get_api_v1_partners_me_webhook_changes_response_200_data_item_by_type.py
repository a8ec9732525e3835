from enum import StrEnum


class GetApiV1PartnersMeWebhookChangesResponse200DataItemByType(StrEnum):
    KEY = "key"
    LOGIN = "login"

    def __str__(self) -> str:
        return str(self.value)
