"""Dense differential comparison of a mutant adapter with the original, over the protocol.

A mutant that no property kills is either a recall gap or *equivalent*: it answers every
request the way the original does, up to the rounding any correct route may differ by. This
module decides which, independently of ZoomCheck's catalogue: it sends the same requests to
both programs' `respond` function (in this process, so tens of thousands of requests take
about a second) and compares the answers.

The requests cover the whole domain the adapter declares (both conventions, every integer
zoom 0...28 and fractional ones, pixels at any zoom, rows outside the world, latitudes up to
and beyond the poles, longitudes up to and beyond +-180, viewports of every shape, regions
wider than the world and narrower than zoom 28 shows, fits of 0 to 7 points in random
orders with bad values at random positions) and every boundary one ulp either side.

Two answers differ when:
- one is an error and the other is not, or their error codes differ (the adapter declares
  `badInput: error-codes`, so the code is part of its answer);
- a flag or an integer differs;
- a number differs by more than RELATIVE_TOLERANCE of its magnitude (floored at
  ABSOLUTE_FLOOR; for a projected row, of the row's conditioning too: `row_tolerance`),
  or one is non-finite and the other not: that is 4,500 ulps, well above
  ErrorBudget's 16 roundings per position and product (16u = 1.8e-15 relative), so two
  correct routes never differ by it, while any change to a constant or a formula does.
Standard library only.
"""

import json
import math
import random
import signal
import struct
import types

RELATIVE_TOLERANCE = 1e-12
ABSOLUTE_FLOOR = 1e-12
# An answer slower than this is a hang: the original answers in microseconds, so only a loop
# that does not end comes near it, even on a loaded machine. The original itself is never
# timed (its answers must not depend on the machine's load).
PROBE_SECONDS = 5.0
LATITUDE_LIMIT = 85.05112877980659


def next_up(value):
    if math.isnan(value) or value == math.inf:
        return value
    if value == 0:
        return 5e-324
    bits = struct.unpack("<q", struct.pack("<d", value))[0]
    bits += 1 if value > 0 else -1
    return struct.unpack("<d", struct.pack("<q", bits))[0]


def next_down(value):
    return -next_up(-value)


def around(value):
    """A value with its neighbours one ulp either side."""
    return [next_down(value), value, next_up(value)]


