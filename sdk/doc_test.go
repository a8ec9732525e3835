// Package sdk holds the main module's checks of the SDKs in sdk/go, sdk/typescript and sdk/python:
// that their generated code matches the OpenAPI documents (generated_test.go,
// generated_python_test.go), and the signature vectors that every SDK's webhook verifier is tested
// against, made with the backend's own signer (signatures_test.go).
package sdk
