// Command extraction is the Lambda function serving identity-document intake and extraction status.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.ExtractionFunction) }
