"""Compares OCR engines on the printed (visual) zone of identity documents: Tesseract 5 (system
libtesseract, in process through tesserocr) and PP-OCR (the ONNX models shipped in the PyPI wheel
rapidocr-onnxruntime, run by onnxruntime). See README.md beside this file.

    python compare.py --pages /tmp/pagegen-eval --out /tmp/ocr-compare.json

Each page is an image (<id>.png or <id>.jpg) with its truth beside it (<id>.json, written by
go run ./infra/pagegen): `fields` (printed values) and `lines` [{text, box [x0,y0,x1,y1], role,
field}]. A page without a JSON is timed and its lines are kept, but it counts in no accuracy figure.

Everything runs on one thread (OMP_THREAD_LIMIT=1 for Tesseract's OpenMP, one intra- and one
inter-op thread for onnxruntime, cv2.setNumThreads(1)), and the engines take turns page by page so
that the load of a shared machine falls on all of them alike: compare their times as ratios.
"""
import argparse
import json
import os
import re
import statistics
import sys
import time
import unicodedata

# Before libgomp (loaded with libtesseract) and onnxruntime read them.
os.environ["OMP_THREAD_LIMIT"] = "1"
os.environ["OMP_NUM_THREADS"] = "1"

import cv2  # noqa: E402
import numpy as np  # noqa: E402

cv2.setNumThreads(1)

TESSDATA = "/usr/share/tesseract-ocr/5/tessdata/"
FIELDS = ["placeOfBirth", "issueDate", "issuingAuthority", "surname"]


# ---------------------------------------------------------------- engines

class Tesseract:
    """libtesseract in process (what cgo gives the Go service): the model is loaded once, at
    construction; a page's time is SetImageBytes + Recognize + walking the text lines."""

    def __init__(self, lang, psm, nodict=False):
        import tesserocr
        self.t = tesserocr
        path = TESSDATA
        if nodict:
            path, lang = strip_word_list(lang)
        self.api = tesserocr.PyTessBaseAPI(path=path, lang=lang, oem=tesserocr.OEM.LSTM_ONLY,
                                           psm=psm)
        self.api.SetVariable("tessedit_do_invert", "0")
        self.version = tesserocr.tesseract_version().split("\n")[0]

    def read(self, rgb):
        h, w = rgb.shape[:2]
        rgb = np.ascontiguousarray(rgb)
        self.api.SetImageBytes(rgb.tobytes(), w, h, 3, 3 * w)
        self.api.Recognize()
        lines = []
        it = self.api.GetIterator()
        level = self.t.RIL.TEXTLINE
        for r in self.t.iterate_level(it, level):
            text = (r.GetUTF8Text(level) or "").strip()
            box = r.BoundingBox(level)
            if text and box:
                lines.append({"text": text, "box": list(box), "conf": r.Confidence(level) / 100})
        return lines


def strip_word_list(lang):
    """Writes <lang>-nodict.traineddata into a temporary folder: the model without its word list
    (lstm-word-dawg: 88.8 of Latin's 89.4 MB; the LSTM network itself is 0.45 MB), the other
    components (network, unicharset, recoder, punctuation and number patterns) as they are.
    (The load_system_dawg=0 setting does not drop it: the LSTM decoder still loads and uses it.)"""
    import glob
    import subprocess
    import tempfile
    d = tempfile.mkdtemp(prefix="tessdata-")
    subprocess.run(["combine_tessdata", "-u", TESSDATA + lang + ".traineddata", f"{d}/x."],
                   check=True, capture_output=True)
    for part in glob.glob(f"{d}/x.*"):
        if not part.endswith(".lstm-word-dawg"):
            os.rename(part, part.replace("/x.", f"/{lang}-nodict."))
    subprocess.run(["combine_tessdata", f"{d}/{lang}-nodict."], check=True, capture_output=True)
    for part in glob.glob(f"{d}/*"):
        if not part.endswith(".traineddata"):
            os.remove(part)
    return d + "/", lang + "-nodict"


