#!/usr/bin/env python3
"""Generate Corpus/golden/*.zc: every figure of the five seed documents as a golden case.

Run from the package root:   python3 Corpus/tools/make_golden.py [--check]
Needs Python 3.9+, mpmath and numpy. Writes each file atomically (temporary file, then
rename). With --check it writes nothing and exits 1 if any file would change.

Every expected value is computed here, independently of the Swift code (see zoomref.py):
the seed's double arithmetic replayed operation by operation with C round(), its float32
sinf/logf path correctly rounded through mpmath, and the corrected core's values from
mpmath at 40 digits. Each case says which (`method`). The format is Corpus/README.md.
"""
import math
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # keep Corpus/tools free of __pycache__

import mpmath

import zoomref as Z

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")

S000 = "000_448a57cb9e149894.txt"
S001 = "001_c81320060d965ac9.txt"
S002 = "002_6cd57d4156870ecc.txt"
S003 = "003_bc62875b044160bb.txt"
S004 = "004_90d115216f6f2db4.txt"

GT = (33.777328, -84.397348)
ANCHORAGE = (61.189556, -149.826082)
GOOGLE = (37.4419, -122.1419)
PHONE = (320, 460)

M_SEED = "seed: zoomref.py replays the Objective-C double operations in order (C round); float32 sinf/logf correctly rounded via mpmath"
M_EXACT = "exact: mpmath at 40 digits (zoomref.py), rounded once to double"
M_LIT = "literal: the value as the document prints it"


