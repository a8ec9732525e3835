// Package samtemplate reads the SAM template: its functions with their HTTP, queue and schedule
// events, its tables, buckets and queues, and CloudFormation intrinsics resolved against a stack's
// parameters and physical resources. The local runner and the tests read the one template through it.
package samtemplate
