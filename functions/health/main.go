// Command health is the Lambda function serving GET /v1/health, GET /api/v1/health and the
// problem answer of every undeclared route.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.HealthFunction) }