def number(value):
    """A double as the protocol writes it: non-finite values as strings."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def latitudes(rng, count):
    special = [0.0, -0.0, 1.0, 45.0, -45.0, 60.0, 84.0, -89.0, 89.99999, -89.9999999999]
    for edge in (LATITUDE_LIMIT, 90.0, 180.0):
        special += around(edge) + [-v for v in around(edge)]
    special += [math.nan, math.inf, -math.inf, 1e300, -1e-300]
    drawn = [rng.uniform(-90, 90) for _ in range(count)]
    drawn += [rng.choice([-1, 1]) * (90 - 10 ** rng.uniform(-12, 1)) for _ in range(count // 4)]
    return special + drawn


def longitudes(rng, count):
    special = [0.0, -0.0, 90.0, -90.0, 179.9, -179.9]
    for edge in (180.0, 360.0):
        special += around(edge) + [-v for v in around(edge)]
    special += [math.nan, math.inf, -math.inf]
    return special + [rng.uniform(-180, 180) for _ in range(count)]


def zooms(rng, count):
    special = [float(z) for z in range(29)] + around(0.0)[1:] + around(28.0) + [-1.0, 40.0, math.nan, math.inf, -math.inf]
    special += around(20.0) + around(21.0)
    return special + [rng.uniform(0, 28) for _ in range(count)]


def viewports(rng):
    shapes = [(320.0, 460.0, 1.0), (768.0, 1024.0, 2.0), (1.0, 1.0, 3.0), (2000.0, 300.0, 1.0),
              (512.0, 512.0, 1.0), (4096.0, 4096.0, 1.0), (1e6, 1e6, 1.0), (0.5, 0.25, 1.0)]
    bad = [(0.0, 460.0, 1.0), (320.0, 0.0, 1.0), (320.0, 460.0, 0.0), (-320.0, 460.0, 1.0),
           (320.0, -1.0, 1.0), (math.nan, 460.0, 1.0), (320.0, math.inf, 1.0), (320.0, 460.0, math.nan),
           (320.0, 460.0, -2.0)]
    good = shapes + [(rng.uniform(1, 3000), rng.uniform(1, 3000), rng.choice([1.0, 2.0, 3.0])) for _ in range(6)]
    return good * 6 + bad  # about one viewport in ten is impossible


def requests(seed=20100122):
    """The probe requests, the same list every time for the same seed."""
    rng = random.Random(seed)
    out = []
    conventions = ["seed512", "tile256"]
    lats, lons, zs = latitudes(rng, 300), longitudes(rng, 150), zooms(rng, 40)
    # project: every latitude at a few zooms and longitudes, both conventions.
    for lat in lats:
        for convention in conventions:
            z = rng.choice(zs)
            out.append({"op": "project", "lat": number(lat), "lon": number(rng.choice(lons)), "zoom": number(z), "convention": convention})
    for lon in lons:
        out.append({"op": "project", "lat": number(rng.uniform(-80, 80)), "lon": number(lon), "zoom": number(rng.choice(zs)), "convention": rng.choice(conventions)})
    for z in zs:
        for convention in conventions:
            out.append({"op": "project", "lat": number(rng.uniform(-85, 85)), "lon": number(rng.uniform(-180, 180)), "zoom": number(z), "convention": convention})
    out.append({"op": "project", "lat": 12.5, "lon": 3.25})  # the default zoom and convention
    # unproject: x across and beyond the world, y anywhere finite (rows outside the world too).
    for _ in range(600):
        convention = rng.choice(conventions)
        z = rng.choice(zs)
        world = (512.0 if convention == "seed512" else 256.0) * 2.0 ** (z if math.isfinite(z) and 0 <= z <= 28 else 20)
        x = rng.choice([rng.uniform(0, world), 0.0, world, next_up(world), -1e-9, world / 2, math.nan, math.inf])
        y = rng.choice([rng.uniform(0, world), rng.uniform(-3 * world, 4 * world), 0.0, world, -1.0, world + 1, math.nan, -math.inf, 1e300])
        out.append({"op": "unproject", "x": number(x), "y": number(y), "zoom": number(z), "convention": convention})
    # span: centres anywhere (beyond the band and the poles too), every zoom, every viewport.
    ports = viewports(rng)
    for _ in range(6000):
        width, height, scale = rng.choice(ports)
        lat = rng.choice(lats) if rng.random() < 0.5 else rng.uniform(-LATITUDE_LIMIT, LATITUDE_LIMIT)
        out.append({"op": "span", "lat": number(lat), "lon": number(rng.choice(lons)), "zoom": number(rng.choice(zs)),
                    "width": number(width), "height": number(height), "scale": number(scale), "convention": rng.choice(conventions)})
    # zoom: regions of every size (wider than the world, narrower than zoom 28 shows), invalid ones.
    deltas = [360.0, next_up(360.0), 720.0, 180.0, 1e-9, 1e-12, 5e-324, 0.0, -0.0, -1.0, math.nan, math.inf, 1e-6, 0.0137]
    for _ in range(6000):
        width, height, scale = rng.choice(ports)
        longitude_delta = rng.choice(deltas) if rng.random() < 0.3 else 360.0 * 2.0 ** -rng.uniform(-1, 30)
        latitude_delta = rng.choice([rng.uniform(0, 180), 0.0, 180.0, next_up(180.0), -1.0, math.nan, rng.uniform(0, 10)])
        lat = rng.choice([rng.uniform(-90, 90), rng.choice(lats), 90.0 - latitude_delta / 2 if math.isfinite(latitude_delta) else 0.0])
        out.append({"op": "zoom", "lat": number(lat), "lon": number(rng.choice(lons)), "latitudeDelta": number(latitude_delta),
                    "longitudeDelta": number(longitude_delta), "width": number(width), "height": number(height),
                    "scale": number(scale), "convention": rng.choice(conventions)})
    for z in range(29):  # a region exactly as wide as each integer zoom shows, and a hair either side
        for factor in (1.0, 1 + 1e-14, 1 - 1e-14, 1 + 1e-9, 1 - 1e-9):
            width = rng.choice([320.0, 375.0, 1024.0])
            out.append({"op": "zoom", "lat": 10.0, "lon": 20.0, "latitudeDelta": 1e-9, "longitudeDelta": min(360.0, 360 * width / (512.0 * 2 ** z)) * factor,
                        "width": width, "height": 460.0, "scale": 1.0, "convention": "seed512"})
    # fit: 0 to 7 points, near the poles, across +-180, bad values at random positions, random orders.
    for _ in range(6000):
        count = rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 7])
        points = []
        cluster_lat, cluster_lon = rng.uniform(-89, 89), rng.uniform(-180, 180)
        for _ in range(count):
            kind = rng.random()
            if kind < 0.4:
                lat, lon = rng.uniform(-90, 90), rng.uniform(-180, 180)
            elif kind < 0.7:
                lat = max(-90.0, min(90.0, cluster_lat + rng.uniform(-3, 3)))
                lon = ((cluster_lon + rng.uniform(-20, 20) + 180) % 360) - 180
            elif kind < 0.85:
                lat, lon = rng.choice(lats), rng.choice(lons)
            else:
                lat, lon = rng.choice([90.0, -90.0, 89.9, -89.99]), rng.choice([180.0, -180.0, 179.5, -179.5])
            points.append([number(lat), number(lon)])
        if count and rng.random() < 0.3:
            points.insert(rng.randrange(len(points) + 1), list(points[rng.randrange(len(points))]))
        rng.shuffle(points)
        out.append({"op": "fit", "points": points})
    return out


def load(source, name):
    """The adapter `source` as a module (its `main` is not run)."""
    module = types.ModuleType(name)
    module.__file__ = name
    exec(compile(source, name, "exec"), module.__dict__)
    return module


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


def answer(module, line, timed=True):
    """The module's parsed answer to one request line, or a description of how it failed."""
    signal.signal(signal.SIGALRM, _alarm)
    if timed:
        signal.setitimer(signal.ITIMER_REAL, PROBE_SECONDS)
    try:
        text = module.respond(line)
    except _Hang:
        return {"hang": True}
    except Exception as error:  # respond itself failed (it catches everything it can)
        return {"crash": repr(error)}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        return json.loads(text, parse_constant=lambda name: name)
    except ValueError:
        return {"unreadable": text}


