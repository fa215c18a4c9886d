import Foundation
import MercatorCore
import Testing
import TestSupport
@testable import ZoomProtocol

/// A `level` answer is an integer, whatever its size (PROTOCOL.md, version 3).
@Suite("Reading a level", .tags(.jsonLines)) struct LevelAnswerTests {
    @Test(
        """
        2^64 − 1 (an unsigned wrap) is an integer beyond any level, read as Int.max; fractions and non-finite \
        values are not integers
        """) func levels()
    {
        #expect(ExternalImplementation.level(18_446_744_073_709_551_615) == Int.max)
        #expect(ExternalImplementation.level(-1e30) == Int.min)
        #expect(ExternalImplementation.level(17) == 17)
        #expect(ExternalImplementation.level(-0.0) == 0)
        #expect(ExternalImplementation.level(2.5) == nil)
        #expect(ExternalImplementation.level(.nan) == nil)
        #expect(ExternalImplementation.level(.infinity) == nil)
    }
}

/// A getter whose arithmetic gives no number answers `zoom` and `level` as the same
/// non-finite string: a non-finite reading, not a malformed answer (PROTOCOL.md).
@Suite("Reading a non-finite zoom", .tags(.jsonLines)) struct NonFiniteReadingTests {
    /// A program that answers every request with `answer` (its id copied).
    static func program(answering answer: String) throws -> ExternalImplementation {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-nonfinite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("getter.py")
        try """
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            reply = dict(json.loads('\(answer)'))
            if "id" in request: reply["id"] = request["id"]
            print(json.dumps(reply), flush=True)
        """.write(to: script, atomically: true, encoding: .utf8)
        return ExternalImplementation(command: "python3 '\(script.path)'", workerCount: 1)
    }

    static let region = Region(
        center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: 1))
    static let viewport = SharedInputs.documentsPhone

    @Test(
        "zoom and level both \"nan\", \"inf\" or \"-inf\" read as a non-finite reading, printed as answered",
        arguments: [
            ("nan", "zoom nan (level nan)"), ("inf", "zoom inf (level inf)"), ("-inf", "zoom -inf (level -inf)"),
        ]) func nonFinite(_ spelling: String, _ printed: String) throws
    {
        let program = try Self.program(answering: #"{"zoom": "\#(spelling)", "level": "\#(spelling)"}"#)
        let reading = try program.zoom(of: Self.region, viewport: Self.viewport, convention: .tile256)
        #expect(reading.isNonFinite)
        #expect(!reading.zoom.isFinite)
        #expect(reading.description == printed)
    }

    @Test("A non-finite level beside a finite zoom is not an answer") func mixed() throws {
        let program = try Self.program(answering: #"{"zoom": 3.5, "level": "nan"}"#)
        #expect(throws: ProjectionError.self) {
            try program.zoom(of: Self.region, viewport: Self.viewport, convention: .tile256)
        }
    }

    @Test("A finite reading is never taken for a non-finite one, Int.max level included") func finite() {
        #expect(!ZoomReading(zoom: 3, level: .max).isNonFinite)
        #expect(!ZoomReading(zoom: 3, level: 3).isNonFinite)
    }
}
