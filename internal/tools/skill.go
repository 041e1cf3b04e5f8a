package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/honecode/hone/internal/extend"
)

//go:embed skill.md
var skillDescription string

type skillParams struct {
	Name string `json:"name" jsonschema_description:"The name of the skill to load, exactly as listed under Skills in the system prompt."`
}

type skillTool struct {
	skills []extend.Skill
	schema json.RawMessage
}

func init() {
	register(func(env *Env) Tool {
		if len(env.Skills) == 0 {
			return nil // nothing to load: the tool is not offered
		}
		return &skillTool{skills: env.Skills, schema: SchemaFor[skillParams]()}
	})
}

// Info describes skill: reading a skill's instructions only reads.
func (t *skillTool) Info() Info {
	return Info{Name: "skill", Description: skillDescription, Schema: t.schema, Policy: PolicyReadOnly}
}

// Run returns the skill's instructions, its folder and its other files.
func (t *skillTool) Run(_ context.Context, call Call) (Result, error) {
	p, err := decodeArgs[skillParams](call)
	if err != nil {
		return Result{}, err
	}
	name := strings.TrimPrefix(strings.TrimSpace(p.Name), "/")
	for _, k := range t.skills {
		if k.Name == name {
			text := extend.SkillText(k)
			return Result{Content: text, Display: Display{Kind: DisplayText, Title: "skill " + k.Name, Body: k.Description}}, nil
		}
	}
	names := make([]string, len(t.skills))
	for i, k := range t.skills {
		names[i] = k.Name
	}
	return ErrorResult(fmt.Sprintf("no skill named %q. Available skills: %s.", name, strings.Join(names, ", "))), nil
}
