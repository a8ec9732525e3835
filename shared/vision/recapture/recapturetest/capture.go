package recapturetest

import "image"

// Capture is one generated photo: its luma, as an upload's would be decoded, and a name that says
// how it was made (the kind and the parameters a failing test needs to reproduce it).
type Capture struct {
	Name string
	Img  *image.Gray
}
