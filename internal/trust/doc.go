// Package trust decides what a project's own configuration may do before
// the user trusts the project, and remembers that decision.
//
// A repository is not trusted just because Hone was started in it. Its
// config file is split in two (Fields is the table): safe parts apply at
// once (stricter permissions, a model choice among the user's providers,
// options that only shape the output), while parts that run a program or
// send data somewhere (MCP and language servers, provider definitions,
// shell_env_allow, context paths outside the project, and every field the
// table does not name) apply only once the user has trusted the project.
//
// The Store keeps those answers in the data directory, keyed by the
// project's real path, its config file and a Hash of exactly the parts that
// would run or be sent: a changed part is a new question. Nothing in a
// repository can write the store, and --yolo does not imply trust.
// Features that read more from a project later (hooks, skills, custom
// commands and agents) ask the same Decision.
package trust
