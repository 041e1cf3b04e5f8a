package tuitest

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/honecode/hone/internal/tui/tuitest/golden"
)

// Driver runs a tea.Model like tea.Program does — messages handled one at
// a time on one goroutine, commands run on their own goroutines — and
// keeps the last rendered view for assertions.
type Driver struct {
	msgs chan tea.Msg
	done chan struct{}
	wg   sync.WaitGroup

	mu     sync.Mutex
	model  tea.Model
	view   tea.View
	quit   bool
	closed bool
	// written collects what the model sent the terminal besides its view:
	// tea.Raw sequences and OSC 52 clipboard writes (as "clipboard:TEXT").
	written []string
}

// NewDriver starts driving m at the given terminal size.
func NewDriver(m tea.Model, width, height int) *Driver {
	d := &Driver{msgs: make(chan tea.Msg, 1024), done: make(chan struct{}), model: m}
	d.wg.Add(1)
	go d.loop()
	d.exec(m.Init())
	d.Send(tea.WindowSizeMsg{Width: width, Height: height})
	return d
}

// Send delivers a message to the model (safe from any goroutine; this is
// what a bridge is given as its send function).
func (d *Driver) Send(msg tea.Msg) {
	select {
	case d.msgs <- msg:
	case <-d.done:
	}
}

func (d *Driver) loop() {
	defer d.wg.Done()
	for {
		select {
		case <-d.done:
			return
		case msg := <-d.msgs:
			d.handle(msg)
		}
	}
}

func (d *Driver) handle(msg tea.Msg) {
	if ch, ok := msg.(syncMsg); ok {
		close(ch)
		return
	}
	if w, ok := terminalWrite(msg); ok {
		d.mu.Lock()
		d.written = append(d.written, w)
		d.mu.Unlock()
		return
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		d.mu.Lock()
		d.quit = true
		d.mu.Unlock()
		return
	}
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			d.exec(c)
		}
		return
	}
	if cmds, ok := sequence(msg); ok {
		for _, c := range cmds {
			d.exec(c)
		}
		return
	}
	model, cmd := d.model.Update(msg)
	v := model.View()
	d.mu.Lock()
	d.model, d.view = model, v
	d.mu.Unlock()
	d.exec(cmd)
}

// terminalWrite reads what a tea.Program would write to the terminal for
// msg: a tea.Raw sequence, or the text of tea.SetClipboard (its message
// type is unexported).
func terminalWrite(msg tea.Msg) (string, bool) {
	if r, ok := msg.(tea.RawMsg); ok {
		return fmt.Sprint(r.Msg), true
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.String && v.Type().Name() == "setClipboardMsg" {
		return "clipboard:" + v.String(), true
	}
	return "", false
}

// Written returns what the model sent the terminal so far besides its
// view (see terminalWrite).
func (d *Driver) Written() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.written...)
}

// sequence unpacks tea.Sequence's unexported message (a slice of Cmd).
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

func (d *Driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.Send(msg)
		}
	}()
}

// Close stops the loop; pending commands are abandoned.
func (d *Driver) Close() {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return
	}
	d.closed = true
	d.mu.Unlock()
	close(d.done)
	d.wg.Wait()
}

// Quit reports whether the model asked to quit.
func (d *Driver) Quit() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.quit
}

// View returns the last rendered view.
func (d *Driver) View() tea.View {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.view
}

// Screen returns the last rendered screen without colors.
func (d *Driver) Screen() string { return golden.Plain(d.View().Content) }

// Press sends key presses named like tea.KeyPressMsg.String():
// "enter", "ctrl+s", "shift+tab", "pgup", "a", … and returns once the
// model has handled them.
func (d *Driver) Press(keys ...string) {
	for _, k := range keys {
		d.Send(Key(k))
	}
	d.Sync()
}

// Type sends each rune of s as a key press and returns once the model has
// handled them.
func (d *Driver) Type(s string) {
	for _, r := range s {
		d.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	d.Sync()
}

// syncMsg marks a point in the message stream.
type syncMsg chan struct{}

// Sync returns once every message sent before it has been handled.
func (d *Driver) Sync() {
	ch := make(syncMsg)
	d.Send(ch)
	select {
	case <-ch:
	case <-d.done:
	}
}

// WaitFor waits until the screen contains every want string, failing the
// test after a few seconds with the last screen.
func (d *Driver) WaitFor(t testing.TB, want ...string) {
	t.Helper()
	d.WaitUntil(t, "screen shows "+strings.Join(want, ", "), func(screen string) bool {
		for _, w := range want {
			if !strings.Contains(screen, w) {
				return false
			}
		}
		return true
	})
}

// WaitUntil waits until cond holds for the screen.
func (d *Driver) WaitUntil(t testing.TB, what string, cond func(screen string) bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if cond(d.Screen()) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("timed out waiting until %s; screen:\n%s", what, d.Screen())
}

// Key builds the key press for a name such as "ctrl+c" or "x".
func Key(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	for {
		switch {
		case strings.HasPrefix(name, "ctrl+"):
			mod |= tea.ModCtrl
			name = name[5:]
			continue
		case strings.HasPrefix(name, "alt+"):
			mod |= tea.ModAlt
			name = name[4:]
			continue
		case strings.HasPrefix(name, "shift+"):
			mod |= tea.ModShift
			name = name[6:]
			continue
		}
		break
	}
	if code, ok := namedKeys()[name]; ok {
		return tea.KeyPressMsg{Code: code, Mod: mod}
	}
	r, _ := utf8.DecodeRuneInString(name)
	if mod == 0 {
		return tea.KeyPressMsg{Code: r, Text: name}
	}
	return tea.KeyPressMsg{Code: r, Mod: mod}
}

func namedKeys() map[string]rune {
	return map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"f1": tea.KeyF1,
	}
}
