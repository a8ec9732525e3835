from enum import StrEnum


class HandoffFileType(StrEnum):
    APPLICATIONPDF = "application/pdf"
    IMAGEHEIC = "image/heic"
    IMAGEJPEG = "image/jpeg"
    IMAGEPNG = "image/png"
    IMAGEWEBP = "image/webp"

    def __str__(self) -> str:
        return str(self.value)
