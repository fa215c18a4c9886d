import Testing
import TestSupport
@testable import ZoomProtocol
import MercatorCore

/// Numbers in (correctly rounded) and out (shortest round trip), bit for bit.
@Suite("Eval numbers", .tags(.jsonLines)) struct JSONNumberTests {
    /// The value `JSONNumber` reads from `text`.
    static func parse(_ text: String) -> Double {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { JSONNumber.value(of: 0..<bytes.count, in: $0) }
    }

    /// What the response writer prints for `value`.
    static func print(_ value: Double) -> String {
        var writer = EvalResponseWriter()
        writer.appendNumber(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A deterministic stream of bit patterns (SplitMix64).
    static func bitPatterns(count: Int, seed: UInt64) -> [UInt64] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let edgeValues: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.014, 1.15, 268_435_456, 536_870_912, 85.05112877980659, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        9_007_199_254_740_992, 9_007_199_254_740_994, 1e22, 1e23, Double(bitPattern: 1),
        Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), 0.30000000000000004, 123_456_789.123_456_79, 1e-7,
        6.705522537231445e-07,
    ]

    @Test("Printed finite numbers parse back to the same bits, -0 included") func roundTrip() {
        let randoms = Self.bitPatterns(count: 20_000, seed: 42).map(Double.init(bitPattern:)).filter(\.isFinite)
        for value in Self.edgeValues + randoms {
            let text = Self.print(value)
            #expect(Self.parse(text).bitPattern == value.bitPattern, "\(text)")
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
        }
        #expect(Self.print(-0.0) == "-0")
        #expect(Self.print(268_435_456) == "268435456")
    }

    @Test("Non-finite numbers print as strings") func nonFinite() {
        #expect(Self.print(.infinity) == #""inf""#)
        #expect(Self.print(-.infinity) == #""-inf""#)
        #expect(Self.print(.nan) == #""nan""#)
    }

    @Test("The fast path agrees with Double(String) on every kind of token") func fastPathAgreesWithStandardLibrary() {
        var tokens = [
            "0", "-0", "1", "-1", "0.1", "1.15", "0.014", "9007199254740992", "9007199254740993", "1e22", "1e23",
            "1.5e-22", "1e-23", "123456789012345678", "1234567890123456789", "12345678901234567890",
            "0.0000000000000000000001", "1E+2", "1e-0", "2.5e+000", "4.9e-324", "1.7976931348623157e308",
            "1.7976931348623159e308", "1e999", "-1e999", "1e-999", "0e99999999", "85.05112877980659",
            "-122.41941550000001",
        ]
        for pattern in Self.bitPatterns(count: 20_000, seed: 7) {
            let digits = String(pattern % 10_000_000_000_000_000)
            let exponent = Int(pattern >> 58) - 32
            let split = Int(pattern >> 40 & 15) % max(1, digits.count)
            let mantissa = split == 0 ? digits : String(digits.prefix(split)) + "." + String(digits.dropFirst(split))
            tokens.append((pattern & 1 == 0 ? "-" : "") + mantissa + (pattern & 2 == 0 ? "e\(exponent)" : ""))
        }
        for token in tokens {
            let expected = Double(token)!
            #expect(Self.parse(token).bitPattern == expected.bitPattern, "\(token)")
        }
    }

    @Test("Latitudes survive a fit of one point bit for bit, through the whole pipeline") func endToEnd() throws {
        let latitudes =
            Self.edgeValues.filter { abs($0) <= 90 }
            + Self.bitPatterns(count: 2_000, seed: 3).map { Double($0 >> 11) / Double(1 << 53) * 180 - 90 }
        let lines = latitudes.map { #"{"op":"fit","points":[["# + Self.print($0) + ",0]]}" }
        let responses = EvalHarness.responses(lines)
        try #require(responses.count == latitudes.count)
        for (latitude, response) in zip(latitudes, responses) {
            let object = try EvalHarness.decode(response)
            let text = try #require(response.split(separator: ",").first?.dropFirst(#"{"lat":"#.count))
            #expect(Double(String(text))?.bitPattern == latitude.bitPattern, "\(response)")
            #expect(object["valid"] as? Bool == true)
        }
    }

    @Test("The strings inf, -inf and nan are accepted as numbers, other strings are not") func nonFiniteInputs() {
        #expect(
            EvalHarness.response(#"{"op":"project","impl":"seed","lat":0,"lon":"-inf"}"#)
                == #"{"x":"-inf","y":268435456}"#)
        #expect(
            EvalHarness.response(#"{"op":"project","impl":"seed","lat":0,"lon":"Infinity"}"#).contains(
                "invalid-request"))
        #expect(EvalHarness.response(#"{"op":"project","lat":"nan","lon":0}"#).contains("invalid-latitude"))
        #expect(EvalHarness.response(#"{"op":"fit","impl":"seed","points":[["nan",0]]}"#).hasPrefix(#"{"lat":"nan","#))
    }
}
