from enum import StrEnum


class HandoffUploadMethod(StrEnum):
    POST = "POST"

    def __str__(self) -> str:
        return str(self.value)
