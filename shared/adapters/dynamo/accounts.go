package dynamo

import "github.com/trustline/platform/shared/domain/accounts"

// Accounts is the accounts.Store of the repositories of its kinds.
type Accounts struct {
	*UserRepo
	*LedgerRepo
	*KeyRepo
	*PartnerRepo
	*SessionRepo
	*LoginFailureRepo
}

var _ accounts.Store = Accounts{}

// NewAccounts gathers the repositories accounts.Service uses, on db's table.
func NewAccounts(db Store) Accounts {
	return Accounts{
		NewUserRepo(db),
		NewLedgerRepo(db),
		NewKeyRepo(db),
		NewPartnerRepo(db),
		NewSessionRepo(db),
		NewLoginFailureRepo(db),
	}
}
