from enum import StrEnum


class ListCreditEntriesResponse200DataItemReason(StrEnum):
    BATCH = "batch"
    EXTRACTION = "extraction"
    GRANT = "grant"
    INVOICE = "invoice"
    REFUND = "refund"

    def __str__(self) -> str:
        return str(self.value)
