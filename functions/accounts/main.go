// Command accounts is the Lambda function serving registration, login, the profile and API keys
// of the identity API.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.AccountsFunction) }
