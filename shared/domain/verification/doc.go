// Package verification runs the checks of a KYC verification and turns them into its decision by
// one table: Run takes what the pipelines found (an extraction's result, the document file, the
// page's words, the liveness and face match results, the reuse lookup) and what the partner knows
// of the applicant, and returns every check with its evidence; Decide reads the checks against
// the table (Table) under a named policy and gives approved, review, resubmit or declined with
// the reasons of the rows that fired. Run knows nothing of the decision and Decide nothing of
// how a check is made, so the table is the whole of the rules (docs/verifications.md renders it,
// and a test keeps the two equal).
//
// The package is pure: no storage, no HTTP, no clock but Input.Now. The reuse lookup is the
// caller's (ReuseKey gives the keyed hash it is made by).
package verification
