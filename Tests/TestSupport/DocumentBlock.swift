import Foundation
import Testing

/// A generated block of a Markdown document: the fenced block between
/// `<!-- NAME:begin … -->` and `<!-- NAME:end -->`, compared with what the code prints, and
/// rewritten on request like a golden text (`ZOOMCHECK_RECORD_GOLDEN=1`, which fails the run).
package struct DocumentBlock: Sendable {
    /// The document's path.
    package let path: String
    /// The marker's name.
    package let name: String

    package init(path: String, name: String) {
        self.path = path
        self.name = name
    }

    /// The document's text, and the range of the block's content (inside its fence).
    func located() throws -> (text: String, content: Range<String.Index>) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let begin = text.range(of: "<!-- \(name):begin"), let end = text.range(of: "<!-- \(name):end -->"),
            let open = text.range(of: "```\n", range: begin.upperBound..<end.lowerBound),
            let close = text.range(of: "```\n", options: .backwards, range: open.upperBound..<end.lowerBound)
        else { throw Missing(path: path, name: name) }
        return (text, open.upperBound..<close.lowerBound)
    }

    /// The block's markers are missing, or not around a fenced block.
    package struct Missing: Error, CustomStringConvertible {
        let path: String
        let name: String
        package var description: String { "\(path) has no fenced block between <!-- \(name):begin/end --> markers" }
    }

    /// Compares the block with `expected`, or rewrites it (and fails) when recording.
    package func check(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (text, content) = try located()
        if GoldenText.recording {
            var rewritten = text
            rewritten.replaceSubrange(content, with: expected)
            try rewritten.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                "re-recorded the \(name) block of \(path) (a recording run always fails: review the diff)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            String(text[content]) == expected,
            "the \(name) block of \(path) is stale (re-record with ZOOMCHECK_RECORD_GOLDEN=1 and review the diff)",
            sourceLocation: sourceLocation)
    }
}
