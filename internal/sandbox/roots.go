package sandbox

import (
	"os"
	"path/filepath"
	"strings"
)

// systemDirs are read (and run) by every sandboxed command.
var systemDirs = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/nix/store",
	"/proc", "/sys", "/dev", "/run/systemd/resolve",
}

// etcFiles are the entries of /etc a toolchain needs: users and groups,
// name resolution, the dynamic linker, time zone and locale, certificates
// and shell start-up files. Everything else in /etc (shadow, ssh host
// keys, sudoers, credentials of package managers) stays unreadable.
var etcFiles = []string{
	"passwd", "group", "hosts", "host.conf", "hostname", "resolv.conf", "nsswitch.conf", "gai.conf",
	"services", "protocols", "networks", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime",
	"timezone", "locale.alias", "locale.conf", "locale.gen", "default/locale", "ssl", "ca-certificates",
	"ca-certificates.conf", "pki", "crypto-policies", "alternatives", "gitconfig", "os-release",
	"lsb-release", "debian_version", "mime.types", "magic", "magic.mime", "inputrc", "bash.bashrc",
	"profile", "profile.d", "terminfo", "shells", "mtab", "machine-id", "vimrc", "nanorc", "papersize",
}

// homeToolchain are the parts of the home directory a toolchain reads:
// installed tools, module and package caches, git's own settings. The rest
// of the home directory (keys, tokens, other projects) stays unreadable.
var homeToolchain = []string{
	"go/pkg/mod", "go/bin", "sdk", ".cargo/bin", ".cargo/registry", ".cargo/git", ".rustup", ".nvm",
	".local/bin", ".local/lib", ".pyenv", ".rbenv", ".sdkman", ".bun/bin", ".deno", ".m2/repository",
	".gradle/caches", ".gradle/wrapper", ".gitconfig", ".config/git/config", ".config/git/ignore",
	".config/git/attributes",
}

// toolchainVars name directories of installed toolchains.
var toolchainVars = []string{
	"GOROOT", "GOMODCACHE", "GOBIN", "CARGO_HOME", "RUSTUP_HOME", "NVM_DIR", "NVM_BIN", "PYENV_ROOT",
	"VIRTUAL_ENV", "CONDA_PREFIX", "JAVA_HOME", "RBENV_ROOT", "SDKMAN_DIR", "DENO_DIR", "BUN_INSTALL",
}

// systemWritable are device files every command may write.
var systemWritable = []string{"/dev/null", "/dev/zero", "/dev/full"}

func systemRoots() []string {
	out := append([]string(nil), systemDirs...)
	for _, f := range etcFiles {
		out = append(out, filepath.Join("/etc", f))
	}
	return out
}

// toolchainRoots returns the directories of env's toolchains and PATH, and
// the toolchain parts of home. It never returns /, the home directory
// itself, the temporary directory or a parent of them.
func toolchainRoots(env []string, home string) []string {
	var out []string
	if home != "" {
		for _, rel := range homeToolchain {
			out = append(out, filepath.Join(home, rel))
		}
	}
	vars := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	for _, name := range toolchainVars {
		out = append(out, vars[name])
	}
	for _, gp := range filepath.SplitList(vars["GOPATH"]) {
		out = append(out, filepath.Join(gp, "pkg", "mod"), filepath.Join(gp, "bin"))
	}
	out = append(out, filepath.SplitList(vars["PATH"])...)
	var kept []string
	for _, p := range out {
		if p != "" && filepath.IsAbs(p) && !tooWide(filepath.Clean(p), home) {
			kept = append(kept, filepath.Clean(p))
		}
	}
	return kept
}

// tooWide reports whether allowing p would expose a whole home directory,
// the temporary directory or the root.
func tooWide(p, home string) bool {
	for _, wide := range []string{home, os.TempDir(), "/tmp", "/var/tmp"} {
		if wide != "" && (p == wide || within(wide, p)) {
			return true
		}
	}
	return p == "/" || p == "/home"
}

// within reports whether p lies below (or is) dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
