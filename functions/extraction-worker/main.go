// Command extraction-worker is the Lambda function reading identity documents from the extraction queue.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.ExtractionWorkerFunction) }
