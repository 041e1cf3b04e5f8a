package fsguard

import (
	"path/filepath"
	"testing"
)

func BenchmarkResolve(b *testing.B) {
	root, _ := project(b)
	for _, path := range []string{"sub/file.go", "link-in/file.go", "new/dir/file.txt", "link-out/secret"} {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				if _, err := Resolve(root, path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkWriteFile(b *testing.B) {
	root, _ := project(b)
	target := filepath.Join(root, "sub", "bench.txt")
	data := make([]byte, 4096)
	for b.Loop() {
		if err := WriteFile(target, data, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
