import Foundation
import MercatorCore
import Testing
import TestSupport
import ZoomProtocol

/// The `exec:` client as a library user sees it (plain `import ZoomProtocol`, public API
/// only): a program in another language, here the Python example adapter, checked as a
/// `ZoomImplementation` from Swift.
@Suite("ExternalImplementation from a library user", .tags(.jsonLines)) struct ExternalImplementationLibraryTests {
    /// The example adapter, found from this file (tests may run from any directory).
    static let adapter = TestPackage.pythonAdapter

    static let hasPython =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }

    @Test(
        "The adapter answers like the corrected core, through the public client",
        .enabled(if: hasPython, "python3 is not on this machine")) func answersLikeTheCorrectedCore() throws
    {
        let program = ExternalImplementation(command: "python3 '\(Self.adapter)'", workerCount: 1)
        #expect(program.startProblem == nil)
        #expect(program.name == "exec:python-example", "the name from describe")
        #expect(program.fileLabel == "exec:zoomcheck_adapter.py")
        #expect(program.commandLineName == "exec:python3 '\(Self.adapter)'")
        #expect(program.describeNotes.isEmpty)
        #expect(program.capabilities.conventions == [.seed512, .tile256])
        let corrected = WebMercator()
        // Both compute in double by the textbook formula; 1e-6 px at zoom 20 is far above
        // their rounding differences (≈ 16·u·W = 9.5e-7 px is the catalogue's budget for
        // the whole world width W = 2^29 px) and far below a pixel.
        for (latitude, longitude) in [(0.0, 0.0), (33.777328, -84.397348), (-85.0, 179.999), (51.5, -0.12)] {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            let mine = try program.project(coordinate, zoom: 20, convention: .seed512)
            let reference = try corrected.project(coordinate, zoom: 20, convention: .seed512)
            #expect(
                abs(mine.x - reference.x) <= 1e-6 && abs(mine.y - reference.y) <= 1e-6,
                "(\(latitude), \(longitude)): \(mine) vs \(reference)")
        }
    }

    @Test("A program that cannot start is one clear problem, not a crash") func cannotStart() {
        let program = ExternalImplementation(command: "/nonexistent/zoomcheck-adapter", workerCount: 1)
        let problem = program.startProblem
        #expect(problem != nil)
        #expect(throws: ProjectionError.self) {
            try program.project(Coordinate(latitude: 0, longitude: 0), zoom: 20, convention: .seed512)
        }
    }
}
