package accounts

import "golang.org/x/crypto/bcrypt"

// The tests hash passwords at bcrypt's lowest cost: what they check does not depend on it.
func init() { bcryptCost = bcrypt.MinCost }
