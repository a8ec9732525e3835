"""Reads each file named on standard input (one path a line) with PassportEye and prints one JSON
object a line: the file, the seconds read_mrz took, and what it read (None when it found no MRZ).
make eval-extraction PEER=passporteye runs it in .local/passporteye-venv beside our pipeline."""
import json
import sys
import time
import warnings

warnings.filterwarnings("ignore")  # scikit-image's deprecation notices, once per file

from passporteye import read_mrz


def main():
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        began = time.perf_counter()
        try:
            mrz = read_mrz(path)
            error = None
        except Exception as e:  # a reader crash is a miss, as ours would be
            mrz, error = None, repr(e)
        took = time.perf_counter() - began
        out = {"file": path, "seconds": took, "error": error, "read": None}
        if mrz is not None:
            d = mrz.to_dict()
            checks = [v for k, v in d.items() if k.startswith("valid_") and k != "valid_score"]
            out["read"] = {
                "format": d.get("mrz_type"),
                # Valid as ours is: every check digit of the format verifies. PassportEye's own
                # mrz.valid also wants exact line lengths and plausible dates.
                "valid": bool(checks) and all(checks),
                "strict": bool(mrz.valid),
                "lines": (mrz.aux.get("text") or "").split("\n"),
                "documentCode": (d.get("type") or "").replace("<", ""),
                "issuingCountry": d.get("country") or "",
                "surname": d.get("surname") or "",
                "givenNames": d.get("names") or "",
                "documentNumber": (d.get("number") or "").replace("<", ""),
                "nationality": d.get("nationality") or "",
                "dateOfBirth": d.get("date_of_birth") or "",
                "expiryDate": d.get("expiration_date") or "",
                "sex": d.get("sex") or "",
                "optionalData": (d.get("personal_number") or d.get("optional1") or "").replace("<", ""),
            }
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
