// Command handoff is the Lambda function serving mobile handoff sessions and their upload page.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.HandoffFunction) }
