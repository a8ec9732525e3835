// Package iamcheck checks each AWS call a function makes against the IAM statements its role has
// in the template, as AWS would, so that a policy missing a permission fails on the local stack
// rather than after sam deploy.
package iamcheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// Request is one authorization question: an action on a resource, with the request's condition
// keys (dynamodb:LeadingKeys, s3:prefix). A key that the request does not carry is absent from
// Context.
type Request struct {
	Action   string
	Resource string
	Context  map[string][]string
}

// Policy is a role's statements, checked once for what this evaluator understands.
type Policy struct {
	statements []samtemplate.Statement
}

// operators are the condition operators evaluated here; a policy using another is refused, since
// guessing its meaning could pass locally what AWS denies.
var operators = []string{"StringEquals", "StringNotEquals", "StringLike", "StringNotLike", "Null"}

// NewPolicy checks that every condition operator of the statements is one this package evaluates.
func NewPolicy(statements []samtemplate.Statement) (*Policy, error) {
	for _, st := range statements {
		for op := range st.Condition {
			set, base := splitOperator(op)
			base = strings.TrimSuffix(base, "IfExists")
			if !slices.Contains(operators, base) || (set != "" && base == "Null") {
				return nil, fmt.Errorf("iamcheck: condition operator %s is not evaluated locally", op)
			}
		}
	}
	return &Policy{statements: slices.Clone(statements)}, nil
}

// Decision is the outcome of one request: allowed by a statement and denied by none.
type Decision struct {
	Allowed bool
	// Explicit is set when a Deny statement matched (which no Allow overrides).
	Explicit bool
}

// Decide evaluates r as IAM does for identity-based policies within one account: an explicit Deny
// wins, else an Allow is needed, else the request is implicitly denied.
func (p *Policy) Decide(r Request) Decision {
	allowed := false
	for _, st := range p.statements {
		if !matches(st, r) {
			continue
		}
		if st.Effect == "Deny" {
			return Decision{Explicit: true}
		}
		allowed = true
	}
	return Decision{Allowed: allowed}
}

// Allows reports whether r is allowed.
func (p *Policy) Allows(r Request) bool { return p.Decide(r).Allowed }

func matches(st samtemplate.Statement, r Request) bool {
	if !slices.ContainsFunc(
		st.Action,
		func(a string) bool { return glob(strings.ToLower(a), strings.ToLower(r.Action)) },
	) {
		return false
	}
	if !slices.ContainsFunc(st.Resource, func(res string) bool { return glob(res, r.Resource) }) {
		return false
	}
	// Operators AND together, and so do the keys of one operator; the values of one key OR.
	for op, keys := range st.Condition {
		for key, values := range keys {
			if !condition(op, r.Context[key], values) {
				return false
			}
		}
	}
	return true
}

func splitOperator(op string) (set, base string) {
	if s, b, ok := strings.Cut(op, ":"); ok {
		return s, b
	}
	return "", op
}

// condition evaluates one operator on one key: the request's values of the key (nil when absent)
// against the policy's.
func condition(op string, request, policy []string) bool {
	set, base := splitOperator(op)
	ifExists := strings.HasSuffix(base, "IfExists")
	base = strings.TrimSuffix(base, "IfExists")
	if base == "Null" {
		// "true": the key must be absent; "false": present.
		return slices.Contains(policy, fmt.Sprint(len(request) == 0))
	}
	negated := strings.Contains(base, "Not")
	one := func(v string) bool {
		hit := slices.ContainsFunc(policy, func(p string) bool {
			if strings.HasSuffix(base, "Like") {
				return glob(p, v)
			}
			return p == v
		})
		return hit != negated
	}
	switch set {
	case "ForAllValues":
		// True when every value matches: also, as AWS documents, when the key is absent.
		return !slices.ContainsFunc(request, func(v string) bool { return !one(v) })
	case "ForAnyValue":
		return slices.ContainsFunc(request, one)
	}
	if len(request) == 0 {
		// An absent key matches no value: a positive operator fails, a negated one holds.
		return ifExists || negated
	}
	return one(request[0])
}

// glob matches IAM's wildcards: * any run of characters (slashes and colons included), ? one.
func glob(pattern, s string) bool {
	for len(pattern) > 0 {
		switch pattern[0] {
		case '*':
			for pattern != "" && pattern[0] == '*' {
				pattern = pattern[1:]
			}
			if pattern == "" {
				return true
			}
			for i := 0; i <= len(s); i++ {
				if glob(pattern, s[i:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
			pattern, s = pattern[1:], s[1:]
		default:
			if s == "" || s[0] != pattern[0] {
				return false
			}
			pattern, s = pattern[1:], s[1:]
		}
	}
	return s == ""
}
