from enum import StrEnum


class KeyPrefix(StrEnum):
    SK_LIVE = "sk_live_"
    SK_TEST = "sk_test_"

    def __str__(self) -> str:
        return str(self.value)
