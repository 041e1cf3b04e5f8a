// Package permission decides whether a tool may act: deny rules, then the
// mode, then allow rules, then session grants, then a person is asked.
// Tools call Ask; front ends subscribe to pending requests and answer them.
package permission
