// Command maintenance is the Lambda function run by the EventBridge schedule.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.MaintenanceFunction) }
