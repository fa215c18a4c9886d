import Foundation
import MercatorCore

/// Writes cases in the corpus format, and writes files atomically without clobbering.
///
/// `writeNewFile` is how a new corpus file (a recorded case) is added: it either creates the
/// file whole or leaves the directory untouched. (The property engine's saved
/// counterexamples in `Corpus/regressions/` use their own line format: `RegressionStore`.)
package enum CorpusWriter {
    /// The text of one case block, parseable back to an equal case (file and lines aside).
    package static func text(of c: CorpusCase) -> String {
        var lines = ["case \(c.id)", "  source \(c.provenance.source)", "  place \(c.provenance.place)"]
        lines += c.provenance.quotes.map { "  quote \($0)" }
        lines.append("  method \(c.method)")
        lines += c.notes.map { "  note \($0)" }
        lines += ["  op \(c.operation.rawValue)", "  impl \(c.implementations.joined(separator: " "))"]
        lines += c.inputs.map { "  \($0.key) " + $0.arguments.map(\.description).joined(separator: " ") }
        switch c.expectation {
        case .error(let code, _): lines.append("  expect error \(code)")
        case .values(let values): lines += values.map { "  expect \(line($0))" }
        }
        lines += c.corrections.map { "  correct \(line($0))" }
        lines += c.figures.map { figure in
            let e = figure.expectation
            return "  figure \(e.output) \(e.value) \(figure.relation.rawValue) \(e.tolerance)"
        }
        lines += ["  verdict \(c.verdict)", "end"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(_ e: OutputExpectation) -> String { "\(e.output) \(e.value) \(e.tolerance)" }

    /// Why a file could not be written.
    package enum WriteError: Error, Hashable, Sendable {
        /// A file of that name exists already: it is left as it was.
        case exists(String)
        case failed(String, reason: String)
    }

    /// Writes `text` to `path` only if no file is there: a temporary file in the same
    /// directory, flushed, then hard-linked to `path` (which fails if `path` exists, so an
    /// existing case is never clobbered, even by a concurrent writer), then removed.
    package static func writeNewFile(_ text: String, to path: String) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.tmp-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)),
            let handle = FileHandle(forWritingAtPath: temporary)
        else { throw .failed(path, reason: "cannot create a temporary file in \(directory.isEmpty ? "." : directory)") }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // Flush the bytes to disk before the name appears, so a crash never leaves a
        // half-written case under the final name.
        do {
            try handle.synchronize()
            try handle.close()
        } catch { throw .failed(path, reason: "cannot flush the temporary file: \(error)") }
        do { try FileManager.default.linkItem(atPath: temporary, toPath: path) } catch {
            if FileManager.default.fileExists(atPath: path) { throw .exists(path) }
            throw .failed(path, reason: "\(error)")
        }
    }
}
