"""Tests of the example adapter: the protocol's edge cases and each error code.

Run with:  python3 -m unittest discover -s Examples/python-adapter
(standard library only; the adapter runs as a separate process, as zoomcheck runs it).
"""

import json
import math
import os
import select
import struct
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "zoomcheck_adapter.py")
sys.path.insert(0, HERE)
import zoomcheck_adapter  # noqa: E402  (the functions, for the numeric tests)

NON_FINITE = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


def run(lines):
    """The adapter's response lines to `lines` (each a str, or bytes sent as they are)."""
    data = b"".join((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n" for line in lines)
    result = subprocess.run([sys.executable, ADAPTER], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if result.returncode != 0 or result.stderr:
        raise AssertionError("adapter exited %d: %s" % (result.returncode, result.stderr.decode()))
    return result.stdout.decode("ascii").splitlines()


def ask(request):
    """The adapter's response to one request (a dict, or a raw line), parsed."""
    line = request if isinstance(request, (str, bytes)) else json.dumps(request)
    (response,) = run([line])
    return json.loads(response)


def code(request):
    return ask(request).get("error", {}).get("code")


def bits(value):
    return struct.pack("<d", value)


SPAN = {"op": "span", "lat": 10, "lon": 20, "zoom": 3, "width": 320, "height": 480}
ZOOM = {"op": "zoom", "lat": 0, "lon": 0, "latitudeDelta": 1, "longitudeDelta": 1, "width": 320, "height": 480}


class ProtocolTests(unittest.TestCase):
    def test_one_response_per_non_blank_line_in_order(self):
        lines = ['{"op":"project","lat":0,"lon":0,"id":1}', "", "   \t\r", "not json", '{"op":"fit","points":[],"id":2}']
        responses = [json.loads(r) for r in run(lines)]
        self.assertEqual(len(responses), 3)
        self.assertEqual(responses[0]["id"], 1)
        self.assertNotIn("id", responses[1])
        self.assertEqual(responses[1]["error"]["code"], "invalid-request")
        self.assertEqual(responses[2], {"id": 2, "error": {"code": "empty-input", "message": "fit needs at least one point"}})

    def test_last_line_without_line_feed_and_crlf(self):
        result = subprocess.run([sys.executable, ADAPTER], input=b'{"op":"project","lat":0,"lon":0}\r\n{"op":"project","lat":0,"lon":0}',
                                stdout=subprocess.PIPE, timeout=60)
        self.assertEqual(result.stdout.decode().splitlines(), ['{"x":268435456,"y":268435456}'] * 2)

    def test_answers_each_line_before_the_next_arrives(self):
        process = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            for index in range(3):
                process.stdin.write(b'{"op":"project","lat":0,"lon":0,"id":%d}\n' % index)
                process.stdin.flush()
                ready, _, _ = select.select([process.stdout], [], [], 30)
                self.assertTrue(ready, "no answer while the input stays open: the adapter must flush each line")
                self.assertEqual(json.loads(process.stdout.readline())["id"], index)
        finally:
            process.stdin.close()
            process.wait(timeout=30)
            process.stdout.close()

    def test_id_is_echoed_unchanged(self):
        for request_id in ['7', '"a"', 'null', '[1,{"b":false}]', '1e400', '-0', '123456789012345678901234567890']:
            line = '{"id":%s,"op":"project","lat":0,"lon":0}' % request_id
            (response,) = run([line])
            self.assertTrue(response.startswith('{"id":%s,' % request_id), response)
        (response,) = run(['{"id":3,"op":"nope"}'])
        self.assertTrue(response.startswith('{"id":3,"error":'))

    def test_malformed_lines_are_invalid_requests(self):
        for line in ["garbage", "[1,2]", "42", '"op"', "{", '{"op":"project","lat":0,"lon":0} x', '{"op":"project","lat":NaN,"lon":0}',
                     b'{"op":"project","lat":"\xff","lon":0}', '{"op":' + "[" * 5000 + "]" * 5000 + "}"]:
            response = ask(line)
            self.assertEqual(response["error"]["code"], "invalid-request", line)
            self.assertNotIn("id", response)

    def test_missing_and_mistyped_fields_are_named(self):
        cases = [
            ({"lat": 0}, '"op"'),
            ({"op": 1}, '"op"'),
            ({"op": "project", "lon": 0}, '"lat"'),
            ({"op": "project", "lat": "north", "lon": 0}, '"lat"'),
            ({"op": "project", "lat": True, "lon": 0}, '"lat"'),
            ({"op": "project", "lat": 0, "lon": 0, "convention": 5}, '"convention"'),
            ({"op": "project", "lat": 0, "lon": 0, "convention": "tile512"}, "convention"),
            (dict(SPAN, width=None), '"width"'),
            (dict(SPAN, scale=[2]), '"scale"'),
            ({"op": "span", "lat": 0, "lon": 0, "width": 1, "height": 1}, '"zoom"'),
            ({"op": "fit", "points": [[1, 2], [3]]}, '"points"'),
            ({"op": "fit", "points": {"lat": 1}}, '"points"'),
            ({"op": "fit"}, '"points"'),
        ]
        for request, field in cases:
            error = ask(request)["error"]
            self.assertEqual(error["code"], "invalid-request", request)
            self.assertIn(field, error["message"], request)
        error = ask('{"op":"project","lat":1,"lon":2,"lat":3}')["error"]
        self.assertEqual((error["code"], error["message"]), ("invalid-request", 'duplicate field "lat"'))

    def test_unknown_op_is_an_invalid_request(self):
        self.assertEqual(code({"op": "rotate"}), "invalid-request")

    def test_non_finite_strings_are_numbers(self):
        self.assertEqual(code({"op": "project", "lat": "nan", "lon": 0}), "invalid-latitude")
        self.assertEqual(code({"op": "project", "lat": 0, "lon": "-inf"}), "invalid-longitude")
        self.assertEqual(code({"op": "project", "lat": 0, "lon": 0, "zoom": "inf"}), "invalid-zoom")
        self.assertEqual(code({"op": "fit", "points": [[0, "nan"]]}), "invalid-longitude")
        self.assertEqual(code({"op": "project", "lat": "Infinity", "lon": 0}), "invalid-request")

    def test_numbers_round_trip_bit_for_bit(self):
        response = ask({"op": "unproject", "x": 123456789.123, "y": 98765432.1})
        expected = zoomcheck_adapter.unproject(123456789.123, 98765432.1, 20.0, "seed512")
        for field in ("lat", "lon"):
            self.assertEqual(bits(response[field]), bits(expected[field]))
        self.assertEqual(ask({"op": "project", "lat": 0, "lon": 0}), {"x": 268435456, "y": 268435456})
        self.assertEqual(zoomcheck_adapter.encode([math.inf, -math.inf, math.nan, -0.0, 0.1, 1e-300]), '["inf","-inf","nan",-0,0.1,1e-300]')


class DescribeTests(unittest.TestCase):
    def test_describe_lists_the_capabilities(self):
        response = ask({"op": "describe", "id": "caps"})
        self.assertEqual(response, dict({"id": "caps"}, **{
            "protocol": 3, "name": "python-example", "operations": ["project", "unproject", "span", "zoom", "fit"],
            "conventions": ["seed512", "tile256"], "fractionalZooms": True, "anyPixelZoom": True, "level": "fitting",
            "zoomSource": "longitude", "fitPadding": {"factor": 1.15, "minimumDelta": 0.014}, "badInput": "error-codes",
            "centreLimit": "mercator-band", "regionReading": "mapkit", "fitAspect": "free",
            "projectBeyondBand": "extends"}))
        self.assertNotIn("id", ask({"op": "describe"}))

    def test_ops_and_conventions_left_out_are_unsupported(self):
        saved = dict(zoomcheck_adapter.CAPABILITIES)
        try:
            zoomcheck_adapter.CAPABILITIES["operations"] = ["project"]
            zoomcheck_adapter.CAPABILITIES["conventions"] = ["seed512"]
            fit = json.loads(zoomcheck_adapter.respond(b'{"op":"fit","points":[[0,0]]}'))
            tile = json.loads(zoomcheck_adapter.respond(b'{"op":"project","lat":0,"lon":0,"convention":"tile256"}'))
            self.assertEqual(fit["error"]["code"], "unsupported")
            self.assertEqual(tile["error"]["code"], "unsupported")
        finally:
            zoomcheck_adapter.CAPABILITIES.clear()
            zoomcheck_adapter.CAPABILITIES.update(saved)


class ErrorCodeTests(unittest.TestCase):
    def test_invalid_latitude(self):
        self.assertEqual(code({"op": "project", "lat": 90, "lon": 0}), "invalid-latitude")
        self.assertEqual(code(dict(SPAN, lat=85.0511287798066)), "invalid-latitude")  # past the Mercator band
        self.assertEqual(code({"op": "unproject", "x": 0, "y": "inf"}), "invalid-latitude")
        self.assertEqual(code({"op": "fit", "points": [[0, 0], [90.5, 0]]}), "invalid-latitude")

    def test_invalid_longitude(self):
        self.assertEqual(code({"op": "project", "lat": 0, "lon": 180.00000000000003}), "invalid-longitude")
        self.assertEqual(code({"op": "unproject", "x": -1, "y": 0}), "invalid-longitude")
        self.assertEqual(code(dict(SPAN, lon=-181)), "invalid-longitude")

    def test_invalid_zoom(self):
        self.assertEqual(code({"op": "project", "lat": 0, "lon": 0, "zoom": -1}), "invalid-zoom")
        self.assertEqual(code(dict(SPAN, zoom=28.000000000000004)), "invalid-zoom")

    def test_invalid_viewport(self):
        self.assertEqual(code(dict(SPAN, width=0)), "invalid-viewport")
        self.assertEqual(code(dict(SPAN, scale=-2)), "invalid-viewport")
        self.assertEqual(code(dict(ZOOM, height="nan")), "invalid-viewport")

    def test_invalid_span(self):
        self.assertEqual(code(dict(ZOOM, longitudeDelta=0)), "invalid-span")
        self.assertEqual(code(dict(ZOOM, longitudeDelta=361)), "invalid-span")
        self.assertEqual(code(dict(ZOOM, lat=89, latitudeDelta=3)), "invalid-span")  # past the pole
        self.assertEqual(code(dict(ZOOM, lat="nan")), "invalid-span")  # the region is checked as a whole

    def test_empty_input(self):
        self.assertEqual(code({"op": "fit", "points": []}), "empty-input")

    def test_validation_order(self):
        # project: latitude, then longitude, then zoom.
        self.assertEqual(code({"op": "project", "lat": 91, "lon": 181, "zoom": 99}), "invalid-latitude")
        # unproject: zoom first.
        self.assertEqual(code({"op": "unproject", "x": "nan", "y": "nan", "zoom": 99}), "invalid-zoom")
        # zoom: the viewport before the region.
        self.assertEqual(code(dict(ZOOM, width=-1, longitudeDelta=0)), "invalid-viewport")
        # fit: point by point, latitude before longitude.
        self.assertEqual(code({"op": "fit", "points": [[0, 200], [100, 0]]}), "invalid-longitude")


class ArithmeticTests(unittest.TestCase):
    def test_scale_changes_nothing(self):
        self.assertEqual(ask(SPAN), ask(dict(SPAN, scale=3)))
        self.assertEqual(ask(ZOOM), ask(dict(ZOOM, scale=2)))

    def test_regions_are_valid_at_zoom_zero(self):
        response = ask(dict(SPAN, lat=80, zoom=0, width=4000, height=4000))
        self.assertEqual(response["longitudeDelta"], 360)
        self.assertTrue(response["valid"])
        self.assertLessEqual(80 + response["latitudeDelta"] / 2, 90)

    def test_zoom_reads_back_the_level(self):
        for convention in ("seed512", "tile256"):
            for level in range(29):
                span = ask(dict(SPAN, zoom=level, convention=convention))
                reading = ask(dict(ZOOM, latitudeDelta=span["latitudeDelta"], longitudeDelta=span["longitudeDelta"], convention=convention,
                                   lat=10, lon=20))
                if span["longitudeDelta"] < 360:
                    self.assertEqual(reading["level"], level)
                    self.assertEqual(reading["zoom"], level)

    def test_fit_takes_the_short_way_across_the_antimeridian(self):
        response = ask({"op": "fit", "points": [[0, 179], [1, -179]]})
        self.assertEqual(abs(response["lon"]), 180)
        self.assertAlmostEqual(response["longitudeDelta"], 2 * 1.15)
        self.assertAlmostEqual(response["latitudeDelta"], 1.15)

    def test_psi_has_no_cancellation_near_the_pole(self):
        def reference(latitude):
            # Another route that does not cancel: psi = asinh(cot theta), theta the colatitude
            # (90 - latitude is exact for latitudes above 45, Sterbenz).
            return math.asinh(1 / math.tan((90 - latitude) * math.pi / 180))

        for latitude in (89.99999, 90 - 1e-10):
            self.assertAlmostEqual(zoomcheck_adapter.isometric_latitude(latitude) / reference(latitude), 1, places=14)
        # The textbook form (1 + sin) / (1 - sin) loses most of its digits there.
        sine = math.sin(89.99999 * math.pi / 180)
        textbook = math.log((1 + sine) / (1 - sine)) / 2
        self.assertGreater(abs(textbook / reference(89.99999) - 1), 1e-9)
        self.assertEqual(bits(zoomcheck_adapter.isometric_latitude(-0.0)), bits(-0.0))

if __name__ == "__main__":
    unittest.main()
