from enum import StrEnum


class DocumentType(StrEnum):
    AUTO = "auto"
    DRIVING_LICENCE = "driving_licence"
    ID_CARD = "id_card"
    PASSPORT = "passport"
    RESIDENCE_PERMIT = "residence_permit"
    VISA = "visa"

    def __str__(self) -> str:
        return str(self.value)
