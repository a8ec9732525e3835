from enum import StrEnum


class ListInvoicesStatus(StrEnum):
    FAILED = "failed"
    PAID = "paid"
    PENDING = "pending"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
