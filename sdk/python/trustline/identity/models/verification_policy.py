from enum import StrEnum


class VerificationPolicy(StrEnum):
    LENIENT = "lenient"
    STANDARD = "standard"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
