from enum import StrEnum


class ListWebhookChangesResponse200DataItemByType(StrEnum):
    KEY = "key"
    LOGIN = "login"

    def __str__(self) -> str:
        return str(self.value)
