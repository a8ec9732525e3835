from enum import StrEnum


class GetV1BillingCreditsResponse200DataItemReason(StrEnum):
    BATCH = "batch"
    EXTRACTION = "extraction"
    GRANT = "grant"
    INVOICE = "invoice"
    REFUND = "refund"

    def __str__(self) -> str:
        return str(self.value)
