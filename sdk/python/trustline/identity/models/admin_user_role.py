from enum import StrEnum


class AdminUserRole(StrEnum):
    ADMIN = "admin"
    PARTNER = "partner"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
