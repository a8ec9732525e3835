// Package recapturetest makes recaptures for the recapture detector's tests: a clean document
// image shown on a screen or printed, then photographed by a phone (turned, scaled, blurred,
// grainy, saved as JPEG), and the negative controls, the same image photographed on paper. The
// screen and the print are drawn in closed form at the camera's sub-pixel samples rather than
// upsampled into a stored image, so a recapture costs the photo's size, not the screen's.
// Everything is seeded: the same seed gives the same image.
package recapturetest
