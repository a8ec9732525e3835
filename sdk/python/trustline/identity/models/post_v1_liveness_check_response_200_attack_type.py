from enum import StrEnum


class PostV1LivenessCheckResponse200AttackType(StrEnum):
    NONE = "none"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
