import Testing
import TestSupport
import MercatorCore
@testable import ZoomProtocol

/// A convention a program declares through `describe` is a contract; one it does not mention
/// is only assumed.
@Suite("Conventions declared through describe", .tags(.jsonLines)) struct DeclaredConventionsTests {
    static func declared(_ json: String) throws -> Set<DeclaredConvention> {
        CapabilitiesJSON.declaredConventions(in: try ResponseObject.parse(Array(json.utf8)))
    }

    @Test("A describe answer declares the conventions it states, and only those") func statedMembers() throws {
        #expect(try Self.declared("{}") == [])
        #expect(try Self.declared(#"{"badInput":"error-codes"}"#) == [.badInput])
        #expect(
            try Self.declared(
                #"""
                {"level":"nearest","fitPadding":{"factor":1.2,"minimumDelta":0.01},"badInput":"refuses",\#
                "centreLimit":"none","projectBeyondBand":"clamps","unprojectBeyondWorld":"refuses",\#
                "pixelGrid":"2^28","zoomRange":{"min":1,"max":22}}
                """#) == Set(DeclaredConvention.allCases))
    }

    @Test(
        """
        level: unspecified, fitPadding: null and pixelGrid: request-zoom promise nothing; an unreadable member \
        declares nothing; zoomRange is a domain, not a convention
        """) func promisesNothing() throws
    {
        #expect(try Self.declared(#"{"level":"unspecified","fitPadding":null,"pixelGrid":"request-zoom"}"#) == [])
        #expect(
            try Self.declared(#"{"level":"round","badInput":"strict","pixelGrid":"2^7","zoomRange":{"min":3}}"#) == [])
        #expect(try Self.declared(#"{"pixelGrid":"none"}"#) == [.pixelGrid])
        #expect(try Self.declared(#"{"zoomRange":{"min":0,"max":22}}"#) == [])
    }

    @Test("The corrected core's describe answer declares every convention (eval writes every member)")
    func evalDeclaresEverything() throws {
        let line =
            "{"
            + CapabilitiesJSON.members(WebMercator().capabilities, name: "x").map { "\"\($0.0)\":\($0.1)" }.joined(
                separator: ",") + "}"
        #expect(try Self.declared(line) == Set(DeclaredConvention.allCases))
    }
}
