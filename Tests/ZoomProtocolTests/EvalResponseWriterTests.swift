import Testing
import TestSupport
@testable import ZoomProtocol

/// `id` is any JSON value, echoed as its source text without insignificant whitespace.
@Suite("Eval id echo", .tags(.jsonLines)) struct EvalResponseWriterTests {
    @Test(
        "Every JSON type is echoed unchanged",
        arguments: [
            ("7", "7"), ("-0", "-0"), ("1.50", "1.50"), ("1E+02", "1E+02"),
            ("123456789012345678901234567890", "123456789012345678901234567890"), ("1e999", "1e999"),
            (#""abc""#, #""abc""#), (#""a \"b\" \\ \/ \u00e9 \n""#, #""a \"b\" \\ \/ \u00e9 \n""#),
            (#""  spaced  ""#, #""  spaced  ""#), ("true", "true"), ("false", "false"), ("null", "null"), ("[]", "[]"),
            ("{}", "{}"), (#"[ 1 , "a b" , { "k" : [ null ] } ]"#, #"[1,"a b",{"k":[null]}]"#),
            (#"{ "z" : 1 , "a" : 2 , "z" : 3 }"#, #"{"z":1,"a":2,"z":3}"#), ("\t\"tab\"\r", #""tab""#),
        ]) func echo(id: String, echoed: String)
    {
        #expect(
            EvalHarness.response(#"{"op":"project","lat":0,"lon":0,"id":"# + id + "}") == #"{"id":"# + echoed
                + #","x":268435456,"y":268435456}"#)
    }

    @Test("A request without id gets a response without id") func noId() {
        #expect(EvalHarness.response(#"{"op":"project","lat":0,"lon":0}"#) == #"{"x":268435456,"y":268435456}"#)
    }
}
