#!/usr/bin/env python3
"""An example ZoomCheck adapter: Web-Mercator zoom arithmetic behind the JSON-lines protocol.

ZoomCheck checks any program that reads requests on standard input, one JSON object per
line, and writes exactly one response line per request on standard output (PROTOCOL.md at
the top of the repository). Run the whole property catalogue against this file with:

    zoomcheck check --impl 'exec:python3 Examples/python-adapter/zoomcheck_adapter.py'

The file has three parts:

1. CAPABILITIES: what the implementation can do and which conventions it keeps. Edit it
   to describe your own code.
2. The map arithmetic (project, unproject, span, zoom, fit). This is the part to replace:
   keep each function's signature, validate the input, and call your own code.
3. The protocol: reading requests, checking their fields, writing responses. You should
   not need to change it.

It needs only Python 3.8+ and its standard library, and it never stops on a bad line:
every non-blank line gets exactly one answer, in order, flushed at once.
"""

import json
import math
import struct
import sys

# ---------------------------------------------------------------------------------------
# Part 1: capabilities (the answer to {"op":"describe"}, protocol version 3)
# ---------------------------------------------------------------------------------------

CAPABILITIES = {
    # Protocol version this program speaks. Leave at 3.
    "protocol": 3,
    # A name for reports (zoomcheck labels the program exec:<name>).
    "name": "python-example",
    # The operations your code has. Remove the ones it lacks: requests for them are then
    # answered with the error code "unsupported", and the properties that need them are
    # "not applicable" instead of failed.
    "operations": ["project", "unproject", "span", "zoom", "fit"],
    # The pixel conventions `span`, `zoom`, `project` and `unproject` accept:
    # "seed512" (the blog's 512-px world at zoom 0) and "tile256" (256-px tiles, MapKit and
    # Google). A convention listed here is one your code handles; others get "unsupported".
    "conventions": ["seed512", "tile256"],
    # Whether `span` and `zoom` take fractional zoom levels (False: integers only, and a
    # fractional zoom is answered with "unsupported").
    "fractionalZooms": True,
    # Whether `project`/`unproject` work at any zoom in 0...28 (False: only the documents'
    # pixel space, zoom 20 in seed512 or zoom 21 in tile256; other zooms get "unsupported").
    "anyPixelZoom": True,
    # How `zoom` turns the fractional zoom into the integer `level`:
    #   "fitting"     - the largest integer zoom whose span still holds the region (floor);
    #   "nearest"     - the nearest integer to the fractional zoom;
    #   "unspecified" - not stated (ZoomCheck then only checks |level - zoom| <= 1).
    "level": "fitting",
    # Which spans the `zoom` getter reads:
    #   "longitude"              - the longitude span only (MapKit, the documents);
    #   "latitude-and-longitude" - the largest zoom at which both extents fit the viewport.
    "zoomSource": "longitude",
    # How `fit` pads the points' extent: {"factor": f, "minimumDelta": degrees}, or None
    # (written as null) when your fit pads in some other way; the padding properties then
    # do not apply.
    "fitPadding": {"factor": 1.15, "minimumDelta": 0.014},
    # How impossible input (NaN, |lat| > 90, zoom 40, a zero-width viewport, ...) is answered:
    #   "error-codes" - with exactly the error code PROTOCOL.md names (as this file does);
    #   "refuses"     - with some error, or an answer that cannot be mistaken for a real one;
    #   "unchecked"   - not validated (garbage in, garbage out).
    "badInput": "error-codes",
    # Where a map view may be centred by `span`:
    #   "mercator-band" - centres beyond +-85.0511287798066 deg get "invalid-latitude";
    #   "none"          - any latitude in -90...90 is accepted.
    "centreLimit": "mercator-band",
    # How a region (a centre and two deltas) is read, new in version 3: for `fit` coverage and
    # for `valid`:
    #   "mapkit"        - MapKit's MKCoordinateRegion, latitudes centre +- latitudeDelta / 2;
    #   "mercator-view" - a Mercator view (a static map image): rows centred on the centre's
    #                     row, whose latitudes span latitudeDelta.
    "regionReading": "mapkit",
    # How `fit` shapes its region:
    #   "free"  - each delta is its own extent, padded (as this file does);
    #   "fixed" - the region a fixed-aspect view shows: one delta padded, the other as large
    #             as the view's aspect makes it. Leave it out if you are not sure: either is
    #             then accepted.
    "fitAspect": "free",
    # What `project` does with a latitude past the Mercator band (85.0511 deg to 90 deg):
    #   "extends" - projects it outside the world, as the formula gives it (as this file does);
    #   "clamps"  - clamps it to the band's edge (y = 0 or W);
    #   "refuses" - answers "invalid-latitude".
    # Leave it out if you are not sure: any of the three is then accepted.
    "projectBeyondBand": "extends",
}


