package artifact

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriterKeepsEverythingAndIndexesLines(t *testing.T) {
	t.Parallel()
	s := New(t.TempDir(), 0)
	w, err := s.Create("sess-1", "call_1")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	for i := range 300_000 {
		fmt.Fprintf(&want, "line %d\n", i)
	}
	for chunk := range bytes.Lines(want.Bytes()) {
		_, _ = w.Write(chunk)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || res.Size != int64(want.Len()) || res.Lines != 300_000 {
		t.Fatalf("result %+v, want complete %d bytes, 300000 lines", res, want.Len())
	}
	got, _ := os.ReadFile(res.Path)
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatal("artifact content differs from what was written")
	}
	at, off := NearestLine(res.Path, 250_000)
	if at == 0 || at > 250_000 {
		t.Fatalf("NearestLine(250000) = %d, want an indexed line at or before it", at)
	}
	prefix := fmt.Sprintf("line %d\n", at)
	if !bytes.HasPrefix(got[off:], []byte(prefix)) {
		t.Fatalf("offset %d starts with %q, want %q", off, got[off:off+20], prefix)
	}
}

func TestQuotaDropsOldestThenCuts(t *testing.T) {
	t.Parallel()
	s := New(t.TempDir(), 1000)
	write := func(n int) Result {
		w, err := s.Create("s", "x")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(bytes.Repeat([]byte("a"), n))
		res, err := w.Close()
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := write(400)
	second := write(400)
	third := write(400) // needs the first one's room
	if len(third.Dropped) != 1 || third.Dropped[0] != first.Path || !third.Complete {
		t.Fatalf("third = %+v, want complete with %s dropped", third, first.Path)
	}
	if _, err := os.Stat(first.Path); !os.IsNotExist(err) {
		t.Fatalf("oldest artifact still there: %v", err)
	}
	big := write(5000)
	if big.Complete || big.Size != 1000 || big.Total != 5000 {
		t.Fatalf("big = %+v, want cut at the 1000-byte quota", big)
	}
	if len(big.Dropped) != 2 || big.Dropped[0] != second.Path {
		t.Fatalf("big dropped %v, want both older artifacts, oldest first", big.Dropped)
	}
	list, _ := s.List("s")
	if len(list) != 1 || list[0].Path != big.Path {
		t.Fatalf("list = %+v", list)
	}
}

func TestOwnsOnlyTheSessionsOwnFiles(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	s := New(data, 0)
	w, _ := s.Create("mine", "x")
	res, _ := w.Close()
	w2, _ := s.Create("other", "x")
	other, _ := w2.Close()
	_ = os.WriteFile(filepath.Join(data, "hone.db"), []byte("db"), 0o600)
	cases := map[string]bool{
		res.Path: true,
		filepath.Join(filepath.Dir(res.Path), "gone.txt"): true, // dropped by the quota
		other.Path:                     false,
		filepath.Join(data, "hone.db"): false,
		filepath.Dir(res.Path):         false,
		res.Path + indexSuffix:         false,
		filepath.Join(data, "artifacts", "mine", "..", "other", filepath.Base(other.Path)): false,
	}
	for p, want := range cases {
		if got := s.Owns("mine", p); got != want {
			t.Errorf("Owns(mine, %s) = %v, want %v", p, got, want)
		}
	}
	if s.Owns("../other", other.Path) || s.Owns("", res.Path) {
		t.Error("a crafted session id was accepted")
	}
}

func TestOwnsRefusesAPlantedLink(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	secret := t.TempDir()
	_ = os.WriteFile(filepath.Join(secret, "key"), []byte("secret"), 0o600)
	s := New(data, 0)
	_ = os.MkdirAll(filepath.Join(data, "artifacts"), 0o700)
	if err := os.Symlink(secret, filepath.Join(data, "artifacts", "victim")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(secret, "key"), filepath.Join(data, "artifacts", "victim", "key")} {
		if s.Owns("victim", p) {
			t.Errorf("Owns accepted %s through a symbolic link", p)
		}
	}
}

func TestRemoveSession(t *testing.T) {
	t.Parallel()
	s := New(t.TempDir(), 0)
	w, _ := s.Create("gone", "x")
	_, _ = w.Write([]byte(strings.Repeat("x\n", 10)))
	res, _ := w.Close()
	if err := s.RemoveSession("gone"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(res.Path)); !os.IsNotExist(err) {
		t.Fatalf("session directory survived: %v", err)
	}
	if err := s.RemoveSession("never-had-any"); err != nil {
		t.Fatal(err)
	}
}
