// Command sandbox is the Lambda function serving the sandbox payment checkout (not in production).
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.SandboxFunction) }
