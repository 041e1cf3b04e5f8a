package shell

import (
	"strings"
	"testing"
)

func TestOutputKeepsHeadAndTail(t *testing.T) {
	t.Parallel()
	o := NewOutput(20)
	for i := 0; i < 100; i++ {
		_, _ = o.Write([]byte("0123456789"[i%10 : i%10+1]))
	}
	got := o.String()
	want := "0123456789\n[… 80 bytes of output omitted …]\n0123456789"
	if got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if o.Total() != 100 {
		t.Errorf("Total = %d", o.Total())
	}
}

func TestOutputSmallIsWhole(t *testing.T) {
	t.Parallel()
	o := NewOutput(100)
	_, _ = o.Write([]byte("hello "))
	_, _ = o.Write([]byte("world"))
	if got := o.String(); got != "hello world" {
		t.Errorf("String() = %q", got)
	}
}

func TestOutputSinceIsIncremental(t *testing.T) {
	t.Parallel()
	o := NewOutput(20)
	_, _ = o.Write([]byte("abc"))
	s, off := o.Since(0)
	if s != "abc" || off != 3 {
		t.Fatalf("Since(0) = %q, %d", s, off)
	}
	_, _ = o.Write([]byte("def"))
	if s, off = o.Since(off); s != "def" || off != 6 {
		t.Fatalf("Since(3) = %q, %d", s, off)
	}
	_, _ = o.Write([]byte(strings.Repeat("x", 50) + "END"))
	s, _ = o.Since(off)
	if !strings.Contains(s, "bytes of output omitted") || !strings.HasSuffix(s, "xEND") {
		t.Errorf("Since after overflow = %q", s)
	}
}

func TestOutputBigWriteAndUTF8Cut(t *testing.T) {
	t.Parallel()
	o := NewOutput(10)
	_, _ = o.Write([]byte(strings.Repeat("é", 20))) // 40 bytes
	got := o.String()
	if strings.ContainsRune(got, '\uFFFD') || !strings.HasPrefix(got, "éé\n") || !strings.HasSuffix(got, "\néé") {
		t.Errorf("String() = %q", got)
	}
}
