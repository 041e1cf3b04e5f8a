package history_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/honecode/hone/internal/history"
)

func TestVersionsAndRestoreOneFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	twoTurns(t, f)
	vs, err := f.svc.Versions(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		got = append(got, v.Path[len(f.dir)+1:]+":"+string(v.Content))
	}
	want := []string{"new.txt:", "new.txt:brand new\n", "keep.txt:original\n", "keep.txt:turn one\n",
		"keep.txt:turn two\n", "other.txt:other original\n", "other.txt:other turn two\n"}
	if len(got) != len(want) {
		t.Fatalf("versions = %q\nwant %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("versions = %q\nwant %q", got, want)
		}
	}
	if !vs[0].Absent || vs[1].Absent {
		t.Errorf("new.txt's first version is not marked absent: %+v", vs[:2])
	}
	// keep.txt back to turn one; other.txt stays as turn two left it.
	if _, err := f.svc.RestoreVersion(ctx, "s1", f.path("keep.txt"), vs[3].Version); err != nil {
		t.Fatal(err)
	}
	if got := f.read(t, "keep.txt"); got != "turn one\n" {
		t.Errorf("keep.txt = %q", got)
	}
	if got := f.read(t, "other.txt"); got != "other turn two\n" {
		t.Errorf("other.txt = %q, want it untouched", got)
	}
	deleted, err := f.svc.RestoreVersion(ctx, "s1", f.path("new.txt"), vs[0].Version)
	if err != nil || !deleted {
		t.Fatalf("restore new.txt to absent = %v %v", deleted, err)
	}
	if _, err := os.Stat(f.path("new.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("new.txt still exists: %v", err)
	}
	if _, err := f.svc.RestoreVersion(ctx, "s1", f.path("keep.txt"), 99); !errors.Is(err, history.ErrNoSuchVersion) {
		t.Errorf("unknown version = %v", err)
	}
}