class PPOCR:
    """PP-OCR as rapidocr-onnxruntime runs it: DB detector, the 0/180 angle classifier and the
    CRNN/SVTR recogniser (its defaults: PP-OCRv4 det and rec, mobile v2.0 cls), one thread."""

    def __init__(self, use_cls=True):
        from rapidocr_onnxruntime import RapidOCR
        import onnxruntime
        self.ocr = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
        self.use_cls = use_cls
        self.version = "rapidocr-onnxruntime, onnxruntime " + onnxruntime.__version__
        self.stages = []  # det, cls, rec seconds per call, as rapidocr reports them

    def read(self, rgb):
        bgr = np.ascontiguousarray(rgb[:, :, ::-1])
        res, elapse = self.ocr(bgr, use_cls=self.use_cls)
        self.stages.append(elapse or [0, 0, 0])
        lines = []
        for quad, text, score in res or []:
            xs = [p[0] for p in quad]
            ys = [p[1] for p in quad]
            text = text.strip()
            if text:
                lines.append({"text": text, "box": [int(min(xs)), int(min(ys)), int(max(xs) + 0.5),
                                                    int(max(ys) + 0.5)], "conf": float(score)})
        return lines


def make_engine(spec):
    """tess:<lang>[:<psm>][:nodict] or ppocr[:nocls]."""
    parts = spec.split(":")
    if parts[0] == "tess":
        nodict = parts[-1] == "nodict"
        if nodict:
            parts = parts[:-1]
        return Tesseract(parts[1], int(parts[2]) if len(parts) > 2 else 3, nodict)
    if parts[0] == "ppocr":
        return PPOCR(use_cls=not (len(parts) > 1 and parts[1] == "nocls"))
    raise SystemExit("unknown engine " + spec)


# ---------------------------------------------------------------- text measures

FOLD = str.maketrans({"Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H",
                      "ħ": "h", "ı": "i", "Þ": "TH", "þ": "th", "ß": "SS", "Æ": "AE", "æ": "ae",
                      "Œ": "OE", "œ": "oe", "Ð": "D", "ð": "d"})


def norm(s):
    """Whitespace collapsed, Unicode composed (NFC): the exact form."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


def fold(s):
    """Accents removed and upper case: É→E, Ø→O, ß→SS, then NFKD without combining marks."""
    s = unicodedata.normalize("NFKD", norm(s).translate(FOLD))
    return "".join(c for c in s if not unicodedata.combining(c)).upper()


def lev(a, b):
    """Levenshtein distance."""
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def lev_in(t, r):
    """Distance from t to the closest substring of r (free start and end in r): recognition
    errors without the cost of a neighbour merged onto the same line."""
    prev = [0] * (len(r) + 1)
    for i, ct in enumerate(t, 1):
        cur = [i]
        for j, cr in enumerate(r, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ct != cr)))
        prev = cur
    return min(prev)


def inter(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


def area(a):
    return max(a[2] - a[0], 0) * max(a[3] - a[1], 0)


def candidates(truth_box, lines):
    """The recognised lines that overlap a truth line: a quarter of the smaller box's area."""
    out = []
    for ln in lines:
        i = inter(truth_box, ln["box"])
        if i > 0 and i >= 0.25 * min(area(truth_box), area(ln["box"])):
            out.append(ln)
    return out


def line_scores(tl, lines):
    """Per-line CERs of a truth line against its best-matching recognised line, each capped at 1:
    line (the whole recognised line), sub (its best substring), exact and folded."""
    t_ex, t_fo = norm(tl["text"]), fold(tl["text"])
    if not t_ex:
        return None
    best = {"line_exact": 1.0, "line_fold": 1.0, "sub_exact": 1.0, "sub_fold": 1.0}
    for ln in candidates(tl["box"], lines):
        r_ex, r_fo = norm(ln["text"]), fold(ln["text"])
        best["line_exact"] = min(best["line_exact"], lev(t_ex, r_ex) / len(t_ex))
        best["line_fold"] = min(best["line_fold"], lev(t_fo, r_fo) / len(t_fo))
        best["sub_exact"] = min(best["sub_exact"], lev_in(t_ex, r_ex) / len(t_ex))
        best["sub_fold"] = min(best["sub_fold"], lev_in(t_fo, r_fo) / len(t_fo))
    return best