class ProtocolError(Exception):
    """A refusal, answered as {"error": {"code": ..., "message": ...}}."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


# ---------------------------------------------------------------------------------------
# Part 2: the map arithmetic (replace the bodies with calls into your own code)
# ---------------------------------------------------------------------------------------
#
# Units: angles are degrees at every boundary (radians only inside functions); pixel values
# are pixels of the whole world at a zoom and convention; viewports are in points (a
# 256-point tile looks the same on a 1x, 2x or 3x screen, so the pixels-per-point `scale`
# never changes a span or a zoom).

# Width of the whole world at zoom 0, in pixels of each convention.
WORLD_WIDTH_AT_ZOOM_0 = {"seed512": 512.0, "tile256": 256.0}
# Zoom levels every operation accepts, fractional values included (the documents clamp at 28).
MIN_ZOOM = 0.0
MAX_ZOOM = 28.0
# The latitude where the square Mercator world ends (psi = pi): atan(sinh(pi)) in degrees,
# 85.0511287798065923..., rounded to the nearest double.
LATITUDE_LIMIT = 85.05112877980659
RADIANS_PER_DEGREE = math.pi / 180
DEGREES_PER_RADIAN = 180 / math.pi
# psi(45 deg) = asinh(1): where the two forms of psi and of its inverse switch.
PSI_AT_45_DEGREES = math.asinh(1.0)


def world_width(convention, zoom):
    """Width (and height) of the world at `zoom` in pixels: W0 * 2^zoom (exact for integers)."""
    return WORLD_WIDTH_AT_ZOOM_0[convention] * 2.0 ** zoom


def isometric_latitude(latitude):
    """psi = ln tan(pi/4 + phi/2) in radians, for a latitude in degrees strictly inside +-90.

    The textbook log((1 + sin phi) / (1 - sin phi)) / 2 cancels near the poles, where
    1 - sin phi loses its digits. Instead:
    - below 45 deg: asinh(tan phi), where nothing cancels;
    - from 45 deg: -ln tan(theta / 2) with the colatitude theta = 90 deg - |phi|. The
      subtraction is exact there (Sterbenz), so theta keeps full relative precision.
    """
    magnitude = abs(latitude)
    if magnitude < 45:
        psi = math.asinh(math.tan(magnitude * RADIANS_PER_DEGREE))
    else:
        colatitude = (90 - magnitude) * RADIANS_PER_DEGREE
        psi = math.inf if colatitude == 0 else -math.log(math.tan(colatitude / 2))
    return math.copysign(psi, latitude)  # odd, and -0.0 stays -0.0


def latitude_of_isometric(psi):
    """The inverse: latitude in degrees of psi in radians (the Gudermannian)."""
    magnitude = abs(psi)
    if magnitude < PSI_AT_45_DEGREES:
        latitude = math.atan(math.sinh(magnitude)) * DEGREES_PER_RADIAN
    else:
        # The small colatitude 2 atan(e^-|psi|) directly, not as a difference near pi/2.
        latitude = 90 - 2 * math.atan(math.exp(-magnitude)) * DEGREES_PER_RADIAN
    return math.copysign(latitude, psi)


def x_of_longitude(longitude, world):
    """x in pixels: the longitude's fraction of the world, (lon + 180) / 360, times W."""
    return (longitude + 180) / 360 * world


def y_of_latitude(latitude, world):
    """y in pixels, 0 at the top (about 85.05 N), growing southward: W/2 - W psi / 2pi."""
    return world / 2 - isometric_latitude(latitude) * (world / (2 * math.pi))


def longitude_of_x(x, world):
    return (x - world / 2) * (360 / world)


def latitude_of_y(y, world):
    return latitude_of_isometric((world / 2 - y) * (2 * math.pi / world))


