"""moto's server with DynamoDB writes serialized.

moto's TransactWriteItems rolls a failed transaction back by restoring a snapshot of the whole
table taken before it started, so a write that another request made in between is lost (seen as a
credit debit vanishing while its ledger entry stayed). DynamoDB isolates transactions; serializing
moto's DynamoDB writes with one lock gives the emulator the same guarantee. Reads are untouched.
"""

import functools
import threading

from moto import server
from moto.dynamodb.models import DynamoDBBackend

_writes = threading.RLock()


def _serialized(method):
    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        with _writes:
            return method(*args, **kwargs)

    return wrapper


for _name in ("put_item", "update_item", "delete_item", "transact_write_items", "batch_write_item"):
    setattr(DynamoDBBackend, _name, _serialized(getattr(DynamoDBBackend, _name)))

if __name__ == "__main__":
    server.main()