def same_row_pairs(truth_lines, role):
    """Pairs of truth lines of one role side by side: their heights overlap by half the smaller,
    and they do not overlap horizontally."""
    ls = [t for t in truth_lines if t.get("role") == role and norm(t.get("text", ""))]
    pairs = []
    for i, a in enumerate(ls):
        for b in ls[i + 1:]:
            ba, bb = a["box"], b["box"]
            vo = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if vo >= 0.5 * min(ba[3] - ba[1], bb[3] - bb[1]) and (ba[2] <= bb[0] or bb[2] <= ba[0]):
                pairs.append((a, b))
    return pairs


def merged(pair, lines):
    """Whether one recognised line covers half of each of two truth boxes."""
    a, b = pair[0]["box"], pair[1]["box"]
    return any(inter(a, ln["box"]) >= 0.5 * area(a) and inter(b, ln["box"]) >= 0.5 * area(b)
               for ln in lines)


# ---------------------------------------------------------------- pages

def load_pages(d, limit):
    pages = []
    for name in sorted(os.listdir(d)):
        stem, ext = os.path.splitext(name)
        if ext.lower() not in (".png", ".jpg", ".jpeg"):
            continue
        truth = None
        if os.path.exists(os.path.join(d, stem + ".json")):
            with open(os.path.join(d, stem + ".json"), encoding="utf-8") as f:
                truth = json.load(f)
        pages.append({"id": stem, "path": os.path.join(d, name), "truth": truth})
    return pages[:limit] if limit else pages


def mrz_top(truth):
    """The top of the MRZ (smallest y0 of the lines of role mrz), or None."""
    ys = [t["box"][1] for t in (truth or {}).get("lines", []) if t.get("role") == "mrz"]
    if not ys:
        return None
    heights = [t["box"][3] - t["box"][1] for t in truth["lines"] if t.get("role") == "mrz"]
    return max(int(min(ys) - 0.5 * statistics.median(heights)), 1)


def is_passport(truth):
    return (truth or {}).get("kind") == "passport"


def needles(truth, field):
    """What must appear in a recognised line for a field to count as read: its printed value
    (fields[field], names with their accents) when one printed line holds it, else each of its
    value lines; for issueDate the raw printed text of its value line, since fields holds dates as
    ISO 8601 whatever their printed form."""
    values = [norm(t["text"]) for t in truth.get("lines", [])
              if t.get("role") == "value" and t.get("field") == field and norm(t["text"])]
    if field == "issueDate":
        return values
    v = norm(str((truth.get("fields") or {}).get(field) or ""))
    if not v:
        return []
    if any(v.casefold() in norm(t["text"]).casefold() for t in truth.get("lines", [])
           if t.get("role") == "value"):
        return [v]
    return values or [v]


