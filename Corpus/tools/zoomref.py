"""Independent reference arithmetic for the ZoomCheck golden corpus.

Run: python3 Corpus/tools/make_golden.py   (this module is imported by it; needs mpmath, numpy)

Nothing here calls the Swift code. Two kinds of reference:

* Seed (the documents' Objective-C): the same IEEE-754 double operations in the same order
  (Python floats are doubles), C `round` (half away from zero), and the single-precision
  `sinf`/`logf` path emulated with correctly rounded float32 results (mpmath, 40 digits,
  rounded once to float32) and float32 arithmetic (numpy.float32, IEEE correctly rounded).
  Double libm calls (`atan`, `exp`, `log2`) are taken correctly rounded from mpmath.
  `libm_agrees_*` compare those with this machine's glibc so the generator can record
  whether Linux reproduces the correctly rounded value.
* Corrected core / MapKit (exact maths): mpmath at 40 significant digits, rounded once to
  the nearest double when written.
"""
import ctypes
import math

import mpmath
import numpy as np

mpmath.mp.dps = 40
mpf = mpmath.mpf

OFFSET = 268435456.0                 # MERCATOR_OFFSET as printed
RADIUS = 85445659.44705395           # MERCATOR_RADIUS as printed
MAPKIT_WORLD = 268435456.0           # MKMapSizeWorld.width = 2^28

_libm = ctypes.CDLL("libm.so.6")
for _name in ("sinf", "logf"):
    getattr(_libm, _name).restype = ctypes.c_float
    getattr(_libm, _name).argtypes = [ctypes.c_float]


def f32(x):
    return np.float32(x)


def cr_f32(value):
    """Round an mpmath value to the nearest float32 (ties to even), once."""
    v = mpf(value)
    if v == 0:
        return np.float32(0.0)
    d = float(v)                                    # nearest double (53 bits)
    f = np.float32(d)                               # may double-round: fix up below
    lo, hi = np.nextafter(f, np.float32(-np.inf)), np.nextafter(f, np.float32(np.inf))
    best = min((lo, f, hi), key=lambda c: abs(mpf(float(c)) - v))
    return best


def cr(value):
    """Nearest double of an mpmath value."""
    return float(mpf(value))


def c_round(x):
    """C round(): half away from zero, exact for doubles."""
    if math.isnan(x) or math.isinf(x):
        return x
    r = math.floor(x)
    if x - r >= 0.5:       # x - floor(x) is exact for |x| < 2^52
        r += 1.0
    if x < 0:
        r2 = -math.floor(-x)
        if (-x) - math.floor(-x) >= 0.5:
            r2 = -(math.floor(-x) + 1.0)
        return r2 if r2 != 0 else -0.0
    return r


# --- seed: the four conversions -------------------------------------------------------

def seed_x(lon):
    return c_round(OFFSET + RADIUS * lon * math.pi / 180.0)


def seed_sin_log(lat):
    """The float32 chain: (sinf(arg), logf(ratio)) correctly rounded, plus glibc's."""
    arg = f32(lat * math.pi / 180.0)
    s = cr_f32(mpmath.sin(mpf(float(arg))))
    one = np.float32(1.0)
    ratio = (one + s) / (one - s)
    ratio = np.float32(ratio)
    if ratio == np.float32(np.inf) or ratio <= 0:
        lg = np.float32(np.log(ratio)) if ratio > 0 else np.float32(-np.inf if ratio == 0 else np.nan)
    else:
        lg = cr_f32(mpmath.log(mpf(float(ratio))))
    g_s = np.float32(_libm.sinf(float(arg)))
    g_ratio = np.float32((one + g_s) / (one - g_s))
    g_lg = np.float32(_libm.logf(float(g_ratio)))
    return s, ratio, lg, (g_s == s and g_lg == lg)


def seed_y(lat):
    s, ratio, lg, agrees = seed_sin_log(lat)
    return c_round(OFFSET - RADIUS * float(lg) / 2.0)


def seed_y_glibc_agrees(lat):
    return seed_sin_log(lat)[3]


def cr_atan(x):
    return cr(mpmath.atan(mpf(x)))


def cr_exp(x):
    return cr(mpmath.exp(mpf(x)))


