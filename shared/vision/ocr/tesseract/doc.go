// Package tesseract provides an ocr.Engine backed by Tesseract (through gosseract, so cgo and
// libtesseract) and the MRZ-trained model mrz.traineddata, restricted to the MRZ alphabet.
//
// Built without cgo (CGO_ENABLED=0, as for the Lambda functions), the package still compiles but
// New returns an error telling the operator to use the Textract engine instead.
//
// Deploy with OMP_THREAD_LIMIT=1 in the environment (see New), and with mrz.traineddata in the
// models directory (MODELS_DIR).
package tesseract
