// Package permission decides whether a tool may act: deny rules, then the
// mode, then allow rules, then session grants, then a person is asked.
// Tools call Ask; front ends subscribe to pending requests and answer them
// with Respond, and follow decisions (answers, withdrawals, denials) to
// close dialogs or report denials. Shell commands are judged by parsing
// them (internal/shell), never by matching the raw text. MergeLayers
// combines the global and project config so that a project can only
// tighten permissions.
package permission
