// Package facematch compares the face on an identity document with the face on a selfie: YuNet
// (OpenCV Zoo, 2023mar, int8 blocks) finds each face with five landmarks, a similarity transform
// puts the landmarks onto the ArcFace 112×112 template, SFace (2021dec, int8 blocks) embeds the
// aligned face in 128 dimensions, and the cosine of the two embeddings is compared with a
// threshold. Both models run in process in pure Go (package onnx), their weights dequantised at
// load. Nothing of the faces is kept: not the images, not the embeddings. Detector is YuNet alone:
// the extraction worker finds a document's portrait with it (extraction.PortraitFinder).
//
// The pipeline, for one image, follows OpenCV's FaceDetectorYN and FaceRecognizerSF:
//
//  1. Decode as package liveness does (its pixel limit, EXIF orientation).
//  2. Scale the image so its longer side is 640 (averaging boxes of pixels when shrinking,
//     bilinear when enlarging), put it at the top left of YuNet's fixed 640×640 input, the rest
//     black, BGR, raw 0–255.
//  3. Decode each stride's (8, 16, 32) maps: score √(class · objectness), centre and landmarks
//     as offsets of the cell, width and height as exp(·)·stride; keep scores of at least 0.6
//     (WithFaceScoreThreshold) and faces of at least 20 pixels in the original image, merge by
//     non-maximum suppression at IoU 0.3.
//  4. Align: the least-squares similarity (rotation, uniform scale, shift) from the five
//     landmarks to the ArcFace template, the face sampled bilinearly into 112×112, RGB, raw 0–255
//     (SFace normalises itself).
//  5. Embed, normalise, and take the dot product: the cosine similarity, from −1 to 1. At or over
//     the threshold (DefaultThreshold, OpenCV's published 0.363) the faces match.
package facematch
