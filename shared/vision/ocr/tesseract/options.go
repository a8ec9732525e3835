package tesseract

// Option configures New.
type Option func(*config)

type config struct {
	clients    int
	textHeight int
}

// defaultTextHeight is the character height, in pixels, that MRZ bands are scaled up to before
// recognition. Measured on the generated documents shrunk to a half and a third of their
// resolution (characters 13 and 9 pixels high), scaling to 28, 36 or 48 pixels reads 25 or 26 of
// 26 lines where not scaling reads 25 and 23; at full resolution (26 pixels) it changes nothing.
// 30 is at the cheap end of what works.
const defaultTextHeight = 30

// WithClients bounds the recognitions that run at once, each on its own Tesseract instance
// (about 30 MB with this model); the default is 1, one recognition at a time, which suits a
// Lambda function and lets Tesseract use the cores itself.
func WithClients(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.clients = n
		}
	}
}

// WithTextHeight sets the character height bands are scaled up to before recognition; 0 turns
// scaling off. Bands whose characters are already at least this high are never shrunk.
func WithTextHeight(px int) Option {
	return func(c *config) {
		if px >= 0 {
			c.textHeight = px
		}
	}
}
