// Package sandbox confines the commands Hone runs on its own authority.
//
// A Policy names what a command may touch: directories it may read (the
// project, system and toolchain directories), directories it may write
// (none for a read-only command; the project for an allowed one), paths
// inside those that stay read-only (.git, Hone's config and instruction
// files), whether it may use the network, and its private temporary
// directory. Environ builds its environment from an allowlist of variable
// names.
//
// On Linux a policy is enforced on one OS thread just before that thread
// forks the command (see Setup): a private mount namespace with the
// read-only paths bind-mounted read-only and /proc remounted so that only
// the sandbox's own processes are visible, a network namespace with only a
// loopback interface, no capabilities, no_new_privs, and a Landlock domain
// that allows reads and writes only below the policy's roots, denies TCP,
// and (ABI 6+) keeps signals and abstract sockets inside the sandbox. The
// thread is thrown away afterwards, so Hone itself stays unconfined.
// Namespaces need CAP_SYS_ADMIN; without it the network falls back to
// Landlock's TCP rules and protected paths and the process view are not
// enforced. Detect reports what this machine enforces.
package sandbox
