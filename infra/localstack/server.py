"""LocalStack's runtime with SQS's delays and visibility timeouts kept to the tenth of a second,
and S3's objects in the run's own directory.

LocalStack moves delayed messages, and in-flight ones whose visibility timeout has expired, back
into their queue with one worker that sweeps every queue once a second, so a message sent with
DelaySeconds=1 is received up to a second late. On AWS it is received on time, and the webhook
dispatcher's retry schedule (1 s, then 2 s, ...) relies on it
(TestWebhookRetriesKeepTheirScheduleBesideAHangingReceiver). This sweeps every 0.1 s instead.

LocalStack keeps S3 objects in /tmp/localstack-s3-storage, whatever its FILESYSTEM_ROOT: two
LocalStacks on one machine (a make run and a test run) would share it, and it outlives them. Here
it is under the run's own root, which the runner removes when LocalStack stops.

Nothing else of LocalStack changes.
"""

import os

from localstack import config
from localstack.runtime import main
from localstack.services.s3 import provider as s3_provider
from localstack.services.sqs import provider

SWEEP_SECONDS = 0.1


def _start(self):
    with self.mutex:
        if self.thread:
            return
        self.scheduler = provider.Scheduler()
        self.scheduler.schedule(self.do_update_all_queues, period=SWEEP_SECONDS)
        self.thread = provider.start_thread(lambda *_: self.scheduler.run(), name="sqs-queue-update-worker")


provider.QueueUpdateWorker.start = _start
s3_provider.DEFAULT_S3_TMP_DIR = os.path.join(config.dirs.tmp, "s3-storage")

if __name__ == "__main__":
    main.main()