def cr_log2(x):
    if x == 0:
        return -math.inf
    if math.isinf(x):
        return math.inf
    return cr(mpmath.log(mpf(x), 2))


def seed_lon_of_x(px):
    return ((c_round(px) - OFFSET) / RADIUS) * 180.0 / math.pi


def seed_lat_of_y(py):
    return (math.pi / 2.0 - 2.0 * cr_atan(cr_exp((c_round(py) - OFFSET) / RADIUS))) * 180.0 / math.pi


def libm_lat_of_y(py):
    return (math.pi / 2.0 - 2.0 * math.atan(math.exp((c_round(py) - OFFSET) / RADIUS))) * 180.0 / math.pi


# --- seed: span, clamp, getter ------------------------------------------------------

def nsuinteger_zoom(z):
    """SeedPort.zoomLevel(fromProtocolZoom:) as the documents' NSUInteger sees it."""
    t = math.trunc(z)
    if t >= 0:
        return int(t)
    return int(t) % (1 << 64)


def nsinteger(v):
    v %= 1 << 64
    return v - (1 << 64) if v >= 1 << 63 else v


def seed_corners(lat, lon, zoom_level, w, h, base=20):
    """Corner latitudes/longitudes of coordinateSpanWithMapView (base 20, or 21)."""
    cx, cy = seed_x(lon), seed_y(lat)
    exponent = nsinteger(base - zoom_level)
    scale = math.ldexp(1.0, exponent) if -1100 < exponent < 1100 else (math.inf if exponent > 0 else 0.0)
    sw, sh = w * scale, h * scale
    tlx, tly = cx - (sw / 2), cy - (sh / 2)
    min_lng, max_lng = seed_lon_of_x(tlx), seed_lon_of_x(tlx + sw)
    min_lat, max_lat = seed_lat_of_y(tly), seed_lat_of_y(tly + sh)
    return dict(min_lng=min_lng, max_lng=max_lng, min_lat=min_lat, max_lat=max_lat,
                lon_delta=max_lng - min_lng, lat_delta=-1 * (max_lat - min_lat),
                tlx=tlx, tly=tly, sw=sw, sh=sh)


def seed_region(lat, lon, zoom, w, h, base=20):
    level = min(nsuinteger_zoom(zoom), 28)
    c = seed_corners(lat, lon, level, w, h, base)
    return c["lat_delta"], c["lon_delta"]


def seed_getter(lon_delta, w):
    width_px = w * 2.0
    zoom_scale = lon_delta * RADIUS * math.pi / (180.0 * width_px)
    frac = 20.0 - cr_log2(zoom_scale)
    z = 0.0 if frac < 0 else frac
    return frac, int(c_round(z))


# --- exact Mercator (corrected core and MapKit model) --------------------------------

def psi(lat):
    """Isometric latitude of a latitude in degrees (exact)."""
    phi = mpf(lat) * mpmath.pi / 180
    return mpmath.atanh(mpmath.sin(phi))


def lat_of_psi(p):
    return mpmath.atan(mpmath.sinh(mpf(p))) * 180 / mpmath.pi


def world(zoom, convention):
    w0 = 512 if convention == "seed512" else 256
    return mpf(w0) * mpf(2) ** mpf(zoom)


def exact_x(lon, zoom, convention):
    return (mpf(lon) + 180) / 360 * world(zoom, convention)


def exact_y(lat, zoom, convention):
    W = world(zoom, convention)
    return W / 2 - W * psi(lat) / (2 * mpmath.pi)


def exact_lat_of_y(y, W):
    return lat_of_psi((W / 2 - mpf(y)) * 2 * mpmath.pi / W)


def exact_lon_of_x(x, W):
    return (mpf(x) - W / 2) * 360 / W


def pole_limited(lat):
    return min(mpf(180), 2 * (90 - abs(mpf(lat))))


def corrected_region(lat, lon, zoom, w, h, convention):
    W = world(zoom, convention)
    lon_delta = min(mpf(360), 360 * mpf(w) / W)
    cy = exact_y(lat, zoom, convention)
    top = max(mpf(0), cy - mpf(h) / 2)
    bottom = min(W, cy + mpf(h) / 2)
    visible = exact_lat_of_y(top, W) - exact_lat_of_y(bottom, W)
    lat_delta = min(max(mpf(0), visible), pole_limited(lat))
    return lat_delta, lon_delta


