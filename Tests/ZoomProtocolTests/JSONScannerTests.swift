import Testing
import TestSupport
@testable import ZoomProtocol

/// The scanner's string handling and member-name lookup.
@Suite("JSON scanner", .tags(.jsonLines)) struct JSONScannerTests {
    /// Scans `text` as one string token and decodes it.
    static func decode(_ text: String) throws -> [UInt8] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            let token = try scanner.scanString()
            #expect(token.end == bytes.count)
            return token.decoded(in: buffer)
        }
    }

    @Test("Escapes decode to UTF-8; surrogate pairs combine; lone surrogates become U+FFFD") func decoding() throws {
        #expect(try Self.decode(#""plain""#) == Array("plain".utf8))
        #expect(try Self.decode(#""\"\\\/\b\f\n\r\t""#) == [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
        #expect(try Self.decode(#""\u00e9\u65E5""#) == Array("é日".utf8))
        #expect(try Self.decode(#""\ud83d\ude00""#) == Array("😀".utf8))
        #expect(try Self.decode(#""\ud800x""#) == Array("\u{FFFD}x".utf8))
        #expect(try Self.decode(#""\udc00\ud800""#) == Array("\u{FFFD}\u{FFFD}".utf8))
        #expect(try Self.decode(#""\u0000""#) == [0])
    }

    @Test("Member names are recognised exactly, escaped or not") func memberNames() throws {
        #expect(EvalField.allCases.count == 15, "EvalMembers stores 15 fields inline")
        for field in EvalField.allCases {
            for text in [
                "\"\(field.name)\"", "\"\\u00\(String(field.name.utf8.first!, radix: 16))\(field.name.dropFirst())\"",
            ] {
                let bytes = Array(text.utf8)
                let found = try bytes.withUnsafeBufferPointer { buffer in
                    var scanner = JSONScanner(buffer)
                    return EvalField.named(try scanner.scanString(), in: buffer)
                }
                #expect(found == field, "\(text)")
            }
        }
        for text in [#""""#, #""l""#, #""la""#, #""latt""#, #""Lat""#, #""idx""#, #""latitudedelta""#, #""point""#] {
            let bytes = Array(text.utf8)
            let found = try bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                return EvalField.named(try scanner.scanString(), in: buffer)
            }
            #expect(found == nil, "\(text)")
        }
    }

    @Test("Arbitrary bytes never crash eval, and every non-blank line gets one JSON response") func arbitraryBytes()
        throws
    {
        let alphabet: [UInt8] =
            Array(#"{}[]":,.-+0123456789eEtrufalsn \"#.utf8) + [0x00, 0x0D, 0x09, 0x80, 0xC3, 0xA9, 0xED, 0xFF]
        let seeds = JSONNumberTests.bitPatterns(count: 3_000, seed: 11)
        var input: [UInt8] = []
        var expectedCount = 0
        for (index, seed) in seeds.enumerated() {
            var state = seed
            var line: [UInt8] = index % 3 == 0 ? Array(#"{"op":"fit","id":"#.utf8) : []
            for _ in 0..<Int(seed % 40) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            if line.contains(where: { !ASCII.isWhitespace($0) }) { expectedCount += 1 }
            input += line + [0x0A]
        }
        let responses = EvalHarness.responses(bytes: input)
        #expect(responses.count == expectedCount)
        for response in responses {
            let object = try EvalHarness.decode(response)
            #expect(object["error"] != nil || object["lat"] != nil, "\(response)")
        }
    }
}
