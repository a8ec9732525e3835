// Command webhook-dispatcher is the Lambda function consuming the webhook delivery queue.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.WebhookDispatcherFunction) }
