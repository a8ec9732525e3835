// Package liveness provides passive face anti-spoofing of a single selfie: it finds the one face
// with the UltraFace RFB-320 detector and scores it with two MiniFASNet classifiers (Minivision's
// Silent-Face-Anti-Spoofing), run in process in pure Go by package onnx: no cgo and no native
// library, so the liveness function is a static binary like the others.
//
// The pipeline, for one image:
//
//  1. Decode the JPEG, PNG or WebP (through imagefile.Decode, so with its pixel limit) and read it
//     upright by its EXIF orientation, without copying it.
//  2. Detect faces as UltraFace's own code does: the image stretched to 320×240 with OpenCV's
//     bilinear rule (after averaging down, when it is over 640×480), RGB, (p−127)/128; boxes
//     scoring over 0.7 (WithFaceScoreThreshold; UltraFace's demos use 0.7), merged by hard
//     non-maximum suppression at IoU 0.5, clipped to the image, and those under 32 pixels
//     (WithMinFaceSize) dropped. None left is ErrNoFace, several ErrMultipleFaces.
//  3. Crop around the face twice, as Silent-Face-Anti-Spoofing's CropImage does: the box centred,
//     scaled 2.7× (the "small" context, MiniFASNetV2) and 4.0× (the "large" context,
//     MiniFASNetV1SE), the factor capped so the crop fits the image, shifted inside it, resized
//     to 80×80 bit-for-bit as cv2.resize does; fed as BGR float32 0–255, NCHW.
//  4. Softmax each model's three logits (class 1 is a real face), fuse by averaging the two
//     probability vectors (upstream sums them and halves the winner), and call the face live when
//     the fused P(real) reaches the threshold (DefaultThreshold 0.5).
//
// onnxruntime is the test oracle only: oracle_test.go (cgo, onnxruntime 1.29's library from
// make onnxruntime) runs the same pipeline with onnxruntime in place of package onnx on every
// test photo and checks every model output and score agree within 1e-4, and the verdicts match;
// testdata/reference.py runs the models with Python onnxruntime and OpenCV, and
// reference_test.go checks that, from the same decoded pixels, every tensor and score matches
// upstream's own preprocessing.
package liveness
