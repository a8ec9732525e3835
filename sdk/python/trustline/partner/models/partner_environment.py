from enum import StrEnum


class PartnerEnvironment(StrEnum):
    LOCAL = "local"
    PRODUCTION = "production"
    SANDBOX = "sandbox"

    def __str__(self) -> str:
        return str(self.value)
