from enum import StrEnum


class AttemptErrorClass(StrEnum):
    BLOCKED = "blocked"
    CONNECTION = "connection"
    DNS = "dns"
    HTTP_STATUS = "http_status"
    INTERRUPTED = "interrupted"
    NO_TARGET = "no_target"
    REFUSED = "refused"
    TIMEOUT = "timeout"
    TLS = "tls"

    def __str__(self) -> str:
        return str(self.value)
