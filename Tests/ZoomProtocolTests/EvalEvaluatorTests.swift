import Testing
import TestSupport
@testable import ZoomProtocol

/// Every op for both implementations, with exact expected lines.
///
/// Expected values were computed independently of MercatorCore: exact arithmetic where the
/// value is a dyadic rational (x = W (λ + 180) / 360, longitude deltas 360 · width / W,
/// zooms log2 of a power of two), 40-digit mpmath rounded to the nearest double otherwise
/// (atan(sinh π) = 85.0511287798065923…°, ψ(45°) = asinh 1, log2 450), and, for the seed,
/// a Python transcription of the Objective-C (IEEE double arithmetic, numpy float32 for
/// `sinf`/`logf`, C's round-half-away) — /tmp scripts, not part of the package.
@Suite("Eval operations", .tags(.jsonLines)) struct EvalEvaluatorTests {
    @Test(
        "Corrected project answers exact pixel positions",
        arguments: [
            (#"{"op":"project","lat":0,"lon":0}"#, #"{"x":268435456,"y":268435456}"#),
            (#"{"op":"project","lat":0,"lon":0,"zoom":0,"convention":"tile256"}"#, #"{"x":128,"y":128}"#),
            (#"{"op":"project","lat":0,"lon":180,"zoom":0,"convention":"tile256"}"#, #"{"x":256,"y":128}"#),
            (#"{"op":"project","lat":0,"lon":-180,"zoom":0,"convention":"tile256"}"#, #"{"x":0,"y":128}"#),
            (
                #"{"op":"project","lat":45,"lon":-90,"zoom":1,"convention":"tile256"}"#,
                #"{"x":128,"y":184.17921890058494}"#
            ), (#"{"op":"project","impl":"corrected","lat":0,"lon":90,"zoom":0}"#, #"{"x":384,"y":256}"#),
        ]) func correctedProject(request: String, expected: String)
    { #expect(EvalHarness.response(request) == expected) }

    @Test("Corrected unproject inverts project, up to the Mercator limit") func correctedUnproject() {
        #expect(EvalHarness.response(#"{"op":"unproject","x":268435456,"y":268435456}"#) == #"{"lat":0,"lon":0}"#)
        #expect(
            EvalHarness.response(#"{"op":"unproject","x":0,"y":0,"zoom":0,"convention":"tile256"}"#)
                == #"{"lat":85.05112877980659,"lon":-180}"#)
    }

    @Test("Corrected span gives valid regions with exact longitude deltas") func correctedSpan() {
        #expect(
            EvalHarness.response(
                #"{"op":"span","lat":0,"lon":0,"zoom":0,"width":256,"height":256,"convention":"tile256"}"#)
                == #"{"lat":0,"lon":0,"latitudeDelta":170.10225755961318,"longitudeDelta":360,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"span","lat":0,"lon":0,"zoom":20,"width":1024,"height":1}"#) == #"""
                {"lat":0,"lon":0,"latitudeDelta":6.705522537231445e-07,\#
                "longitudeDelta":0.0006866455078125,"valid":true}
                """#)
    }

    @Test("The scale extension is accepted and does not change a corrected span") func correctedSpanWithScale() {
        let plain = EvalHarness.response(#"{"op":"span","lat":10,"lon":10,"zoom":5,"width":320,"height":480}"#)
        let retina = EvalHarness.response(
            #"{"op":"span","lat":10,"lon":10,"zoom":5,"width":320,"height":480,"scale":2}"#)
        #expect(plain == retina)
        #expect(plain.hasSuffix(#""valid":true}"#))
        #expect(
            EvalHarness.response(#"{"op":"span","lat":0,"lon":0,"zoom":5,"width":320,"height":480,"scale":0}"#)
                .contains(#""code":"invalid-viewport""#))
    }

    @Test("Corrected zoom reads integer and fractional zooms back") func correctedZoom() {
        #expect(
            EvalHarness.response(
                #"{"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":0.3515625,"width":512,"height":512}"#)
                == #"{"zoom":10,"level":10}"#)
        #expect(
            EvalHarness.response(
                #"""
                {"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":0.3515625,"width":512,\#
                "height":512,"convention":"tile256"}
                """#) == #"{"zoom":11,"level":11}"#)
        #expect(
            EvalHarness.response(
                #"""
                {"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":1,"width":320,\#
                "height":480,"convention":"tile256"}
                """#) == #"{"zoom":8.813781191217037,"level":8}"#)
    }

    @Test("Corrected fit pads, clamps and takes the short way across the antimeridian") func correctedFit() {
        #expect(
            EvalHarness.response(#"{"op":"fit","points":[[10,20],[30,40]]}"#)
                == #"{"lat":20,"lon":30,"latitudeDelta":23,"longitudeDelta":23,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"fit","points":[[1,179],[2,-179]]}"#)
                == #"{"lat":1.5,"lon":180,"latitudeDelta":1.15,"longitudeDelta":2.3,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"fit","points":[[10,20]]}"#)
                == #"{"lat":10,"lon":20,"latitudeDelta":0.014,"longitudeDelta":0.014,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"fit","points":[[0,-90],[0,90]]}"#)
                == #"{"lat":0,"lon":0,"latitudeDelta":0.014,"longitudeDelta":206.99999999999997,"valid":true}"#)
    }

    @Test(
        "Seed project rounds to seed512 pixels at zoom 20",
        arguments: [
            (#"{"op":"project","impl":"seed","lat":0,"lon":0}"#, #"{"x":268435456,"y":268435456}"#),
            (#"{"op":"project","impl":"seed","lat":0,"lon":180}"#, #"{"x":536870912,"y":268435456}"#),
            (
                #"{"op":"project","impl":"seed","lat":0,"lon":-180,"zoom":20,"convention":"seed512"}"#,
                #"{"x":0,"y":268435456}"#
            ),
        ]) func seedProject(request: String, expected: String)
    { #expect(EvalHarness.response(request) == expected) }

    @Test("Seed outputs that are not finite are written as strings") func seedNonFinite() {
        // sinf rounds sin(π/2) to 1: (1 + 1) / (1 − 1) = +∞, logf(+∞) = +∞, y = −∞.
        #expect(
            EvalHarness.response(#"{"op":"project","impl":"seed","lat":90,"lon":0}"#) == #"{"x":268435456,"y":"-inf"}"#)
        // (1 − 1) / (1 + 1) = 0, logf(0) = −∞, y = +∞; NaN flows through x.
        #expect(
            EvalHarness.response(#"{"op":"project","impl":"seed","lat":-90,"lon":"nan"}"#) == #"{"x":"nan","y":"inf"}"#)
        // The strings are accepted back as inputs.
        #expect(
            EvalHarness.response(#"{"op":"unproject","impl":"seed","x":"inf","y":"-inf"}"#)
                == #"{"lat":90,"lon":"inf"}"#)
    }

    @Test("Seed unproject rounds its input pixel and runs in double precision") func seedUnproject() {
        #expect(
            EvalHarness.response(#"{"op":"unproject","impl":"seed","x":268435456,"y":268435456}"#)
                == #"{"lat":0,"lon":0}"#)
        #expect(
            EvalHarness.response(#"{"op":"unproject","impl":"seed","x":0,"y":0}"#)
                == #"{"lat":85.05112877980659,"lon":-180}"#)
    }

    @Test(
        "Seed project and unproject are unsupported outside zoom 20 seed512",
        arguments: [
            #"{"op":"project","impl":"seed","lat":0,"lon":0,"zoom":19}"#,
            #"{"op":"project","impl":"seed","lat":0,"lon":0,"convention":"tile256"}"#,
            #"{"op":"unproject","impl":"seed","x":0,"y":0,"zoom":21}"#,
            #"{"op":"span","impl":"seed","lat":0,"lon":0,"zoom":3,"width":1,"height":1,"convention":"tile256"}"#,
            #"""
            {"op":"zoom","impl":"seed","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":1,"width":1,\#
            "height":1,"convention":"tile256"}
            """#,
        ]) func seedUnsupported(request: String) throws
    {
        let error = try #require(try EvalHarness.error(EvalHarness.response(request)))
        #expect(error.code == "unsupported")
        #expect(!error.message.isEmpty)
    }

    @Test(
        "Seed zooms that no NSUInteger holds are invalid-zoom, never a crash (2^64, 1e30, 1e300, NaN, −1.5)",
        arguments: ["18446744073709551616", "1e30", "1e300", "\"nan\"", "\"inf\"", "-1.5", "-1e19"])
    func seedZoomOutOfRange(zoom: String) throws {
        let request = #"{"op":"span","impl":"seed","lat":0,"lon":0,"zoom":"# + zoom + #","width":320,"height":460}"#
        let error = try #require(try EvalHarness.error(EvalHarness.response(request)))
        #expect(error.code == "invalid-zoom")
        #expect(error.message.contains("undefined behaviour in C"))
    }

    @Test("Seed span reproduces the rounding and the invalid zoom-0 region") func seedSpan() {
        #expect(
            EvalHarness.response(#"{"op":"span","impl":"seed","lat":0,"lon":0,"zoom":20,"width":256,"height":256}"#)
                == #"""
                {"lat":0,"lon":0,"latitudeDelta":0.000171661376959206,\#
                "longitudeDelta":0.000171661376953125,"valid":true}
                """#)
        #expect(
            EvalHarness.response(#"{"op":"span","impl":"seed","lat":0,"lon":0,"zoom":0,"width":1024,"height":1024}"#)
                == #"{"lat":0,"lon":0,"latitudeDelta":179.5720141494736,"longitudeDelta":720,"valid":false}"#)
    }

    /// The rows at ψ = ±π/2: 2 · gd(π/2) = 133.026520886223718…° (mpmath). The pixel-space
    /// variant computes it with the documents' formula, π/2 − 2·atan(e^t), in doubles, one ulp
    /// low; the map-point variant through MapKit's conversions, modelled exactly (double-double,
    /// rounded once).
    @Test("The seed variants answer in their tile256 convention") func seedVariants() {
        #expect(
            EvalHarness.response(
                #"""
                {"op":"span","impl":"seed-21","lat":0,"lon":0,"zoom":1,"width":256,"height":256,\#
                "convention":"tile256"}
                """#) == #"{"lat":0,"lon":0,"latitudeDelta":133.0265208862237,"longitudeDelta":180,"valid":true}"#)
        #expect(
            EvalHarness.response(
                #"""
                {"op":"span","impl":"seed-mappoint","lat":0,"lon":0,"zoom":1,"width":256,"height":256,\#
                "convention":"tile256"}
                """#) == #"{"lat":0,"lon":0,"latitudeDelta":133.02652088622372,"longitudeDelta":180,"valid":true}"#)
    }

    @Test("Seed zoom getter applies the hidden retina factor of 2") func seedZoom() {
        // The corrected core reads zoom 10 from the same region (see correctedZoom).
        #expect(
            EvalHarness.response(
                #"""
                {"op":"zoom","impl":"seed","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":0.3515625,\#
                "width":512,"height":512}
                """#) == #"{"zoom":11,"level":11}"#)
    }

    @Test("Seed fit is blind to the antimeridian") func seedFit() {
        #expect(
            EvalHarness.response(#"{"op":"fit","impl":"seed","points":[[0,-90],[0,90]]}"#)
                == #"{"lat":0,"lon":0,"latitudeDelta":0.014,"longitudeDelta":206.99999999999997,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"fit","impl":"seed","points":[[0,179],[0,-179]]}"#)
                == #"{"lat":0,"lon":0,"latitudeDelta":0.014,"longitudeDelta":360,"valid":true}"#)
        #expect(
            EvalHarness.response(#"{"op":"fit","impl":"seed","points":[[10,20]]}"#).hasSuffix(
                #""latitudeDelta":0.014,"longitudeDelta":0.014,"valid":true}"#))
    }

    @Test("Responses keep the request order and put id first") func orderAndIdFirst() {
        let lines = EvalHarness.responses([
            #"{"lon":0,"lat":0,"op":"project","id":1}"#, #"{"op":"fit","points":[[10,20]],"id":"b"}"#,
            #"""
            {"id":3,"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":0.3515625,\#
            "width":512,"height":512}
            """#,
        ])
        #expect(
            lines == [
                #"{"id":1,"x":268435456,"y":268435456}"#,
                #"{"id":"b","lat":10,"lon":20,"latitudeDelta":0.014,"longitudeDelta":0.014,"valid":true}"#,
                #"{"id":3,"zoom":10,"level":10}"#,
            ])
    }
}