# Input checks: each refusal names the value and uses the protocol's error code.

def check_latitude(latitude, role="latitude", limit=90.0, inclusive=True, note=""):
    inside = abs(latitude) <= limit if inclusive else abs(latitude) < limit
    if not (math.isfinite(latitude) and inside):
        shown = number_text(limit)
        bound = "-%s...%s" % (shown, shown) if inclusive else "-%s<..<%s" % (shown, shown)
        raise ProtocolError("invalid-latitude", "%s %s is outside %s%s" % (role, number_text(latitude), bound, note))


def check_longitude(longitude, role="longitude"):
    if not (math.isfinite(longitude) and abs(longitude) <= 180):
        raise ProtocolError("invalid-longitude", "%s %s is outside -180...180" % (role, number_text(longitude)))


def check_zoom(zoom, pixel_space=False, convention="seed512"):
    if not (math.isfinite(zoom) and MIN_ZOOM <= zoom <= MAX_ZOOM):
        raise ProtocolError("invalid-zoom", "zoom %s is outside 0...28" % number_text(zoom))
    if pixel_space and not CAPABILITIES["anyPixelZoom"]:
        if (convention, zoom) not in (("seed512", 20.0), ("tile256", 21.0)):
            raise ProtocolError("unsupported", "pixels only at zoom 20 seed512 (zoom 21 tile256)")
    if not pixel_space and not CAPABILITIES["fractionalZooms"] and zoom != math.floor(zoom):
        raise ProtocolError("unsupported", "fractional zoom %s" % number_text(zoom))


def check_viewport(width, height, scale):
    for label, value in (("width", width), ("height", height), ("scale", scale)):
        if not (math.isfinite(value) and value > 0):
            raise ProtocolError("invalid-viewport", "viewport %s %s must be finite and greater than 0" % (label, number_text(value)))


def next_down(value):
    """The largest double below a positive finite `value` (math.nextafter needs 3.9)."""
    bits = struct.unpack("<q", struct.pack("<d", value))[0]
    return struct.unpack("<d", struct.pack("<q", bits - 1))[0]


def pole_limited_delta(center_latitude):
    """The largest latitude delta that keeps center +- delta/2 within +-90, in doubles."""
    delta = min(180.0, 2 * (90 - abs(center_latitude)))
    while delta > 0 and (center_latitude + delta / 2 > 90 or center_latitude - delta / 2 < -90):
        delta = next_down(delta)
    return max(0.0, delta)


def project(lat, lon, zoom, convention):
    """Pixel position (x, y) of a coordinate at `zoom` in `convention`."""
    check_latitude(lat, inclusive=False, note=" (the poles project to infinity)")
    check_longitude(lon)
    check_zoom(zoom, pixel_space=True, convention=convention)
    world = world_width(convention, zoom)
    return {"x": x_of_longitude(lon, world), "y": y_of_latitude(lat, world)}


def unproject(x, y, zoom, convention):
    """Coordinate of a pixel position: x within 0...W, any finite y."""
    check_zoom(zoom, pixel_space=True, convention=convention)
    world = world_width(convention, zoom)
    if not (math.isfinite(x) and 0 <= x <= world):
        raise ProtocolError("invalid-longitude", "x %s px is outside the world 0...%s at zoom %s %s" % (number_text(x), number_text(world), number_text(zoom), convention))
    if not math.isfinite(y):
        raise ProtocolError("invalid-latitude", "y %s px is not finite" % number_text(y))
    return {"lat": latitude_of_y(y, world), "lon": longitude_of_x(x, world)}


def longitude_span(width, zoom, convention):
    """Longitude a viewport `width` points wide shows at `zoom`: 360 * width / W, at most 360."""
    return min(360.0, 360 * width / world_width(convention, zoom))


