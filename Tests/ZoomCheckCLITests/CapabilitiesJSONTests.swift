import Foundation
import Testing
import MercatorCore
@testable import ZoomCheckCLI

/// Protocol version 2's `describe`: what `eval` answers, how the client reads an answer, and
/// how an external program is labelled and where its counterexamples go.
@Suite("describe, capabilities and external programs", .tags(.cli))
struct CapabilitiesJSONTests {
    @Test("eval answers describe with the implementation's capabilities, echoing the id")
    func evalDescribes() throws {
        let corrected = try EvalHarness.decode(EvalHarness.response(#"{"id":"d","op":"describe"}"#))
        #expect(corrected["id"] as? String == "d")
        #expect(corrected["protocol"] as? Int == 2)
        #expect(corrected["operations"] as? [String] == ["project", "unproject", "span", "zoom", "fit"])
        #expect(corrected["level"] as? String == "fitting")
        #expect((corrected["fitPadding"] as? [String: Any])?["factor"] as? Double == 1.15)
        let seed = try EvalHarness.decode(EvalHarness.response(#"{"op":"describe","impl":"seed-21"}"#))
        #expect(seed["conventions"] as? [String] == ["tile256"])
        #expect(seed["fractionalZooms"] as? Bool == false)
        #expect(seed["level"] as? String == "nearest")
    }

    @Test("A describe answer reads back as the capabilities it was written from", arguments: [
        Capabilities.zoomCheckDefaults,
        Capabilities(operations: [.project, .fit], conventions: [.tile256], fractionalZooms: false, anyPixelZoom: false,
                     levelRounding: .unspecified, zoomSource: .latitudeAndLongitude, fitPadding: nil, badInput: .unchecked, centreLimit: .none),
    ])
    func roundTrip(_ capabilities: Capabilities) throws {
        let line = "{" + CapabilitiesJSON.members(capabilities, name: "x").map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        let answer = try ResponseObject.parse(Array(line.utf8))
        let (read, notes) = CapabilitiesJSON.capabilities(from: answer)
        #expect(read == capabilities)
        #expect(notes.isEmpty)
    }

    @Test("Missing members take ZoomCheck's defaults; unreadable ones too, with a note naming them")
    func defaultsAndNotes() throws {
        let empty = CapabilitiesJSON.capabilities(from: try ResponseObject.parse(Array("{}".utf8)))
        #expect(empty.0 == .zoomCheckDefaults)
        #expect(empty.notes.isEmpty)
        let odd = CapabilitiesJSON.capabilities(from: try ResponseObject.parse(Array(#"{"level":"round","operations":["span","teleport"],"fitPadding":{"factor":0.5,"minimumDelta":0}}"#.utf8)))
        #expect(odd.0 == .zoomCheckDefaults)
        #expect(odd.notes == [
            "describe: 'operations' is not an array of operation names; the default is used",
            "describe: 'level' is not fitting, nearest or unspecified; the default is used",
            "describe: 'fitPadding' is not null or {\"factor\": ≥ 1, \"minimumDelta\": ≥ 0}; the default is used",
        ])
    }

    @Test("An external program is labelled by its script or program file name", arguments: [
        ("python3 Examples/python-adapter/zoomcheck_adapter.py", "zoomcheck_adapter.py"),
        ("/usr/local/bin/my-mercator --fast", "my-mercator"),
        ("node ./dist/adapter.js --quiet", "adapter.js"),
        ("cat", "cat"),
    ])
    func label(_ command: String, _ expected: String) {
        #expect(ExternalImplementation.label(for: command) == expected)
    }

    @Test("An external program's counterexamples go to the per-user cache, keyed by its command, never the checkout")
    func cacheDirectory() throws {
        let program = ExternalImplementation(command: "python3 my_mercator.py", workerCount: 1)
        let xdg = try #require(CheckOptions.cacheDirectory(for: program, environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]))
        #expect(xdg.hasPrefix("/var/cache/me/zoomcheck/regressions/my_mercator.py-"))
        let home = try #require(CheckOptions.cacheDirectory(for: program, environment: ["HOME": "/home/me"]))
        #expect(home.hasPrefix("/home/me/.cache/zoomcheck/regressions/my_mercator.py-"))
        let other = try #require(CheckOptions.cacheDirectory(for: ExternalImplementation(command: "python3 other/my_mercator.py", workerCount: 1), environment: ["HOME": "/home/me"]))
        #expect(other != home)
        #expect(CheckOptions.cacheDirectory(for: program, environment: [:]) == nil)
    }

    @Test("A failing exec: program is reported by its label, its command printed once, and the replay line selects it by its full command")
    func reportNamesTheProgram() {
        let result = CheckCommandTests.run(["check", "--impl", "exec:cat", "--property", "longitude-round-trip", "--cases", "20"])
        #expect(result.status == 1)
        #expect(result.output.contains("  exec:cat = cat\n"))
        // `cat` echoes {"op":"describe"}: an object without capabilities, so every default applies.
        #expect(result.output.contains("  exec:cat: gated on defects only"))
        #expect(result.output.contains("longitude-round-trip @ exec:cat [defect]"))
        #expect(result.output.contains("zoomcheck replay --property longitude-round-trip --impl 'exec:cat' --seed 0x0000000020100122"))
        // Answers describe with something that is not JSON: the defaults apply, and the header says so.
        let garbage = CheckCommandTests.run(["check", "--impl", "exec:read r; echo hello", "--property", "longitude-round-trip", "--cases", "5"])
        #expect(garbage.output.contains("note: describe was not answered"))
    }
}
