package run

import "github.com/honecode/hone/internal/agent"

// ExitCode is the process exit status of `hone run`; docs/exit-codes.md
// lists them.
type ExitCode int

// Exit codes. 0–2 match the other commands.
const (
	ExitOK ExitCode = 0
	// ExitError: an unexpected failure (store, internal error).
	ExitError ExitCode = 1
	// ExitUsage: bad flags or arguments, unknown session, invalid or
	// missing configuration (no provider).
	ExitUsage ExitCode = 2
	// ExitAuth: the provider rejected the credentials or the account has
	// no credit.
	ExitAuth ExitCode = 3
	// ExitUnavailable: every model candidate failed, or the model's answer
	// passed the output limit.
	ExitUnavailable ExitCode = 4
	// ExitDenied: the task ended because a permission was denied.
	ExitDenied ExitCode = 5
	// ExitLimit: the step limit or the cost limit was reached.
	ExitLimit ExitCode = 6
	// ExitLoop: the model kept repeating the same tool call.
	ExitLoop ExitCode = 7
	// ExitEmptyAnswer: the model ended its turn without any text.
	ExitEmptyAnswer ExitCode = 8
	// ExitBusy: another process runs a turn of the session; the prompt was
	// queued into it.
	ExitBusy ExitCode = 9
	// ExitInterrupted: cancelled by SIGINT/SIGTERM; partial work is saved.
	ExitInterrupted ExitCode = 130
)

// CodeFor maps a turn's exit reason to the exit code.
func CodeFor(r agent.ExitReason) ExitCode {
	switch r {
	case agent.ExitDone:
		return ExitOK
	case agent.ExitAuth:
		return ExitAuth
	case agent.ExitProviderError, agent.ExitOutputTooLarge:
		return ExitUnavailable
	case agent.ExitPermissionDenied, agent.ExitHookStopped:
		return ExitDenied
	case agent.ExitMaxSteps, agent.ExitMaxCost:
		return ExitLimit
	case agent.ExitLoop:
		return ExitLoop
	case agent.ExitEmptyAnswer:
		return ExitEmptyAnswer
	case agent.ExitQueued:
		return ExitBusy
	case agent.ExitCanceled:
		return ExitInterrupted
	}
	return ExitError
}
