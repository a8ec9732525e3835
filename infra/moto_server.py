"""moto's server with DynamoDB requests isolated from one another.

DynamoDB applies each write to an item whole, and isolates transactions. moto does neither when
requests run side by side, as its threaded server runs them: an UpdateItem sets its attributes one
after another on the stored item, so a read in between sees some of them (seen as an extraction
read as failed before its error was written), and a failed TransactWriteItems rolls back by
restoring a snapshot of the whole table, losing a write another request made in between (seen as a
credit debit vanishing while its ledger entry stayed). Serving DynamoDB requests one at a time,
answer included, gives the emulator DynamoDB's guarantees; moto's Python holds one core at a time
anyway, so it costs next to nothing. The other services are untouched.
"""

import functools
import threading

from moto import server
from moto.dynamodb.responses import DynamoHandler

_one_at_a_time = threading.RLock()
_call_action = DynamoHandler.call_action


@functools.wraps(_call_action)
def _isolated(self):
    with _one_at_a_time:
        return _call_action(self)


DynamoHandler.call_action = _isolated

if __name__ == "__main__":
    server.main()
