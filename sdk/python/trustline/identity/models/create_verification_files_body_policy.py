from enum import StrEnum


class CreateVerificationFilesBodyPolicy(StrEnum):
    LENIENT = "lenient"
    STANDARD = "standard"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