def _value(value):
    if isinstance(value, str) and value in ("inf", "-inf", "nan"):
        return float(value)
    return value


def row_tolerance(request):
    """Extra tolerance of a projected row y: the same relative tolerance applied to the
    problem's conditioning, W * (1 + 1/cos^2 phi) (ErrorBudget.rowPixelsAnywhere's factor):
    near a pole two correct routes (through sin phi, or tan phi, or the colatitude) differ by
    far more than 1e-12 of y, because y itself is that sensitive to the last bit of phi."""
    try:
        latitude, zoom = float(request["lat"]), float(request.get("zoom", 20.0))
        world = (512.0 if request.get("convention", "seed512") == "seed512" else 256.0) * 2.0 ** zoom
    except (TypeError, ValueError, OverflowError):
        return 0.0, math.inf
    if not (math.isfinite(latitude) and math.isfinite(world)) or abs(latitude) >= 90:
        return 0.0, world
    magnitude = abs(latitude)
    cosine = math.cos(math.radians(magnitude)) if magnitude < 45 else math.sin(math.radians(90 - magnitude))
    return RELATIVE_TOLERANCE * world * (1 + 1 / (cosine * cosine)), world


def differ(expected, actual, request=None):
    """Why two answers differ beyond the tolerance, or None."""
    extra = {}
    if request is not None and request.get("op") == "project":
        tolerance, world = row_tolerance(request)
        extra["y"] = tolerance
        if tolerance >= world and "y" in expected and "y" in actual:
            # Within a hair of a pole every row beyond the world's edge on the same side is
            # as good as another (the catalogue's project-matches-the-reference says so too).
            a, b = _value(expected["y"]), _value(actual["y"])
            if (a <= 0 and b <= 0) or (a >= world and b >= world):
                extra["y"] = math.inf
    if "error" in expected or "error" in actual:
        if "error" in expected and "error" in actual:
            if expected["error"]["code"] != actual["error"]["code"]:
                return "error %s, not %s" % (actual["error"]["code"], expected["error"]["code"])
            return None
        return "answered %s, not %s" % (json.dumps(actual)[:160], json.dumps(expected)[:160])
    if set(expected) != set(actual):
        return "answered %s, not %s" % (json.dumps(actual)[:160], json.dumps(expected)[:160])
    for key in expected:
        a, b = _value(expected[key]), _value(actual[key])
        if isinstance(a, bool) or isinstance(b, bool) or (key == "level" and isinstance(a, int) and isinstance(b, int)):
            if a != b:
                return "%s %r, not %r" % (key, b, a)
            continue
        a, b = float(a), float(b)
        if extra.get(key) == math.inf:
            continue
        if key == "lon" and math.isfinite(a) and math.isfinite(b):
            # A centre longitude is a meridian: -180 and 180 are the same one.
            b = a + math.remainder(b - a, 360.0)
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
            if not (a == b or (math.isnan(a) and math.isnan(b))):
                return "%s %r, not %r" % (key, b, a)
            continue
        if abs(a - b) > max(RELATIVE_TOLERANCE * max(abs(a), abs(b)), ABSOLUTE_FLOOR) + extra.get(key, 0.0):
            return "%s %r, not %r" % (key, b, a)
    return None


class Oracle:
    """The original adapter's answers to every probe, computed once."""

    def __init__(self, source, seed=20100122):
        self.requests = requests(seed)
        self.lines = [json.dumps(request, allow_nan=False).encode() for request in self.requests]
        module = load(source, "original")
        self.answers = [answer(module, line, timed=False) for line in self.lines]

    def first_difference(self, source):
        """(request, reason) for the first probe the mutant answers differently, or None."""
        try:
            module = load(source, "mutant")
        except Exception as error:
            return ("(loading the program)", "does not load: %r" % (error,))
        for request, line, expected in zip(self.requests, self.lines, self.answers):
            reason = differ(expected, answer(module, line), request)
            if reason:
                return (line.decode(), reason)
        return None
