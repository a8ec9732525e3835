// Package httpapi provides the handler plumbing shared by every HTTP function: routing with 404
// and 405 problems, request ids, panic recovery, JSON bodies, and the one map from fault kinds to
// RFC 9457 problem responses.
package httpapi
