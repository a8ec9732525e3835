"""Reference run of the liveness models with Python onnxruntime and OpenCV, for reference_test.go.

Usage: reference.py MODELS_DIR WORK_DIR

The Go test writes into WORK_DIR what its pipeline saw and fed to the models:
  input.json      {"width", "height", "faceThreshold", "iou", "minFaceSize", "scales": {"small", "large"}}
  image.rgb       the decoded, upright image: height*width*3 bytes, RGB
  detector.f32    the detector's input, float32 little-endian [1,3,240,320]
  small.f32       MiniFASNetV2's input (2.7x crop), float32 [1,3,80,80]; absent when Go found no single face
  large.f32       MiniFASNetV1SE's input (4.0x crop)
  file            optional: the uploaded file itself

and this script writes WORK_DIR/output.json with
  versions        onnxruntime's and OpenCV's
  detectorInput   when the image is at most 640x480: the largest difference between detector.f32 and
                  UltraFace's own preprocessing (cv2.resize to 320x240, (p-127)/128)
  scores, boxes   the detector's outputs on detector.f32, flattened
  faces           [x1, y1, x2, y2, score] in pixels: UltraFace's predict() (threshold, hard NMS) on
                  those outputs, clipped to the image, small ones dropped, as the Go pipeline does
  same            {small, large}: logits and softmax of each model on Go's own crop
  cv2             when exactly one face: upstream's pipeline from image.rgb on, with OpenCV: the bbox
                  of Silent-Face-Anti-Spoofing's Detection, CropImage boxes, cv2.resize crops (BGR,
                  float32 0-255) and each model's softmax on them, plus the fused vector
  decoded         when there is a file OpenCV decodes to the same size: how far cv2.imdecode's
                  pixels are from Go's decoder's, and the fused vector of upstream's crops of them
                  (same bbox), which shows how much the choice of JPEG decoder moves the scores
"""

import json
import os
import sys

import cv2
import numpy as np
import onnxruntime as ort

DETECTOR = "ultraface-rfb-320.onnx"
MODELS = {"small": "minifasnet-v2-scale2.7.onnx", "large": "minifasnet-v1se-scale4.0.onnx"}


def session(path):
    opts = ort.SessionOptions()
    opts.log_severity_level = 3  # errors only: UltraFace's export warns about every initializer
    opts.intra_op_num_threads = 1
    return ort.InferenceSession(path, sess_options=opts, providers=["CPUExecutionProvider"])


def softmax(x):
    e = np.exp(x.astype(np.float64) - np.max(x))
    return e / e.sum()


# UltraFace's vision/utils/box_utils.py: area_of, iou_of, hard_nms.
def area_of(left_top, right_bottom):
    hw = np.clip(right_bottom - left_top, 0.0, None)
    return hw[..., 0] * hw[..., 1]


def iou_of(boxes0, boxes1, eps=1e-5):
    overlap_left_top = np.maximum(boxes0[..., :2], boxes1[..., :2])
    overlap_right_bottom = np.minimum(boxes0[..., 2:], boxes1[..., 2:])
    overlap_area = area_of(overlap_left_top, overlap_right_bottom)
    area0 = area_of(boxes0[..., :2], boxes0[..., 2:])
    area1 = area_of(boxes1[..., :2], boxes1[..., 2:])
    return overlap_area / (area0 + area1 - overlap_area + eps)


def hard_nms(box_scores, iou_threshold):
    scores = box_scores[:, -1]
    boxes = box_scores[:, :-1]
    picked = []
    # Best first, ties in detector order as the Go pipeline breaks them (upstream's unstable
    # argsort leaves tie order unspecified).
    indexes = np.argsort(-scores, kind="stable")
    while len(indexes) > 0:
        current = indexes[0]
        picked.append(current)
        if len(indexes) == 1:
            break
        rest = indexes[1:]
        iou = iou_of(boxes[rest, :], np.expand_dims(boxes[current, :], axis=0))
        indexes = rest[iou <= iou_threshold]
    return box_scores[picked, :]


def faces(scores, boxes, width, height, threshold, iou, min_size):
    probs = scores[:, 1]
    mask = probs > threshold
    box_probs = np.concatenate([boxes[mask, :], probs[mask].reshape(-1, 1)], axis=1).astype(np.float64)
    if len(box_probs) == 0:
        return []
    picked = hard_nms(box_probs, iou)
    out = []
    for x1, y1, x2, y2, score in picked:
        x1, x2 = np.clip([x1 * width, x2 * width], 0, width)
        y1, y2 = np.clip([y1 * height, y2 * height], 0, height)
        if x2 - x1 < max(min_size, 1) or y2 - y1 < max(min_size, 1):
            continue
        out.append([float(x1), float(y1), float(x2), float(y2), float(score)])
    return out


