from enum import StrEnum


class ImageQualityReasonsItem(StrEnum):
    BLURRED = "blurred"
    CROPPED = "cropped"
    GLARE = "glare"
    TILTED = "tilted"
    TOO_SMALL = "too_small"

    def __str__(self) -> str:
        return str(self.value)
