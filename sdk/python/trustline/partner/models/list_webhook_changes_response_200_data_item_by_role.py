from enum import StrEnum


class ListWebhookChangesResponse200DataItemByRole(StrEnum):
    ADMIN = "admin"
    PARTNER = "partner"

    def __str__(self) -> str:
        return str(self.value)
