// Command reference is the Lambda function serving the partner API's reference lists.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.ReferenceFunction) }
