from enum import StrEnum


class LivenessCheckAttackType(StrEnum):
    NONE = "none"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
