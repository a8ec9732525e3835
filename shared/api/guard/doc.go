// Package guard puts package access in front of HTTP handlers: it reads a request's credential,
// authenticates it, applies the route's rule, throttles addresses whose credentials keep failing,
// and rate-limits routes by address or by owner. It also reads what else a request presents to
// be allowed something, for every endpoint group alike: the consume tokens of handoff sessions,
// and the payment gateway's signature on the notifications it posts.
package guard
