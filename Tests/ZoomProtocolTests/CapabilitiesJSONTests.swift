import Foundation
import Testing
import TestSupport
import MercatorCore
@testable import ZoomProtocol

/// Protocol version 3's `describe`: what `eval` answers, how the client reads an answer, and
/// how an external program is labelled.
@Suite("describe, capabilities and external programs", .tags(.jsonLines)) struct CapabilitiesJSONTests {
    @Test("eval answers describe with the implementation's capabilities, echoing the id") func evalDescribes() throws {
        let corrected = try EvalHarness.decode(EvalHarness.response(#"{"id":"d","op":"describe"}"#))
        #expect(corrected["id"] as? String == "d")
        #expect(corrected["protocol"] as? Int == 3)
        #expect(corrected["regionReading"] as? String == "mapkit")
        #expect(corrected["operations"] as? [String] == ["project", "unproject", "span", "zoom", "fit"])
        #expect(corrected["level"] as? String == "fitting")
        #expect((corrected["fitPadding"] as? [String: Any])?["factor"] as? Double == 1.15)
        let seed = try EvalHarness.decode(EvalHarness.response(#"{"op":"describe","impl":"seed-21"}"#))
        #expect(seed["conventions"] as? [String] == ["tile256"])
        #expect(seed["fractionalZooms"] as? Bool == false)
        #expect(seed["level"] as? String == "nearest")
    }

    @Test(
        "A describe answer reads back as the capabilities it was written from",
        arguments: [
            Capabilities.zoomCheckDefaults,
            Capabilities(
                operations: [.project, .fit], conventions: [.tile256], fractionalZooms: false, anyPixelZoom: false,
                levelRounding: .unspecified, zoomSource: .latitudeAndLongitude, fitPadding: nil, badInput: .unchecked,
                centreLimit: .none), Self.domainDeclared,
        ]) func roundTrip(_ capabilities: Capabilities) throws
    {
        let line =
            "{" + CapabilitiesJSON.members(capabilities, name: "x").map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            + "}"
        let answer = try ResponseObject.parse(Array(line.utf8))
        let (read, notes) = CapabilitiesJSON.capabilities(from: answer)
        #expect(read == capabilities)
        #expect(notes.isEmpty)
    }

    /// Every domain member stated: a zoom range with no top (`"max": null`), a view kept inside
    /// the world, whole pixels an `int` holds, a getter stopping at 17.
    static var domainDeclared: Capabilities {
        var capabilities = Capabilities.zoomCheckDefaults
        capabilities.zoomRange = .protocolRange
        capabilities.zoomRangeOpenAbove = true
        capabilities.viewConstraint = .world
        capabilities.pixelInput = .int32
        capabilities.getterRange = Capabilities.ZoomRange(lowest: 0, highest: 17)
        return capabilities
    }

    @Test("Missing members take ZoomCheck's defaults; unreadable ones too, with a note naming them")
    func defaultsAndNotes() throws {
        let empty = CapabilitiesJSON.capabilities(from: try ResponseObject.parse(Array("{}".utf8)))
        #expect(empty.0 == .assumed)  // it declared nothing
        #expect(empty.notes.isEmpty)
        let odd = CapabilitiesJSON.capabilities(
            from: try ResponseObject.parse(
                Array(
                    #"{"level":"round","operations":["span","teleport"],"fitPadding":{"factor":0.5,"minimumDelta":0}}"#
                        .utf8)))
        #expect(odd.0 == .zoomCheckDefaults)
        #expect(
            odd.notes == [
                "describe: 'operations' is not an array of operation names; the default is used",
                "describe: 'level' is not fitting, nearest or unspecified; the default is used",
                "describe: 'fitPadding' is not null or {\"factor\": ≥ 1, \"minimumDelta\": ≥ 0}; the default is used",
            ])
    }

    @Test(
        "An external program is labelled by its script or program file name",
        arguments: [
            ("python3 Examples/python-adapter/zoomcheck_adapter.py", "zoomcheck_adapter.py"),
            ("/usr/local/bin/my-mercator --fast", "my-mercator"), ("node ./dist/adapter.js --quiet", "adapter.js"),
            ("cat", "cat"), ("python3 '/home/me/my maps/adapter.py'", "adapter.py"),
            (#"python3 "C:/maps dir/adapter.py" --fast"#, "adapter.py"),
            (#"python3 my\ maps/adapter.py"#, "adapter.py"),
        ]) func label(_ command: String, _ expected: String)
    { #expect(ExternalImplementation.label(for: command) == expected) }
}
