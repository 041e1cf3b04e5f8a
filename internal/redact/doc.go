// Package redact removes secret values — API keys, tokens, header and
// environment values Hone was configured with — from text before it
// reaches a log line, an error message shown to a person, or a trace.
//
// One Redactor per process holds the secrets (the app adds them as it
// loads configuration) and its String method is the one redaction
// function: the logger's handler (Handler) and provider errors
// (llm.RedactErrors given String) both go through it. Values shorter than MinLen are not treated as secrets, since they
// would blank ordinary words.
package redact
