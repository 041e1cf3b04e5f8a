package permission

// DecidedBy says what settled a request.
type DecidedBy string

// Deciders.
const (
	// ByPerson: a person answered in a front end.
	ByPerson DecidedBy = "person"
	// ByRule: a deny rule refused the request.
	ByRule DecidedBy = "rule"
	// ByMode: the mode refused the request (plan mode).
	ByMode DecidedBy = "mode"
	// ByNonInteractive: nothing allowed the request and no one can be
	// asked (hone run, or no front end listening).
	ByNonInteractive DecidedBy = "non_interactive"
	// ByCancel: the request was withdrawn before anyone answered (the
	// tool call was cancelled); Answer is Deny.
	ByCancel DecidedBy = "cancel"
)

// Decision reports how a request was settled. The service publishes one
// for every denial and for every request a person was asked about
// (answered or withdrawn); requests allowed by the mode, a rule or a
// session grant are not reported.
type Decision struct {
	Request Request
	Answer  Answer
	By      DecidedBy
	// Reason explains a denial by rule, mode or non-interactive run.
	Reason string
	// Feedback is the person's message with a denial.
	Feedback string
}
