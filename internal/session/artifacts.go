package session

// ArtifactRemover deletes the saved outputs of a session (the artifact
// store); Delete calls it for every session it removed.
type ArtifactRemover interface {
	RemoveSession(sessionID string) error
}

// SetArtifacts makes Delete remove the artifacts of every deleted session,
// child sessions included. Call it before the service is used.
func (s *Service) SetArtifacts(r ArtifactRemover) { s.artifacts = r }

// removeArtifacts deletes the artifacts of the deleted sessions. The rows
// are gone already, so a failure leaves only unreachable files behind; it
// is reported but does not undo the deletion.
func (s *Service) removeArtifacts(doomed []Session) error {
	if s.artifacts == nil {
		return nil
	}
	var first error
	for _, d := range doomed {
		if err := s.artifacts.RemoveSession(d.ID); err != nil && first == nil {
			first = err
		}
	}
	return first
}
