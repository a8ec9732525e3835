// Command contracts is the Lambda function serving creation and status read of contract requests.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.ContractsFunction) }
