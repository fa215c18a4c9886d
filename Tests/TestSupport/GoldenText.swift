import Foundation
import Testing

/// Golden text files: texts as users see them, compared byte for byte. A change to one is a
/// test failure; to accept it, re-record on request with `ZOOMCHECK_RECORD_GOLDEN=1` — which
/// rewrites the files and fails, so that a recording run never passes — and review the diff.
package struct GoldenText: Sendable {
    /// The directory holding the files, `NAME.txt` each.
    package let directory: String

    /// Golden files in `directory` (an absolute path, e.g. from `TestPackage.path`).
    package init(directory: String) { self.directory = directory }

    /// Whether this run records instead of comparing (`ZOOMCHECK_RECORD_GOLDEN=1`).
    package static var recording: Bool { ProcessInfo.processInfo.environment["ZOOMCHECK_RECORD_GOLDEN"] == "1" }

    /// A golden file that does not exist yet.
    package struct Missing: Error, CustomStringConvertible {
        /// The file's path.
        package let path: String
        package var description: String { "no golden file \(path): record it with ZOOMCHECK_RECORD_GOLDEN=1" }
    }

    /// The golden text `name` (for tests that compare several outputs with one file).
    package func expected(_ name: String) throws -> String {
        let path = directory + "/\(name).txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Missing(path: path) }
        return text
    }

    /// Compares `text` with the golden file `name`, or records it (and fails) when asked.
    package func check(_ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = directory + "/\(name).txt"
        if Self.recording {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                """
                re-recorded \(path) (a recording run always fails: review the diff and run again without \
                ZOOMCHECK_RECORD_GOLDEN)
                """, sourceLocation: sourceLocation)
            return
        }
        let golden = try expected(name)
        #expect(
            text == golden, "differs from \(path) (re-record with ZOOMCHECK_RECORD_GOLDEN=1 and review the diff)",
            sourceLocation: sourceLocation)
    }
}