def span(lat, lon, zoom, width, height, scale, convention):
    """The region a width x height-point view centred on (lat, lon) at `zoom` shows.

    Always a valid region, by three clamps: at most 360 deg of longitude; the viewport's rows
    clipped to the world (0...W) before they become latitudes; and the latitude delta lowered
    to what keeps centre +- delta/2 within the poles.
    """
    if CAPABILITIES["centreLimit"] == "mercator-band":
        check_latitude(lat, "centre latitude", limit=LATITUDE_LIMIT, note=" (the Mercator band)")
    else:
        check_latitude(lat, "centre latitude")
    check_longitude(lon, "centre longitude")
    check_zoom(zoom)
    check_viewport(width, height, scale)
    world = world_width(convention, zoom)
    center_y = y_of_latitude(lat, world)
    top_y = max(0.0, center_y - height / 2)
    bottom_y = min(world, center_y + height / 2)
    visible = latitude_of_y(top_y, world) - latitude_of_y(bottom_y, world)
    return {
        "latitudeDelta": min(max(0.0, visible), pole_limited_delta(lat)),
        "longitudeDelta": longitude_span(width, zoom, convention),
    }


def region_problems(lat, lon, latitude_delta, longitude_delta):
    """What makes a region invalid (PROTOCOL.md's `valid`); empty when a map view accepts it."""
    if not all(math.isfinite(v) for v in (lat, lon, latitude_delta, longitude_delta)):
        return ["a value is not finite"]
    problems = []
    if abs(lat) > 90:
        problems.append("centre latitude outside -90...90")
    if abs(lon) > 180:
        problems.append("centre longitude outside -180...180")
    if not 0 <= latitude_delta <= 180:
        problems.append("latitudeDelta outside 0...180")
    if not 0 <= longitude_delta <= 360:
        problems.append("longitudeDelta outside 0...360")
    if lat + latitude_delta / 2 > 90:
        problems.append("reaches past the north pole")
    if lat - latitude_delta / 2 < -90:
        problems.append("reaches past the south pole")
    return problems


def zoom(lat, lon, latitude_delta, longitude_delta, width, height, scale, convention):
    """The zoom at which the view shows exactly the region's longitude span, and its level.

    zoom = log2(360 * width / (W0 * longitudeDelta)); level = the largest integer zoom in
    0...28 whose longitude span still holds longitudeDelta, decided by comparing spans so
    that a zoom that is an integer up to rounding reads back as that integer.
    """
    check_viewport(width, height, scale)
    problems = region_problems(lat, lon, latitude_delta, longitude_delta)
    if problems:
        raise ProtocolError("invalid-span", "the region is not valid: " + ", ".join(problems))
    if not longitude_delta > 0:
        raise ProtocolError("invalid-span", "longitudeDelta %s must be greater than 0" % number_text(longitude_delta))
    ratio = 360 * width / (WORLD_WIDTH_AT_ZOOM_0[convention] * longitude_delta)
    if not (math.isfinite(ratio) and ratio > 0):  # math.log2 raises where C gives -inf
        raise ProtocolError("invalid-span", "longitudeDelta %s gives a zoom that is not finite" % number_text(longitude_delta))
    fractional = math.log2(ratio)
    if not math.isfinite(fractional):
        raise ProtocolError("invalid-span", "longitudeDelta %s gives a zoom that is not finite" % number_text(longitude_delta))

    def holds(level):
        return longitude_span(width, float(level), convention) >= longitude_delta

    lowest, highest = int(MIN_ZOOM), int(MAX_ZOOM)
    level = min(highest, max(lowest, math.floor(fractional)))
    while level < highest and holds(level + 1):
        level += 1
    while level > lowest and not holds(level):
        level -= 1
    return {"zoom": fractional, "level": level}


FIT_PADDING = CAPABILITIES["fitPadding"] or {"factor": 1.15, "minimumDelta": 0.014}


def shortest_longitude_arc(longitudes):
    """(length, centre) of the shortest arc of the circle holding every longitude.

    It is the complement of the largest gap between neighbours; of equal gaps, the one across
    +-180 wins, then the westernmost. The centre is normalised to -180...180.
    """
    ordered = sorted(longitudes)
    first, last = ordered[0], ordered[-1]
    largest_gap = first + 360 - last  # east of the last, round to the first
    west_index = 0
    for index in range(1, len(ordered)):
        gap = ordered[index] - ordered[index - 1]
        if gap > largest_gap:
            largest_gap, west_index = gap, index
    west = ordered[west_index]
    length = last - first if west_index == 0 else ordered[west_index - 1] + 360 - west
    center = west + length / 2
    if center > 180:
        center -= 360
    return length, center


