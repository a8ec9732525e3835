from enum import StrEnum


class VerificationCheckGroup(StrEnum):
    AGE = "age"
    DOCUMENT_AUTHENTICITY = "document.authenticity"
    DOCUMENT_COMPARISON = "document.comparison"
    DOCUMENT_CONSISTENCY = "document.consistency"
    DOCUMENT_IMAGE = "document.image"
    DOCUMENT_REUSE = "document.reuse"
    DOCUMENT_VALIDATION = "document.validation"
    FACE_LIVENESS = "face.liveness"
    FACE_MATCH = "face.match"

    def __str__(self) -> str:
        return str(self.value)
