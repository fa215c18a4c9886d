import Testing
import TestSupport
@testable import ZoomProtocol

/// Reading other programs' answers (`--impl exec:`): a flat object with numbers, strings,
/// booleans and one nested `error` object; anything else is a typed syntax error.
@Suite("Reading protocol responses", .tags(.jsonLines)) struct ResponseObjectTests {
    static func parse(_ text: String) throws(JSONSyntaxError) -> ResponseObject {
        try ResponseObject.parse(Array(text.utf8))
    }

    @Test("Numbers, non-finite strings, strings, booleans and the error object") func members() throws {
        let response = try Self.parse(
            #"{"id":7,"x":268435456,"y":-0,"lat":"nan","lon":"-inf","valid":false,"note":"a\"b"}"#)
        #expect(response.number("x") == 268_435_456)
        #expect(response.number("y")?.sign == .minus)
        #expect(response.number("lat")?.isNaN == true)
        #expect(response.number("lon") == -.infinity)
        #expect(response.string("note") == "a\"b")
        #expect(response.number("missing") == nil)
        let failure = try Self.parse(#"{"error":{"code":"invalid-zoom","message":"zoom 29 is outside 0...28"}}"#)
        #expect(failure.object("error")?.string("code") == "invalid-zoom")
        #expect(failure.object("error")?.string("message") == "zoom 29 is outside 0...28")
    }

    @Test(
        "Lines that are not one JSON object are syntax errors, not crashes",
        arguments: [
            "", "hello", "[1,2]", "{\"x\":1", "{\"x\":1}}", "{\"x\":}", "{x:1}", "{\"x\":1,}",
            String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 100),
        ]) func malformed(line: String)
    { #expect(throws: JSONSyntaxError.self) { try Self.parse(line) } }

    @Test(
        "A duplicate member, however spelled and at any depth, is a syntax error naming it",
        arguments: [#"{"x":1,"x":1}"#, #"{"x":1,"\u0078":2}"#, #"{"error":{"code":"a","code":"b"}}"#])
    func duplicateMember(line: String) {
        #expect(throws: JSONSyntaxError.self) { try Self.parse(line) }
        #expect((try? Self.parse(line)) == nil)
        do { _ = try Self.parse(line) } catch { #expect(error.reason.hasPrefix("duplicate member")) }
    }
}
