from enum import StrEnum


class ImageQualityStatus(StrEnum):
    GOOD = "good"
    RETAKE = "retake"
    USABLE = "usable"

    def __str__(self) -> str:
        return str(self.value)
