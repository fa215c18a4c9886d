import Testing
import TestSupport
@testable import ZoomProtocol

/// Error responses: every code of PROTOCOL.md, and every kind of malformed line.
@Suite("Eval errors", .tags(.jsonLines)) struct EvalRequestTests {
    @Test(
        "Every error code of the protocol is reachable",
        arguments: [
            (#"{"id":1,"op":"nope"}"#, "invalid-request"),
            (#"{"id":1,"op":"project","lat":91,"lon":0}"#, "invalid-latitude"),
            (#"{"id":1,"op":"project","lat":0,"lon":181}"#, "invalid-longitude"),
            (#"{"id":1,"op":"project","lat":0,"lon":0,"zoom":29}"#, "invalid-zoom"),
            (#"{"id":1,"op":"span","lat":0,"lon":0,"zoom":3,"width":0,"height":1}"#, "invalid-viewport"),
            (
                #"{"id":1,"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"longitudeDelta":0,"width":1,"height":1}"#,
                "invalid-span"
            ), (#"{"id":1,"op":"fit","points":[]}"#, "empty-input"),
            (#"{"id":1,"op":"project","impl":"seed","lat":0,"lon":0,"zoom":19}"#, "unsupported"),
        ]) func everyCode(request: String, code: String) throws
    {
        let line = EvalHarness.response(request)
        #expect(line.hasPrefix(#"{"id":1,"error":{"code":""# + code + #"","message":""#))
        let error = try #require(try EvalHarness.error(line))
        #expect(error.code == code)
        #expect(!error.message.isEmpty)
    }

    @Test(
        "Malformed lines get invalid-request with a message naming the problem",
        arguments: [
            ("not json", "not valid JSON: unexpected 'o', expected 'null' at column 2"),
            ("hello", "not valid JSON: unexpected 'h', expected a value at column 1"),
            (#"{"op":"project","lat":0"#, "not valid JSON: unexpected end of line, expected ',' or '}' at column 24"),
            (
                #"{"op":"project"} x"#,
                "not valid JSON: unexpected 'x', expected the end of the line after the object at column 18"
            ), (#"{"op":"project",}"#, "not valid JSON: unexpected '}', expected a member name at column 17"),
            (#"{"op":"proj"#, "not valid JSON: unterminated string at column 12"),
            (#"{"op":01}"#, "not valid JSON: unexpected '1', expected ',' or '}' at column 8"),
            (#"{"op":-}"#, "not valid JSON: unexpected '}', expected a digit at column 8"),
            (#"{"op":1.}"#, "not valid JSON: unexpected '}', expected a digit after '.' at column 9"),
            (#"{"op":1e}"#, "not valid JSON: unexpected '}', expected a digit in the exponent at column 9"),
            (#"{"op":"a\x"}"#, "not valid JSON: invalid escape at column 9"),
            (#"{"op":"\u12"}"#, "not valid JSON: \\u escape needs four hex digits at column 8"),
            (#"{"op":tru}"#, "not valid JSON: unexpected '}', expected 'true' at column 10"),
            ("[1,2]", "a request must be a JSON object, not an array"),
            ("\"project\"", "a request must be a JSON object, not a string"),
            ("42", "a request must be a JSON object, not a number"),
            ("null", "a request must be a JSON object, not null"), ("{}", "missing field \"op\""),
            (#"{"op":"projekt"}"#, "unknown op \"projekt\" (expected project, unproject, span, zoom, fit or describe)"),
            (
                #"{"op":7}"#,
                "field \"op\" must be a string (project, unproject, span, zoom, fit or describe), got a number"
            ), (#"{"op":"project","lon":0}"#, "missing field \"lat\""),
            (#"{"op":"project","lat":0}"#, "missing field \"lon\""),
            (#"{"op":"unproject","x":0}"#, "missing field \"y\""),
            (#"{"op":"span","lat":0,"lon":0,"width":1,"height":1}"#, "missing field \"zoom\""),
            (#"{"op":"span","lat":0,"lon":0,"zoom":1,"height":1}"#, "missing field \"width\""),
            (
                #"{"op":"zoom","lat":0,"lon":0,"latitudeDelta":1,"width":1,"height":1}"#,
                "missing field \"longitudeDelta\""
            ), (#"{"op":"fit"}"#, "missing field \"points\""),
            (
                #"{"op":"project","lat":"91","lon":0}"#,
                "field \"lat\" must be a number (or the string \"inf\", \"-inf\" or \"nan\"), got \"91\""
            ),
            (
                #"{"op":"project","lat":true,"lon":0}"#,
                "field \"lat\" must be a number (or the string \"inf\", \"-inf\" or \"nan\"), got true"
            ),
            (
                #"{"op":"project","lat":0,"lon":null}"#,
                "field \"lon\" must be a number (or the string \"inf\", \"-inf\" or \"nan\"), got null"
            ),
            (
                #"{"op":"project","lat":0,"lon":0,"zoom":[20]}"#,
                "field \"zoom\" must be a number (or the string \"inf\", \"-inf\" or \"nan\"), got an array"
            ),
            (
                #"{"op":"project","lat":0,"lon":0,"convention":"tile512"}"#,
                "unknown convention \"tile512\" (expected seed512 or tile256)"
            ),
            (
                #"{"op":"project","lat":0,"lon":0,"convention":{}}"#,
                "field \"convention\" must be a string (seed512 or tile256), got an object"
            ),
            (
                #"{"op":"project","impl":"mapkit","lat":0,"lon":0}"#,
                "unknown impl \"mapkit\" (expected corrected, seed, seed-21 or seed-mappoint)"
            ),
            (
                #"{"op":"fit","points":{"a":1}}"#,
                "field \"points\" must be an array of [lat, lon] pairs of numbers, got an object"
            ),
            (
                #"{"op":"fit","points":[[1,2],[3]]}"#,
                """
                field \"points\" must be an array of [lat, lon] pairs of numbers, got an array whose element 1 is \
                not such a pair
                """
            ),
            (
                #"{"op":"fit","points":[[1,2],[3,"x"]]}"#,
                """
                field \"points\" must be an array of [lat, lon] pairs of numbers, got an array whose element 1 is \
                not such a pair
                """
            ),
            (
                #"{"op":"fit","points":[[1,2,3]]}"#,
                """
                field \"points\" must be an array of [lat, lon] pairs of numbers, got an array whose element 0 is \
                not such a pair
                """
            ),
            (
                #"{"op":"fit","points":[5]}"#,
                """
                field \"points\" must be an array of [lat, lon] pairs of numbers, got an array whose element 0 is \
                not such a pair
                """
            ), (#"{"op":"project","lat":1,"lon":0,"lat":2}"#, "duplicate field \"lat\""),
            (#"{"op":"project","op":"project","lat":1,"lon":0}"#, "duplicate field \"op\""),
            // An unknown member given twice is a duplicate too (however spelled).
            (#"{"op":"project","lat":1,"lon":0,"foo":1,"foo":2}"#, "duplicate field \"foo\""),
            (#"{"op":"project","lat":1,"lon":0,"f\u006fo":1,"foo":2}"#, "duplicate field \"foo\""),
        ]) func malformed(line: String, message: String) throws
    {
        let response = EvalHarness.response(line)
        let error = try #require(try EvalHarness.error(response), "not an error: \(response)")
        #expect(error.code == "invalid-request")
        #expect(error.message == message)
    }

    @Test("A line that is not a JSON object gets no id; a bad request object keeps its id") func idOnErrors() {
        #expect(EvalHarness.response(#"{"id":5,"op":"project""#).hasPrefix(#"{"error":"#))
        #expect(EvalHarness.response(#"[{"id":5}]"#).hasPrefix(#"{"error":"#))
        #expect(
            EvalHarness.response(#"{"id":5,"op":"project"}"#)
                == #"{"id":5,"error":{"code":"invalid-request","message":"missing field \"lat\""}}"#)
    }

    @Test("Fields an op does not use are ignored, unknown members too") func ignoredFields() {
        #expect(
            EvalHarness.response(#"{"op":"project","lat":0,"lon":0,"points":"x","width":{},"extra":[1,{"a":null}]}"#)
                == #"{"x":268435456,"y":268435456}"#)
        #expect(EvalHarness.response(#"{"op":"fit","points":[[10,20]],"convention":5}"#).hasPrefix(#"{"lat":10,"#))
    }

    @Test("Member names and values may use escapes") func escapedNames() {
        #expect(
            EvalHarness.response(#"{"\u006fp":"pro\u006aect","l\u0061t":0,"lon":0,"impl":"s\u0065ed"}"#)
                == #"{"x":268435456,"y":268435456}"#)
    }

    @Test("Nesting deeper than the limit is rejected without recursion trouble", arguments: [100_000, 65, 1_000_000])
    func deepNesting(depth: Int) throws {
        for text in [
            String(repeating: "[", count: depth),
            #"{"id":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}",
            #"{"x":"# + String(repeating: #"{"a":"#, count: depth),
        ] {
            let error = try #require(try EvalHarness.error(EvalHarness.response(text)))
            #expect(error.code == "invalid-request")
            #expect(error.message.contains("nesting deeper than 64 levels"))
        }
    }

    @Test("Nesting up to the limit is accepted") func nestingAtLimit() {
        // The request object is level 1, so an id can hold 63 levels.
        let id = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(
            EvalHarness.response(#"{"id":"# + id + #","op":"fit","points":[[1,2]]}"#).hasPrefix(#"{"id":"# + id + ","))
        let tooDeep = "[" + id + "]"
        #expect(
            EvalHarness.response(#"{"id":"# + tooDeep + #","op":"fit","points":[[1,2]]}"#).contains("nesting deeper"))
    }

    /// `{"op":"` + `bytes` + `"}`: a string value holding `bytes`.
    static func opString(_ bytes: [UInt8]) -> [UInt8] {
        let head: [UInt8] = Array(#"{"op":""#.utf8)
        let tail: [UInt8] = Array(#""}"#.utf8)
        return head + bytes + tail
    }

    static let badByteCases: [([UInt8], String)] = [
        (opString([0xFF]), "invalid UTF-8 at column 8"), (opString([0xC3]), "invalid UTF-8 at column 8"),
        (opString([0xED, 0xA0, 0x80]), "invalid UTF-8 at column 8"),
        (opString([0xC0, 0xAF]), "invalid UTF-8 at column 8"),
        (opString([0xF4, 0x90, 0x80, 0x80]), "invalid UTF-8 at column 8"),
        (opString([0xE2, 0x82]), "invalid UTF-8 at column 8"),
        (opString([0x00]), "control character U+0000 in a string at column 8"),
        (opString([0x1F]), "control character U+001F in a string at column 8"),
        (Array(#"{"op":"project""#.utf8) + [0x00, 0x7D], "unexpected byte 0x00, expected ',' or '}' at column 16"),
        ([0x00], "unexpected byte 0x00, expected a value at column 1"),
        // A byte order mark is skipped only before the first line (EvalSessionServeTests).
        ([0x20, 0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "unexpected byte 0xEF, expected a value at column 2"),
    ]

    @Test("Invalid UTF-8, NUL bytes and raw control characters are rejected", arguments: badByteCases) func badBytes(
        bytes: [UInt8], reason: String
    ) throws {
        let lines = EvalHarness.responses(bytes: bytes + [0x0A])
        try #require(lines.count == 1)
        let error = try #require(try EvalHarness.error(lines[0]))
        #expect(error.code == "invalid-request")
        #expect(error.message == "not valid JSON: " + reason)
    }

    @Test("Valid UTF-8 and escaped lone surrogates pass through to the id") func unicodeInId() {
        #expect(
            EvalHarness.response(#"{"id":"é 日本 😀 \ud800 \"q\"","op":"fit","points":[]}"#) == #"""
                {"id":"é 日本 😀 \ud800 \"q\"","error":{"code":"empty-input","message":"fit needs at least \#
                one point"}}
                """#)
    }

    @Test("Messages quoting a value are JSON-escaped and shortened") func escapedMessages() throws {
        let response = EvalHarness.response(#"{"op":"a\"b\\c\n\u0001"}"#)
        let error = try #require(try EvalHarness.error(response))
        #expect(
            error.message == #"unknown op "a\"b\\c\n\u0001" (expected project, unproject, span, zoom, fit or describe)"#
        )
        let long = String(repeating: "é", count: 100)
        let longError = try #require(try EvalHarness.error(EvalHarness.response(#"{"op":""# + long + #""}"#)))
        #expect(longError.message.hasPrefix("unknown op \"éé"))
        #expect(longError.message.contains("…\" (expected"))
    }

    @Test("Numbers too large for a double read as infinity, which the corrected core rejects") func hugeNumbers() throws
    {
        let error = try #require(try EvalHarness.error(EvalHarness.response(#"{"op":"project","lat":1e999,"lon":0}"#)))
        #expect(error.code == "invalid-latitude")
        #expect(
            EvalHarness.response(#"{"op":"project","impl":"seed","lat":0,"lon":-1e999}"#)
                == #"{"x":"-inf","y":268435456}"#)
        #expect(
            EvalHarness.response(#"{"op":"project","lat":1e-999,"lon":-0e-999}"#) == #"{"x":268435456,"y":268435456}"#)
        let digits = String(repeating: "9", count: 5_000)
        #expect(
            EvalHarness.response(#"{"op":"project","lat":0.\#(digits),"lon":0}"#)
                == EvalHarness.response(#"{"op":"project","lat":1,"lon":0}"#))
    }
}
