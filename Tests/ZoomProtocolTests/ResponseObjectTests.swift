import MercatorCore
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

    @Test("Past the members a scan finds quickly, every member is still found and a duplicate still refused")
    func manyMembers() throws {
        let count = ResponseObject.scannedMembers * 4
        let members = (0..<count).map { #""m\#($0)":\#($0)"# }
        let response = try Self.parse("{" + members.joined(separator: ",") + "}")
        for index in 0..<count { #expect(response.number("m\(index)") == Double(index)) }
        #expect(response.number("m\(count)") == nil)
        for duplicate in [0, ResponseObject.scannedMembers, count - 1] {
            #expect(throws: JSONSyntaxError.self) {
                try Self.parse("{" + (members + [#""m\#(duplicate)":1"#]).joined(separator: ",") + "}")
            }
        }
    }
}

/// A request as the client sends it: written once, compared bit for bit.
@Suite("Writing protocol requests", .tags(.jsonLines)) struct RequestLineTests {
    @Test("A request's line: op first, then its members in order, numbers as the protocol writes them") func line() {
        var request = RequestLine(op: "fit")
        request.number("zoom", 3)
        request.number("lat", -0.0)
        request.number("lon", .nan)
        request.points("points", [Coordinate(latitude: 1.5, longitude: -180), Coordinate(latitude: 0.1, longitude: 2)])
        request.string("convention", "seed")
        #expect(
            String(decoding: request.line(), as: UTF8.self)
                == #"{"op":"fit","zoom":3,"lat":-0,"lon":"nan","points":[[1.5,-180],[0.1,2]],"convention":"seed"}"#
                + "\n")
    }

    @Test("Two requests are the same only when every member is the same bit for bit") func sameness() {
        func request(_ latitude: Double, _ points: [Coordinate] = [], op: StaticString = "span") -> RequestLine {
            var request = RequestLine(op: op)
            request.number("lat", latitude)
            request.points("points", points)
            return request
        }
        let point = Coordinate(latitude: 1, longitude: 2)
        #expect(request(1, [point]).isSame(as: request(1, [point])))
        #expect(!request(0.0).isSame(as: request(-0.0)), "zero signs differ on the line")
        #expect(!request(1, [point]).isSame(as: request(1, [point, point])))
        #expect(!request(1, [point]).isSame(as: request(1, [Coordinate(latitude: 1, longitude: 2.000_000_1)])))
        #expect(!request(1).isSame(as: request(1, op: "zoom")))
        #expect(request(.nan).isSame(as: request(.nan)))
    }
}