def pctl(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


# The operators package onnx (shared/vision/onnx, compile.go) implements.
GO_ONNX_OPS = {"Add", "BatchNormalization", "Concat", "Constant", "Conv", "DequantizeLinear", "Div",
               "Dropout", "Exp", "Flatten", "Gather", "Gemm", "GlobalAveragePool", "MatMul",
               "MaxPool", "Mul", "PRelu", "Relu", "Reshape", "Resize", "Shape", "Sigmoid", "Slice",
               "Softmax", "Sub", "Transpose", "Unsqueeze"}
ACCENTED = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßĆČĎĐĘĚĞİŁŃŇŐŒŘŚŞŠŢŤŮŰŹŻŽȘȚ"


def inventory():
    """Prints the ONNX files rapidocr-onnxruntime ships (size, sha256, operator set, inputs, operators
    and those package onnx lacks) and which accented capitals the recogniser's dictionary holds,
    then the same coverage for Tesseract's Latin and eng models (their LSTM unicharsets)."""
    import collections
    import glob
    import hashlib
    import subprocess
    import tempfile
    import onnx
    import rapidocr_onnxruntime
    models = os.path.join(os.path.dirname(rapidocr_onnxruntime.__file__), "models")
    for path in sorted(glob.glob(os.path.join(models, "*.onnx"))):
        with open(path, "rb") as f:
            data = f.read()
        m = onnx.load_from_string(data)
        ops = collections.Counter(n.op_type for n in m.graph.node)
        inits = {i.name for i in m.graph.initializer}
        inputs = [(i.name, [d.dim_value or d.dim_param or "?"
                            for d in i.type.tensor_type.shape.dim])
                  for i in m.graph.input if i.name not in inits]
        digest = hashlib.sha256(data).hexdigest()
        print(f"{os.path.basename(path)}: {len(data)} bytes, sha256 {digest}")
        print(f"  opset {[o.version for o in m.opset_import]}, inputs {inputs}")
        print("  operators: " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())))
        print("  not in package onnx: " + ", ".join(sorted(set(ops) - GO_ONNX_OPS)))
        meta = {p.key: p.value for p in m.metadata_props}
        if "character" in meta:
            chars = set(meta["character"].split("\n"))
            print(f"  dictionary: {len(chars)} entries (+ CTC blank and space)")
            print("  accented capitals present: " + "".join(c for c in ACCENTED if c in chars))
            print("  accented capitals absent:  " + "".join(c for c in ACCENTED if c not in chars))
            low = "".join(c.lower() for c in ACCENTED if c not in "İß")
            print("  accented small letters present: " + "".join(c for c in low if c in chars))
    for lang in ("Latin", "eng"):
        with tempfile.TemporaryDirectory() as d:
            subprocess.run(["combine_tessdata", "-u", TESSDATA + lang + ".traineddata", d + "/x."],
                           check=True, capture_output=True)
            with open(d + "/x.lstm-unicharset", encoding="utf-8") as f:
                chars = {ln.split(" ")[0] for ln in f.read().split("\n")[1:] if ln}
        low = "".join(c.lower() for c in ACCENTED if c not in "İß")
        print(f"tesseract {lang}: {len(chars)} unichars; accented capitals absent: "
              + ("".join(c for c in ACCENTED if c not in chars) or "none")
              + "; accented small letters present: " + "".join(c for c in low if c in chars))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", help="folder of <id>.png|jpg + <id>.json")
    ap.add_argument("--inventory", action="store_true",
                    help="print the models' files, operators and dictionaries, and stop")
    ap.add_argument("--engines", default="tess:Latin,tess:eng,ppocr",
                    help="comma-separated: tess:<lang>[:<psm>], ppocr[:nocls]")
    ap.add_argument("--limit", type=int, default=0, help="first N pages only")
    ap.add_argument("--no-region", action="store_true",
                    help="skip the second timing of passports cropped above the MRZ")
    ap.add_argument("--out", help="write per-page lines and times here (JSON)")
    ap.add_argument("--from", dest="from_", metavar="JSON",
                    help="summarise a file --out wrote (against --pages' truth) instead of reading")
    args = ap.parse_args()
    if args.inventory:
        inventory()
        return
    if not args.pages:
        ap.error("--pages is needed")

    if args.from_:
        with open(args.from_, encoding="utf-8") as f:
            stored = json.load(f)
        byid = {p["id"]: p for p in load_pages(args.pages, 0)}
        pages = [byid[r["id"]] for r in stored["pages"]]
        specs = list(stored["engines"])
        print_summary(summarise(pages, stored["pages"], specs), specs, len(pages))
        return

    specs = args.engines.split(",")
    engines = {}
    for s in specs:
        began = time.perf_counter()
        engines[s] = make_engine(s)
        print(f"{s}: {engines[s].version}, loaded in {time.perf_counter() - began:.2f} s",
              file=sys.stderr)
    pages = load_pages(args.pages, args.limit)
    if not pages:
        raise SystemExit("no pages in " + args.pages)

    # One warm-up read each (first-call allocations), not counted.
    warm = cv2.cvtColor(cv2.imread(pages[0]["path"], cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    for e in engines.values():
        e.read(warm)

    results = []
    for n, p in enumerate(pages):
        rgb = cv2.cvtColor(cv2.imread(p["path"], cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
        top = mrz_top(p["truth"]) if is_passport(p["truth"]) and not args.no_region else None
        row = {"id": p["id"], "size": [rgb.shape[1], rgb.shape[0]], "engines": {}}
        # Rotate the order page by page so that no engine always runs first.
        order = specs[n % len(specs):] + specs[:n % len(specs)]
        for s in order:
            began, cpu = time.perf_counter(), time.process_time()
            lines = engines[s].read(rgb)
            took = time.perf_counter() - began
            r = {"seconds": took, "cpuSeconds": time.process_time() - cpu, "lines": lines}
            if isinstance(engines[s], PPOCR):
                r["stages"] = engines[s].stages[-1]  # det, cls, rec
            if top:
                crop = np.ascontiguousarray(rgb[:top])
                began, cpu = time.perf_counter(), time.process_time()
                engines[s].read(crop)
                r["regionSeconds"] = time.perf_counter() - began
                r["regionCpuSeconds"] = time.process_time() - cpu
            row["engines"][s] = r
        results.append(row)
        print(f"{n + 1}/{len(pages)} {p['id']} " + " ".join(
            f"{s}={row['engines'][s]['seconds']:.2f}s" for s in specs), file=sys.stderr)

    summary = summarise(pages, results, specs)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"engines": {s: engines[s].version for s in specs}, "summary": summary,
                       "pages": results}, f, ensure_ascii=False, indent=1)
    print_summary(summary, specs, len(pages))


def summarise(pages, results, specs):
    s = {}
    for spec in specs:
        def dist(key, passports_only=False):
            xs = [r["engines"][spec][key] for r in results if key in r["engines"][spec] and
                  (not passports_only or "regionSeconds" in r["engines"][spec])]
            return {"n": len(xs), "median": statistics.median(xs) if xs else None,
                    "p90": pctl(xs, 0.9) if xs else None}
        acc = {"value": [], "label": []}
        # pages with it, read exactly, folded, folded with spaces ignored
        fields = {f: [0, 0, 0, 0] for f in FIELDS}
        pairs = {"value": [0, 0], "label": [0, 0]}  # side-by-side pairs, merged
        nlines, ntruth = [], []
        for p, r in zip(pages, results):
            lines = r["engines"][spec]["lines"]
            nlines.append(len(lines))
            t = p["truth"]
            if not t:
                continue
            ntruth.append(len(t.get("lines", [])))
            for tl in t.get("lines", []):
                if tl.get("role") in acc:
                    sc = line_scores(tl, lines)
                    if sc:
                        acc[tl["role"]].append(sc)
            ex = [norm(ln["text"]).casefold() for ln in lines]
            fo = [fold(ln["text"]) for ln in lines]
            for f in FIELDS:
                ns = needles(t, f)
                if not ns:
                    continue
                fields[f][0] += 1
                fields[f][1] += all(any(v.casefold() in x for x in ex) for v in ns)
                fields[f][2] += all(any(fold(v) in x for x in fo) for v in ns)
                fields[f][3] += all(any(fold(v).replace(" ", "") in x.replace(" ", "") for x in fo)
                                    for v in ns)
            for role in pairs:
                for pr in same_row_pairs(t.get("lines", []), role):
                    pairs[role][0] += 1
                    pairs[role][1] += merged(pr, lines)
        s[spec] = {
            "seconds": dist("seconds"),
            "cpuSeconds": dist("cpuSeconds"),
            "passportSeconds": dist("seconds", True),
            "passportCpuSeconds": dist("cpuSeconds", True),
            "regionSeconds": dist("regionSeconds"),
            "regionCpuSeconds": dist("regionCpuSeconds"),
            "cer": {role: {"n": len(v), **{k: statistics.fmean(x[k] for x in v) if v else None
                                           for k in ("line_exact", "line_fold", "sub_exact",
                                                     "sub_fold")},
                           "perfect_exact": (sum(x["line_exact"] == 0 for x in v) / len(v))
                           if v else None}
                    for role, v in acc.items()},
            "fields": {f: {"n": a[0], "exact": a[1] / a[0] if a[0] else None,
                           "folded": a[2] / a[0] if a[0] else None,
                           "foldedNoSpaces": a[3] / a[0] if a[0] else None}
                       for f, a in fields.items()},
            "sideBySide": {role: {"pairs": a[0], "merged": a[1] / a[0] if a[0] else None}
                           for role, a in pairs.items()},
            "breakdown": breakdown(pages, results, spec),
            "linesPerPage": statistics.median(nlines) if nlines else None,
            "stageShare": [statistics.fmean(r["engines"][spec]["stages"][i]
                                            / r["engines"][spec]["seconds"] for r in results)
                           for i in range(3)]
            if "stages" in results[0]["engines"][spec] else None,
            "truthLinesPerPage": statistics.median(ntruth) if ntruth else None,
        }
    return s


def has_accent(text):
    return any(ord(c) > 127 and unicodedata.category(c).startswith("L") for c in text)


def breakdown(pages, results, spec):
    """Where an engine's readings go wrong: accented field values, value lines with accents, value
    lines nothing overlaps, multi-word values read right but for their spaces, and the fields and
    value CER on clean and on degraded pages."""
    acc_vals = [0, 0, 0]  # accented field values, read exactly, read folded
    acc_cer, missed, spaces = [], [0, 0], [0, 0]
    cond = {"clean": [0, 0, []], "degraded": [0, 0, []]}  # field values, read exactly, value CERs
    for p, r in zip(pages, results):
        t = p["truth"]
        if not t:
            continue
        lines = r["engines"][spec]["lines"]
        ex = [norm(ln["text"]).casefold() for ln in lines]
        fo = [fold(ln["text"]) for ln in lines]
        c = cond["clean" if t.get("condition") == "clean" else "degraded"]
        for f in FIELDS:
            for v in needles(t, f):
                exact = any(v.casefold() in x for x in ex)
                c[0] += 1
                c[1] += exact
                if has_accent(v):
                    acc_vals[0] += 1
                    acc_vals[1] += exact
                    acc_vals[2] += any(fold(v) in x for x in fo)
        for tl in t.get("lines", []):
            text = norm(tl.get("text", ""))
            if tl.get("role") != "value" or not text:
                continue
            cands = candidates(tl["box"], lines)
            missed[0] += 1
            missed[1] += not cands
            sc = line_scores(tl, lines)
            c[2].append(sc["sub_exact"])
            if has_accent(text):
                acc_cer.append(sc["sub_exact"])
            if " " in text and cands:
                spaces[0] += 1
                spaces[1] += any(fold(text) not in fold(ln["text"]) and
                                 fold(text).replace(" ", "") in fold(ln["text"]).replace(" ", "")
                                 for ln in cands)

    def share(a):
        return a[1] / a[0] if a[0] else None
    return {
        "accentedFieldValues": {"n": acc_vals[0], "exact": share(acc_vals),
                                "folded": acc_vals[2] / acc_vals[0] if acc_vals[0] else None},
        "accentedValueLines": {"n": len(acc_cer), "subExactCER": statistics.fmean(acc_cer)
                               if acc_cer else None},
        "missedValueLines": {"n": missed[0], "share": share(missed)},
        "spacesLost": {"n": spaces[0], "share": share(spaces)},
        "byCondition": {k: {"fieldValues": v[0], "exact": share(v),
                            "valueSubExactCER": statistics.fmean(v[2]) if v[2] else None}
                        for k, v in cond.items()},
    }


def print_summary(s, specs, npages):
    ref = s[specs[0]]["cpuSeconds"]["median"]

    def f(x, fmt="{:.3f}"):
        return "—" if x is None else fmt.format(x)

    def ratio(key, q):
        return lambda e: f(e[key][q] and e[key][q] / ref, "{:.2f}×")

    print(f"\n{npages} pages; times are CPU seconds of the process relative to the median page of "
          f"{specs[0]} ({ref:.3f} s here)\n")
    print("| measure | " + " | ".join(specs) + " |")
    print("|---|" + "---|" * len(specs))
    rows = [
        ("page, median", ratio("cpuSeconds", "median")),
        ("page, p90", ratio("cpuSeconds", "p90")),
        ("passport page, median", ratio("passportCpuSeconds", "median")),
        ("passport above MRZ, median", ratio("regionCpuSeconds", "median")),
        ("passport above MRZ, p90", ratio("regionCpuSeconds", "p90")),
        ("page, wall-clock median", ratio("seconds", "median")),
    ]
    for role in ("value", "label"):
        for k in ("line_exact", "line_fold", "sub_exact", "sub_fold"):
            rows.append((f"CER {role}s, {k.replace('_', ' ')}",
                         lambda e, role=role, k=k: f(e["cer"][role][k])))
        rows.append((f"{role} lines read exactly", lambda e, role=role:
                     f(e["cer"][role]["perfect_exact"], "{:.1%}")))
    for fld in FIELDS:
        rows.append((f"{fld} exact / folded / folded no spaces",
                     lambda e, fld=fld: " / ".join(f(e["fields"][fld][k], "{:.0%}")
                                                   for k in ("exact", "folded", "foldedNoSpaces"))))
    for role in ("value", "label"):
        rows.append((f"side-by-side {role}s merged", lambda e, role=role:
                     f(e["sideBySide"][role]["merged"], "{:.1%}")
                     + f" of {e['sideBySide'][role]['pairs']}"))
    rows.append(("recognised lines per page (median)", lambda e: f(e["linesPerPage"], "{:g}")))
    b = "breakdown"
    rows += [
        ("accented field values, exact / folded", lambda e: f(e[b]["accentedFieldValues"]["exact"],
                                                               "{:.0%}") + " / " +
         f(e[b]["accentedFieldValues"]["folded"], "{:.0%}") +
         f" of {e[b]['accentedFieldValues']['n']}"),
        ("value lines with accents, CER sub exact", lambda e: f(e[b]["accentedValueLines"]
                                                                 ["subExactCER"])),
        ("value lines nothing overlaps", lambda e: f(e[b]["missedValueLines"]["share"], "{:.1%}")),
        ("multi-word values right but for spaces", lambda e: f(e[b]["spacesLost"]["share"],
                                                                "{:.0%}")),
    ]
    for k in ("clean", "degraded"):
        rows.append((f"{k} pages: fields exact, value CER sub exact",
                     lambda e, k=k: f(e[b]["byCondition"][k]["exact"], "{:.0%}") + ", " +
                     f(e[b]["byCondition"][k]["valueSubExactCER"])))
    for name, fn in rows:
        print(f"| {name} | " + " | ".join(fn(s[x]) for x in specs) + " |")
    for x in specs:
        if s[x]["stageShare"]:
            print(f"\n{x}: share of a page's time in detection, angle classifier, recognition: "
                  + ", ".join(f"{v:.0%}" for v in s[x]["stageShare"]))
    print("\nabsolute medians, CPU (wall-clock) s: " + ", ".join(
        f"{x} {s[x]['cpuSeconds']['median']:.3f} ({s[x]['seconds']['median']:.3f})" for x in specs))


if __name__ == "__main__":
    main()
