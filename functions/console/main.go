// Command console is the Lambda function serving the web console at /console/.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.ConsoleFunction) }