# Silent-Face-Anti-Spoofing's src/generate_patches.py, CropImage.
def get_new_box(src_w, src_h, bbox, scale):
    x, y, box_w, box_h = bbox
    scale = min((src_h - 1) / box_h, min((src_w - 1) / box_w, scale))
    new_width = box_w * scale
    new_height = box_h * scale
    center_x, center_y = box_w / 2 + x, box_h / 2 + y
    left_top_x = center_x - new_width / 2
    left_top_y = center_y - new_height / 2
    right_bottom_x = center_x + new_width / 2
    right_bottom_y = center_y + new_height / 2
    if left_top_x < 0:
        right_bottom_x -= left_top_x
        left_top_x = 0
    if left_top_y < 0:
        right_bottom_y -= left_top_y
        left_top_y = 0
    if right_bottom_x > src_w - 1:
        left_top_x -= right_bottom_x - src_w + 1
        right_bottom_x = src_w - 1
    if right_bottom_y > src_h - 1:
        left_top_y -= right_bottom_y - src_h + 1
        right_bottom_y = src_h - 1
    return int(left_top_x), int(left_top_y), int(right_bottom_x), int(right_bottom_y)


def crop(bgr, bbox, scale, size=80):
    src_h, src_w, _ = bgr.shape
    x0, y0, x1, y1 = get_new_box(src_w, src_h, bbox, scale)
    img = cv2.resize(bgr[y0 : y1 + 1, x0 : x1 + 1], (size, size))
    return [x0, y0, x1, y1], img.transpose(2, 0, 1)[np.newaxis].astype(np.float32)


def main(models_dir, work):
    with open(os.path.join(work, "input.json")) as f:
        meta = json.load(f)
    w, h = meta["width"], meta["height"]
    rgb = np.fromfile(os.path.join(work, "image.rgb"), dtype=np.uint8).reshape(h, w, 3)

    det = session(os.path.join(models_dir, DETECTOR))
    det_in = np.fromfile(os.path.join(work, "detector.f32"), dtype="<f4").reshape(1, 3, 240, 320)
    scores, boxes = det.run(["scores", "boxes"], {"input": det_in})
    found = faces(scores[0], boxes[0], w, h, meta["faceThreshold"], meta["iou"], meta["minFaceSize"])
    out = {
        "versions": {"onnxruntime": ort.__version__, "opencv": cv2.__version__},
        "detectorInput": None,
        "scores": scores.ravel().tolist(),
        "boxes": boxes.ravel().tolist(),
        "faces": found,
        "same": {},
    }
    if w <= 640 and h <= 480:
        upstream = ((cv2.resize(rgb, (320, 240)) - np.array([127, 127, 127])) / 128).transpose(2, 0, 1)[np.newaxis].astype(np.float32)
        out["detectorInput"] = float(np.abs(upstream - det_in).max())

    sessions = {k: session(os.path.join(models_dir, v)) for k, v in MODELS.items()}
    for name, s in sessions.items():
        path = os.path.join(work, name + ".f32")
        if os.path.exists(path):
            x = np.fromfile(path, dtype="<f4").reshape(1, 3, 80, 80)
            logits = s.run(["output"], {"input": x})[0][0]
            out["same"][name] = {"logits": logits.tolist(), "softmax": softmax(logits).tolist()}

    if len(found) == 1:
        left, top, right, bottom, _ = found[0]
        # Detection.get_bbox: [int(left), int(top), int(right-left+1), int(bottom-top+1)].
        bbox = [int(left), int(top), int(right - left + 1), int(bottom - top + 1)]
        bgr = np.ascontiguousarray(rgb[:, :, ::-1])
        ref = {"bbox": bbox}
        fused = np.zeros(3)
        for name, s in sessions.items():
            box, x = crop(bgr, bbox, meta["scales"][name])
            p = softmax(s.run(["output"], {"input": x})[0][0])
            fused += p / 2
            ref[name] = {"box": box, "tensor": x.ravel().tolist(), "softmax": p.tolist()}
        ref["fused"] = fused.tolist()
        out["cv2"] = ref

        path = os.path.join(work, "file")
        own = cv2.imdecode(np.fromfile(path, dtype=np.uint8), cv2.IMREAD_COLOR) if os.path.exists(path) else None
        if own is not None and own.shape == bgr.shape:
            fused = np.zeros(3)
            for name, s in sessions.items():
                _, x = crop(own, bbox, meta["scales"][name])
                fused += softmax(s.run(["output"], {"input": x})[0][0]) / 2
            diff = np.abs(own.astype(np.int16) - bgr.astype(np.int16))
            out["decoded"] = {"maxPixelDiff": int(diff.max()), "meanPixelDiff": float(diff.mean()), "fused": fused.tolist()}

    with open(os.path.join(work, "output.json"), "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
