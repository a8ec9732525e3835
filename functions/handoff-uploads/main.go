// Command handoff-uploads is the Lambda function marking handoff sessions ready from S3 events.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.HandoffUploadsFunction) }