def fit(points):
    """The smallest padded region showing every [lat, lon] point, the short way round."""
    if not points:
        raise ProtocolError("empty-input", "fit needs at least one point")
    for index, (lat, lon) in enumerate(points):
        check_latitude(lat, "latitude of point %d" % index)  # the poles are allowed here
        check_longitude(lon, "longitude of point %d" % index)
    arc_length, center_longitude = shortest_longitude_arc([lon for _, lon in points])
    southernmost = min(lat for lat, _ in points)
    northernmost = max(lat for lat, _ in points)
    center_latitude = (southernmost + northernmost) / 2
    factor, minimum = FIT_PADDING["factor"], FIT_PADDING["minimumDelta"]
    latitude_delta = min(max((northernmost - southernmost) * factor, minimum), pole_limited_delta(center_latitude))
    longitude_delta = min(max(arc_length * factor, minimum), 360.0)
    return {
        "lat": center_latitude,
        "lon": center_longitude,
        "latitudeDelta": latitude_delta,
        "longitudeDelta": longitude_delta,
    }


# ---------------------------------------------------------------------------------------
# Part 3: the protocol (you should not need to change anything below)
# ---------------------------------------------------------------------------------------

NON_FINITE = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


class RawNumber:
    """A JSON number as written in the request, so that `id` is echoed unchanged."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


class Members(dict):
    """A JSON object's members, remembering the first name that occurred twice."""

    duplicate = None


def members_hook(pairs):
    members = Members()
    for name, value in pairs:
        if name in members:
            if members.duplicate is None:
                members.duplicate = name
            continue  # keep the first value
        members[name] = value
    return members


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)


DECODER = json.JSONDecoder(
    object_pairs_hook=members_hook,
    parse_float=RawNumber,
    parse_int=RawNumber,
    parse_constant=reject_constant,  # NaN, Infinity, -Infinity are not JSON
)


