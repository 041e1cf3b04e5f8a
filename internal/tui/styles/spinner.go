package styles

// spinnerChars are the frames of the busy spinner, one cell wide each.
const spinnerChars = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

// SpinnerFrames is the number of spinner frames.
const SpinnerFrames = 10

// Spinner returns the spinner glyph for a frame number (any int).
func Spinner(frame int) string {
	i := ((frame % SpinnerFrames) + SpinnerFrames) % SpinnerFrames
	return spinnerChars[i*3 : i*3+3] // each braille glyph is 3 bytes
}
