from enum import StrEnum


class CreateLivenessCheckResponse200AttackType(StrEnum):
    NONE = "none"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
