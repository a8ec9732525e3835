// Command issuance-worker is the Lambda function issuing paid contracts from the issuance queue.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.IssuanceWorkerFunction) }
