// Command partners is the Lambda function serving partner accounts and keys of the partner API.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.PartnersFunction) }