def num(x):
    """Shortest text that parses back to the same double."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == int(x) and abs(x) < 2 ** 53:
        return "-0" if (x == 0 and math.copysign(1, x) < 0) else str(int(x))
    return repr(x)


class Case:
    def __init__(self, cid, source, place, quotes, op, impl, verdict="holds", method=M_EXACT):
        self.cid, self.source, self.place = cid, source, place
        self.quotes = quotes if isinstance(quotes, list) else [quotes]
        self.op, self.impl, self.verdict, self.method = op, impl, verdict, method
        self.lines, self.notes = [], []

    def note(self, text):
        self.notes.append(text); return self

    def inp(self, key, *values):
        self.lines.append(f"{key} " + " ".join(v if isinstance(v, str) else num(v) for v in values)); return self

    def expect(self, out, value, tol, why):
        self.lines.append(f"expect {out} {val(value)} {tol} -- {why}"); return self

    def error(self, code):
        self.lines.append(f"expect error {code}"); return self

    def correct(self, out, value, tol, why):
        self.lines.append(f"correct {out} {val(value)} {tol} -- {why}"); return self

    def figure(self, out, value, relation, tol, why):
        self.lines.append(f"figure {out} {val(value)} {relation} {tol} -- {why}"); return self

    def text(self):
        out = [f"case {self.cid}", f"  source {self.source}", f"  place {self.place}"]
        out += [f"  quote {q}" for q in self.quotes]
        out += [f"  method {self.method}"]
        out += [f"  note {n}" for n in self.notes]
        out += [f"  op {self.op}", f"  impl {self.impl}"]
        out += [f"  {l}" for l in self.lines]
        out += [f"  verdict {self.verdict}", "end", ""]
        return "\n".join(out)


def val(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return ",".join(v) if v else "none"
    if isinstance(v, str):
        return v
    return num(v)


def d(x):
    return float(x)


FILES = {}


def add(name, case):
    FILES.setdefault(name, []).append(case)


# Tolerance phrases, each with its reason.
T_EXACT_SEED = ("exact", "same IEEE double operations in the same order; pixels are integers after round()")
T_LON_EXACT = ("exact", "360·width/2^k: every step exact in binary")
T_LAT_CORR = ("abs 1e-13 deg", "difference of two latitudes, each within a few ulps (ulp of 61° is 7.1e-15°)")
# A zoom is log2 of a ratio (corrected) or 20 − log2 of one (the seed's getter): the platform's
# log2, within 2 ulps of a value below 32 (ulp 3.6e-15), and exact subtractions (Sterbenz).
T_ZOOM = ("abs 8e-15", "the platform's log2 within 2 ulps of a value below 32 (ulp 3.6e-15)")


# A seed latitude comes from the platform's double exp and atan (pixelSpaceYToLatitude:
# φ = (π/2 − 2·atan(e^t))·180/π). With each within 2 ulps (glibc's and musl's are within 1), the
# exp's error moves atan(e^t) by at most 2·2^−52 · e^2t/(1 + e^2t) ≤ 2^−51 rad, atan's own by
# 2^−51 (its value is below 2, ulp ≤ 2^−52), π/2 − 2a rounds once (2^−53), and ×180, /π scale
# by 57.3 and round twice (½ ulp each, 7.1e-15° below 128°): 57.3 · 6.5 · 2^−52 + 7.1e-15 ≈
# 9.0e-14° from the exact value, which the expectation is to within ½ ulp. So a latitude is
# within 1e-13°, and a difference of two within 2e-13° plus its own rounding: 3e-13°.
T_LAT_SEED = ("abs 3e-13 deg", "a difference of two latitudes from the platform's double exp/atan, each within 1e-13° for a libm within 2 ulps (make_golden.py: T_LAT_SEED)")
T_LAT_SEED_ONE = ("abs 1.5e-13 deg", "one latitude from the platform's double exp/atan: within 1e-13° for a libm within 2 ulps, plus the expectation's rounding (make_golden.py: T_LAT_SEED)")
# A ratio of seed latitude deltas (an area or a latitude ratio): each delta of d° is within
# 3e-13° (T_LAT_SEED), relative 3e-13/d; the Anchorage deltas at zooms 18–20 are 1.49e-4°,
# 2.97e-4° and 5.95e-4°, so two of them put a ratio within 3e-9 relative.
T_RATIO_SEED = ("rel 3e-9", "a ratio of seed latitude deltas of 1.5e-4° to 6e-4°, each within 3e-13° (T_LAT_SEED)")


def seed_lat_tol(lat, lon, zoom, w, h, base=20):
    """The seed's latitude span goes through the platform's atan/exp: never exact."""
    return T_LAT_SEED


def seed_region_case(c, lat, lon, zoom, w, h, base=20):
    ld, lo = Z.seed_region(lat, lon, zoom, w, h, base)
    c.inp("center", lat, lon).inp("zoom", zoom).inp("viewport", w, h).inp("convention", "seed512" if base == 20 else "tile256")
    c.expect("longitudeDelta", lo, *T_EXACT_SEED)
    c.expect("latitudeDelta", ld, *seed_lat_tol(lat, lon, zoom, w, h, base))
    return ld, lo


def corrected_region_case(c, lat, lon, zoom, w, h, conv):
    ld, lo = Z.corrected_region(lat, lon, zoom, w, h, conv)
    c.inp("center", lat, lon).inp("zoom", zoom).inp("viewport", w, h).inp("convention", conv)
    c.expect("longitudeDelta", d(lo), *T_LON_EXACT)
    c.expect("latitudeDelta", d(ld), *T_LAT_CORR)
    c.expect("valid", True, "exact", "the corrected core only returns valid regions")
    return ld, lo


exec(open(os.path.join(HERE, "golden_cases.py"), encoding="utf-8").read())


HEADERS = {
    "000-troy-brant-posts.zc": f"Troy Brant's two posts (2010) as {S000} carries them: the constants, the zoom-level pictures, the category's code and its Georgia Tech test.",
    "001-visual-guide-comments.zc": f"The visual guide and its 29 comments ({S001}). Comments are numbered 1-29 in page order (the page's own numbering restarts after 19; the count matches its \"29 Responses\").",
    "002-zoom-level-comments.zc": f"\"Set the Zoom Level of an MKMapView\" ({S002}): Google's setCenter example and the zoom getter of comment 8.",
    "003-apple-map-geometry.zc": f"Apple's \"Displaying Maps\" guide ({S003}): map points, 111 km per degree, zooming by doubling the span.",
    "004-fit-annotations.zc": f"Brian Reiter's zoomMapViewToFitAnnotations ({S004}) and its comments.",
    "005-bad-input.zc": "Inputs outside the documents' domains (NaN, ±inf, |lat| > 90, |lon| > 180, zoom outside 0...28, an empty viewport): the corrected core's typed errors and the seed port's documented outcomes.",
}


def render(name):
    head = [f"# ZoomCheck golden corpus (format: Corpus/README.md)", f"# {HEADERS[name]}",
            "# Generated by Corpus/tools/make_golden.py (edit golden_cases.py, then rerun it); each case's",
            "# `method` says how its expected values were computed. Do not edit by hand.", "", ""]
    return "\n".join(head) + "\n".join(c.text() for c in FILES[name])


def write_atomically(path, text):
    directory = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    check = "--check" in sys.argv[1:]
    changed = []
    ids = set()
    total = 0
    for name in sorted(FILES):
        for c in FILES[name]:
            assert c.cid not in ids, c.cid
            ids.add(c.cid)
            total += 1
        text = render(name)
        path = os.path.join(GOLDEN, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            changed.append(name)
            if not check:
                write_atomically(path, text)
    print(f"{total} cases in {len(FILES)} files; {'would change' if check else 'changed'}: {', '.join(changed) or 'none'}")
    return 1 if (check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