def number_text(value):
    """A double as text that parses back to the same bits (repr is shortest round-trip)."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    if value == math.floor(value) and abs(value) < 2.0 ** 53:
        return "-0" if math.copysign(1, value) < 0 and value == 0 else str(int(value))  # 268435456, not 268435456.0
    return repr(value)


def encode(value):
    """A response value as JSON: numbers bit-exact, non-finite as "inf", "-inf", "nan"."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, RawNumber):
        return value.text
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number_text(value) if math.isfinite(value) else '"%s"' % number_text(value)
    if isinstance(value, str):
        return json.dumps(value)  # ASCII, with escapes
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + encode(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(encode(v) for v in value) + "]"
    raise TypeError("cannot encode %r" % (value,))


def describe_value(value):
    """How a mistyped field is described in a message."""
    if isinstance(value, RawNumber):
        return value.text
    if isinstance(value, str):
        return json.dumps(value)
    return {bool: "a boolean", type(None): "null", list: "an array", Members: "an object"}.get(type(value), "a value")


NUMBER_EXPECTATION = 'a number (or the string "inf", "-inf" or "nan")'


def read_number(request, field, default=None):
    """A number field: a JSON number or one of the strings "inf", "-inf", "nan"."""
    if field not in request:
        if default is None:
            raise ProtocolError("invalid-request", 'missing field "%s"' % field)
        return default
    value = request[field]
    if isinstance(value, RawNumber):
        return float(value.text)  # correctly rounded; overflows to +-inf like strtod
    if isinstance(value, str) and value in NON_FINITE:
        return NON_FINITE[value]
    raise ProtocolError("invalid-request", 'field "%s" must be %s, got %s' % (field, NUMBER_EXPECTATION, describe_value(value)))


def read_convention(request):
    value = request.get("convention", "seed512")
    if not isinstance(value, str):
        raise ProtocolError("invalid-request", 'field "convention" must be a string (seed512 or tile256), got %s' % describe_value(value))
    if value not in WORLD_WIDTH_AT_ZOOM_0:
        raise ProtocolError("invalid-request", "unknown convention %s (expected seed512 or tile256)" % json.dumps(value))
    if value not in CAPABILITIES["conventions"]:
        raise ProtocolError("unsupported", "convention %s is not supported" % value)
    return value


def read_points(request):
    expected = "an array of [lat, lon] pairs of numbers"
    if "points" not in request:
        raise ProtocolError("invalid-request", 'missing field "points"')
    value = request["points"]
    if not isinstance(value, list):
        raise ProtocolError("invalid-request", 'field "points" must be %s, got %s' % (expected, describe_value(value)))
    points = []
    for index, pair in enumerate(value):
        try:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise ProtocolError("invalid-request", "")
            points.append((read_number({"p": pair[0]}, "p"), read_number({"p": pair[1]}, "p")))
        except ProtocolError:
            raise ProtocolError("invalid-request", 'field "points" must be %s, got an array whose element %d is not such a pair' % (expected, index))
    return points


def answer_describe(request):
    return dict(CAPABILITIES)


def answer_project(request):
    lat, lon = read_number(request, "lat"), read_number(request, "lon")
    zoom_level = read_number(request, "zoom", default=20.0)
    return project(lat, lon, zoom_level, read_convention(request))


def answer_unproject(request):
    x, y = read_number(request, "x"), read_number(request, "y")
    zoom_level = read_number(request, "zoom", default=20.0)
    return unproject(x, y, zoom_level, read_convention(request))


def read_viewport(request):
    width, height = read_number(request, "width"), read_number(request, "height")
    return width, height, read_number(request, "scale", default=1.0)  # new in version 2


def answer_span(request):
    lat, lon = read_number(request, "lat"), read_number(request, "lon")
    zoom_level = read_number(request, "zoom")
    width, height, scale = read_viewport(request)
    region = span(lat, lon, zoom_level, width, height, scale, read_convention(request))
    region["valid"] = not region_problems(lat, lon, region["latitudeDelta"], region["longitudeDelta"])
    # New in version 3: the centre the view shows (a setter that moved it would say so here).
    region["lat"], region["lon"] = lat, lon
    return region


def answer_zoom(request):
    lat, lon = read_number(request, "lat"), read_number(request, "lon")
    deltas = read_number(request, "latitudeDelta"), read_number(request, "longitudeDelta")
    width, height, scale = read_viewport(request)
    return zoom(lat, lon, deltas[0], deltas[1], width, height, scale, read_convention(request))


def answer_fit(request):
    region = fit(read_points(request))
    region["valid"] = not region_problems(region["lat"], region["lon"], region["latitudeDelta"], region["longitudeDelta"])
    return region


OPERATIONS = {
    "project": answer_project,
    "unproject": answer_unproject,
    "span": answer_span,
    "zoom": answer_zoom,
    "fit": answer_fit,
}


NO_ID = object()  # a request without an id (an "id": null is echoed as null)


def respond(line):
    """The response line (without its line feed) for one non-blank request line."""
    request_id = NO_ID
    try:
        try:
            request = DECODER.decode(line.decode("utf-8"))
        except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
            raise ProtocolError("invalid-request", "not JSON: %s" % error)
        if not isinstance(request, Members):
            raise ProtocolError("invalid-request", "a request must be a JSON object")
        if "id" in request:
            request_id = request["id"]
        if request.duplicate is not None:
            raise ProtocolError("invalid-request", 'duplicate field "%s"' % request.duplicate)
        if "op" not in request:
            raise ProtocolError("invalid-request", 'missing field "op"')
        op = request["op"]
        if not isinstance(op, str):
            raise ProtocolError("invalid-request", 'field "op" must be a string, got %s' % describe_value(op))
        if op == "describe":
            answer = answer_describe(request)
        elif op in OPERATIONS:
            if op not in CAPABILITIES["operations"]:
                raise ProtocolError("unsupported", "%s is not supported" % op)
            answer = OPERATIONS[op](request)
        else:
            raise ProtocolError("invalid-request", "unknown op %s (expected project, unproject, span, zoom, fit or describe)" % json.dumps(op))
    except ProtocolError as error:
        answer = {"error": {"code": error.code, "message": error.message}}
    except Exception as error:  # a bug here must not stop the program: report it instead
        answer = {"error": {"code": "invalid-request", "message": "internal error: %r" % (error,)}}
    if request_id is not NO_ID:
        answer = dict([("id", request_id)] + list(answer.items()))  # the id first
    return encode(answer)


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    try:
        while True:
            line = stdin.readline()  # returns as soon as one line has arrived
            if not line:
                return 0
            if not line.strip(b" \t\r\n"):
                continue  # a blank line gets no response
            stdout.write(respond(line).encode("ascii") + b"\n")
            stdout.flush()  # the caller waits for this answer before sending more
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    sys.exit(main())
