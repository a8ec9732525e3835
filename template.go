// Package platform holds the SAM template, embedded so that every reader of routes and resources
// (the local runner, the fallback route, the tests) reads the one file that sam deploy reads.
package platform

import _ "embed"

// Template is the text of template.yaml.
//
//go:embed template.yaml
var Template []byte
