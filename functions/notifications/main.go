// Command notifications is the Lambda function receiving the payment gateway's notifications.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.NotificationsFunction) }
