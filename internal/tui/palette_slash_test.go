package tui_test

import (
	"testing"

	"github.com/honecode/hone/internal/tui"
	"github.com/honecode/hone/internal/tui/tuitest"
)

func TestPaletteOffersSlashCommandsForTheEditor(t *testing.T) {
	t.Parallel()
	fake := tuitest.NewFake(tuitest.Turn{tuitest.Text("deploying")})
	h := start(t, fake, tui.Options{SlashCommands: []tui.SlashCommand{
		{Name: "deploy", Description: "Deploy the app", ArgumentHint: "[env]"},
		{Name: "release-checklist", Description: "Walk through the release"},
	}})
	h.WaitFor(t, "DEFAULT")
	h.Type("/")
	h.WaitFor(t, "Commands")
	h.Type("deploy")
	h.WaitFor(t, "/deploy  Deploy the app", "[env]")
	h.Press("enter")
	h.WaitFor(t, "> /deploy")
	h.Type("prod")
	h.Press("enter")
	h.WaitFor(t, "deploying")
	if runs := fake.Runs(); len(runs) != 1 || runs[0].Prompt != "/deploy prod" {
		t.Fatalf("runs = %+v", runs)
	}
}