def corrected_zoom(lon_delta, w, convention):
    w0 = 512 if convention == "seed512" else 256
    z = mpmath.log(360 * mpf(w) / (w0 * mpf(lon_delta)), 2)
    level = int(mpmath.floor(z))
    # largest integer level whose span holds the delta (span computed exactly)
    while level < 28 and 360 * mpf(w) / world(level + 1, convention) >= mpf(lon_delta):
        level += 1
    while level > 0 and 360 * mpf(w) / world(level, convention) < mpf(lon_delta):
        level -= 1
    return z, max(0, min(28, level))


def mapkit_point(lat, lon):
    return exact_x(lon, 20, "tile256"), exact_y(lat, 20, "tile256")


def mapkit_coordinate(x, y):
    W = mpf(MAPKIT_WORLD)
    return exact_lat_of_y(y, W), exact_lon_of_x(x, W)


def mappoint_span(lat, lon, zoom_level, w, h):
    cx, cy = mapkit_point(lat, lon)
    scale = mpf(2) ** (20 - zoom_level)
    sw, sh = w * scale, h * scale
    tlx, tly = cx - sw / 2, cy - sh / 2
    min_lat, min_lon = mapkit_coordinate(tlx, tly)
    max_lat, max_lon = mapkit_coordinate(tlx + sw, tly + sh)
    return -(max_lat - min_lat), max_lon - min_lon


def seed_fit(points):
    """004's zoomMapViewToFitAnnotations: bounding map rect, then pad and clamps (exact)."""
    pts = [mapkit_point(a, b) for a, b in points]
    min_x, max_x = min(p[0] for p in pts), max(p[0] for p in pts)
    min_y, max_y = min(p[1] for p in pts), max(p[1] for p in pts)
    c_lat, c_lon = mapkit_coordinate((min_x + max_x) / 2, (min_y + max_y) / 2)
    tl_lat, tl_lon = mapkit_coordinate(min_x, min_y)
    br_lat, br_lon = mapkit_coordinate(max_x, max_y)
    lat_d, lon_d = (tl_lat - br_lat) * mpf("1.15"), (br_lon - tl_lon) * mpf("1.15")
    lat_d, lon_d = min(lat_d, mpf(360)), min(lon_d, mpf(360))
    lat_d, lon_d = max(lat_d, mpf("0.014")), max(lon_d, mpf("0.014"))
    if len(points) == 1:
        lat_d = lon_d = mpf("0.014")
    return c_lat, c_lon, lat_d, lon_d


def corrected_fit(points):
    lons = sorted(mpf(b) for _, b in points)
    largest, west_index = lons[0] + 360 - lons[-1], 0
    for i in range(1, len(lons)):
        gap = lons[i] - lons[i - 1]
        if gap > largest:
            largest, west_index = gap, i
    west = lons[west_index]
    length = lons[-1] - lons[0] if west_index == 0 else lons[west_index - 1] + 360 - west
    center = west + length / 2
    if center > 180:
        center -= 360
    lats = [mpf(a) for a, _ in points]
    c_lat = (min(lats) + max(lats)) / 2
    lat_d = min(max((max(lats) - min(lats)) * mpf("1.15"), mpf("0.014")), pole_limited(c_lat))
    lon_d = min(max(length * mpf("1.15"), mpf("0.014")), mpf(360))
    return c_lat, center, lat_d, lon_d


def region_valid(c_lat, c_lon, lat_d, lon_d):
    v = []
    vals = [float(c_lat), float(c_lon), float(lat_d), float(lon_d)]
    if not all(math.isfinite(x) for x in vals):
        return ["notFinite"]
    c_lat, c_lon, lat_d, lon_d = vals
    if abs(c_lat) > 90: v.append("centerLatitudeOutOfRange")
    if abs(c_lon) > 180: v.append("centerLongitudeOutOfRange")
    if not 0 <= lat_d <= 180: v.append("latitudeDeltaOutOfRange")
    if not 0 <= lon_d <= 360: v.append("longitudeDeltaOutOfRange")
    if c_lat + lat_d / 2 > 90: v.append("reachesPastNorthPole")
    if c_lat - lat_d / 2 < -90: v.append("reachesPastSouthPole")
    return v
