// Command liveness is the Lambda function judging selfies; package onnx runs its models in pure Go.
package main

import "github.com/trustline/platform/shared/wiring/app"

func main() { app.Main(app.LivenessFunction) }
