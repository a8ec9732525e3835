// Package recapture tells whether a document photo is a photo of a screen or of a print rather
// than of the document itself, the recapture part of document.authenticity: it looks for the
// periodic lattice that a screen's pixel grid (or the moiré it makes with the camera's sensor)
// and a print's halftone leave in the luma's spectrum, and that a photo of paper lacks.
//
// Assess reads up to 9 tiles of 256 pixels and 16 of 128, spread over the image at its own
// resolution; each tile's Hann-windowed power spectrum is searched, at periods of 2 to 16 pixels
// away from the axes and from JPEG's block lattice, for a peak that stands above the median of the
// spectrum at its frequency, stands alone among its neighbours, is no harmonic of a longer period
// and has a partner in another direction (a lattice, not a row of lines). A third of the tiles, and
// at least three, must show one at ThresholdDB: one patch of a page is not the whole capture.
// docs/recapture.md gives the reasons for each step.
//
// Measured by TestRates on a synthetic set with fixed seeds, at Threshold: 0 false positives out
// of 301 photos of paper (the 215 images of testdata/extraction, 2 face photos and 84 generated
// photos of paper: 0.0 %, under 1 % at 95 % confidence) and 108 true positives out of 112
// recaptures (96.4 %: 53 of 56 screens, 55 of 56 prints). No real phone photo of a real screen or
// print was available: the figures hold for the generator in recapturetest, not yet for the world.
// Assess costs about 26 ms of one core whatever the image's size (BenchmarkAssess, 4000×3000 and
// 1250×880, on the 2-vCPU Intel Xeon these tests run on).
package recapture
