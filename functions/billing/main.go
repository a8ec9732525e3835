// Command billing is the Lambda function serving invoices, invoice notifications and plan changes.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.BillingFunction) }
