from enum import StrEnum


class VerificationDecision(StrEnum):
    APPROVED = "approved"
    DECLINED = "declined"
    RESUBMIT = "resubmit"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
