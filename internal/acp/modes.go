package acp

import (
	"context"
	"fmt"
	"slices"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/honecode/hone/internal/config"
	"github.com/honecode/hone/internal/permission"
)

// Config option ids of a session.
const (
	optionMode  = "mode"
	optionModel = "model"
)

// modeText names and explains one of Hone's permission modes.
func modeText(id string) (name, desc string) {
	switch id {
	case config.ModePlan:
		return "Plan", "Read-only: Hone reads and plans; writes and commands are refused"
	case config.ModeDefault:
		return "Default", "Ask before writing files, running commands and using the network"
	case config.ModeAcceptEdits:
		return "Accept edits", "Edit files in the project without asking; ask for the rest"
	case config.ModeAuto:
		return "Auto (sandboxed)", "Run commands and edit the project without asking, inside the OS sandbox (no network, no writes outside the project)"
	case config.ModeYolo:
		return "Yolo", "Allow every action that no deny rule refuses"
	}
	return id, "Permission mode " + id
}

// sessionState is what session/new, load and resume report: the modes,
// the models and both as config options.
type sessionState struct {
	modes   *sdk.SessionModeState
	models  *sdk.SessionModelState
	options []sdk.SessionConfigOption
}

// modeIDs are Hone's permission modes, strictest first.
func modeIDs() []string {
	ids := slices.Clone(config.PermissionModes())
	slices.Reverse(ids)
	return ids
}

func (s *acpSession) state(ctx context.Context) sessionState {
	cur := string(s.ws.Perms.Mode())
	st := sessionState{modes: &sdk.SessionModeState{CurrentModeId: sdk.SessionModeId(cur)}}
	var modeOpts sdk.SessionConfigSelectOptionsUngrouped
	for _, id := range modeIDs() {
		name, desc := modeText(id)
		st.modes.AvailableModes = append(st.modes.AvailableModes, sdk.SessionMode{Id: sdk.SessionModeId(id), Name: name, Description: sdk.Ptr(desc)})
		modeOpts = append(modeOpts, sdk.SessionConfigSelectOption{Value: sdk.SessionConfigValueId(id), Name: name, Description: sdk.Ptr(desc)})
	}
	st.options = append(st.options, selectOption(optionMode, "Mode", sdk.SessionConfigOptionCategoryMode, cur, modeOpts))
	choices := s.ws.Models.Choices(ctx)
	if len(choices) == 0 {
		return st
	}
	current := s.ws.Models.Current()
	st.models = &sdk.SessionModelState{CurrentModelId: sdk.ModelId(current)}
	var modelOpts sdk.SessionConfigSelectOptionsUngrouped
	for _, c := range choices {
		st.models.AvailableModels = append(st.models.AvailableModels, sdk.ModelInfo{ModelId: sdk.ModelId(c.Ref), Name: c.Name})
		modelOpts = append(modelOpts, sdk.SessionConfigSelectOption{Value: sdk.SessionConfigValueId(c.Ref), Name: c.Name})
	}
	st.options = append(st.options, selectOption(optionModel, "Model", sdk.SessionConfigOptionCategoryModel, current, modelOpts))
	return st
}

func selectOption(id, name string, cat sdk.SessionConfigOptionCategory, cur string, opts sdk.SessionConfigSelectOptionsUngrouped) sdk.SessionConfigOption {
	return sdk.SessionConfigOption{Select: &sdk.SessionConfigOptionSelect{
		Id: sdk.SessionConfigId(id), Name: name, Category: &cat, Type: "select",
		CurrentValue: sdk.SessionConfigValueId(cur), Options: sdk.SessionConfigSelectOptions{Ungrouped: &opts},
	}}
}

// SetSessionMode switches the session's permission mode.
func (a *Agent) SetSessionMode(ctx context.Context, p sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	s, err := a.session(p.SessionId)
	if err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	if err := s.setMode(ctx, string(p.ModeId), false); err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	return sdk.SetSessionModeResponse{}, nil
}

// SetSessionConfigOption sets the mode or the model.
func (a *Agent) SetSessionConfigOption(ctx context.Context, p sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	v := p.ValueId
	if v == nil {
		return sdk.SetSessionConfigOptionResponse{}, invalidParams("no boolean config options exist")
	}
	s, err := a.session(v.SessionId)
	if err != nil {
		return sdk.SetSessionConfigOptionResponse{}, err
	}
	switch v.ConfigId {
	case optionMode:
		err = s.setMode(ctx, string(v.Value), true)
	case optionModel:
		err = s.setModel(ctx, string(v.Value))
	default:
		err = invalidParams(fmt.Sprintf("unknown config option %q (want mode or model)", v.ConfigId))
	}
	if err != nil {
		return sdk.SetSessionConfigOptionResponse{}, err
	}
	return sdk.SetSessionConfigOptionResponse{ConfigOptions: s.state(ctx).options}, nil
}

// UnstableSetSessionModel picks the model of the session's large role.
func (a *Agent) UnstableSetSessionModel(ctx context.Context, p sdk.UnstableSetSessionModelRequest) (sdk.UnstableSetSessionModelResponse, error) {
	s, err := a.session(p.SessionId)
	if err != nil {
		return sdk.UnstableSetSessionModelResponse{}, err
	}
	return sdk.UnstableSetSessionModelResponse{}, s.setModel(ctx, string(p.ModelId))
}

// setMode changes the mode and tells the client through the other
// channel too (set by option: a mode update; by mode: an option update).
func (s *acpSession) setMode(ctx context.Context, id string, byOption bool) error {
	m, err := permission.ParseMode(id)
	if err != nil {
		return invalidParams(err.Error())
	}
	if err := s.ws.Perms.SetMode(m); err != nil {
		return invalidParams(err.Error())
	}
	if byOption {
		s.update(ctx, sdk.SessionUpdate{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{SessionUpdate: "current_mode_update", CurrentModeId: sdk.SessionModeId(m)}})
	} else {
		s.update(ctx, sdk.SessionUpdate{ConfigOptionUpdate: &sdk.SessionConfigOptionUpdate{SessionUpdate: "config_option_update", ConfigOptions: s.state(ctx).options}})
	}
	return nil
}

func (s *acpSession) setModel(ctx context.Context, ref string) error {
	if err := s.ws.Models.Set(ctx, ref); err != nil {
		return invalidParams(err.Error())
	}
	return nil
}
