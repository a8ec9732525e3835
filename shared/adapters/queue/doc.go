// Package queue is the SQS adapter: sending messages (delays beyond SQS's 15-minute limit
// included), the batch adapter that turns a per-message handler into a Lambda SQS handler reporting
// batch item failures, and the poller that emulates an event source mapping locally.
package queue
