import MercatorCore

/// Reads corpus files (format: Corpus/README.md) into cases.
///
/// Never traps on any input: every problem is a `CorpusError.malformed` naming the file,
/// the 1-based line, what was expected and what was found.
package enum CorpusParser {
    /// Implementation names a case may list in `impl`.
    package static let implementationNames = ["corrected", "seed", "seed-21", "seed-mappoint", "api"]
    /// The protocol's error codes (PROTOCOL.md) an `expect error` line may name.
    package static let errorCodes = ProjectionError.protocolCodes
    /// Keys every case may use, whatever its operation.
    static let caseKeys = [
        "source", "place", "quote", "method", "note", "op", "impl", "verdict", "expect", "correct", "figure",
    ]
    /// Every input key of every operation.
    static let inputKeys = Set(Operation.allCases.flatMap { $0.inputs.map(\.key) })

    /// Parses raw bytes: refuses text that is not UTF-8 or holds control characters.
    package static func parse(bytes: [UInt8], file: String) throws(CorpusError) -> [CorpusCase] {
        var lines: [String] = []
        var start = 0
        var lineNumber = 1
        func take(_ end: Int) throws(CorpusError) {
            var slice = bytes[start..<end]
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            guard let line = String(validating: slice, as: UTF8.self) else {
                throw .malformed(
                    file: file, line: lineNumber,
                    message: "expected UTF-8 text, found bytes that are not UTF-8 (is this a binary file?)")
            }
            lines.append(line)
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            try take(index)
            start = index + 1
            lineNumber += 1
        }
        if start < bytes.count { try take(bytes.count) }
        return try parse(lines: lines, file: file)
    }

    /// Parses text already decoded.
    package static func parse(_ text: String, file: String) throws(CorpusError) -> [CorpusCase] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return try parse(lines: lines, file: file)
    }

    static func parse(lines: [String], file: String) throws(CorpusError) -> [CorpusCase] {
        var cases: [CorpusCase] = []
        var open: CaseBuilder?
        var seen: [String: Int] = [:]
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            func fail(_ message: String) -> CorpusError { .malformed(file: file, line: number, message: message) }
            if let bad = rawLine.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
                throw fail(
                    """
                    expected text, found the control character \
                    U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)) (is this a binary file?)
                    """)
            }
            let line = rawLine.trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (key, rest) = line.splitKey
            // The open case is edited in place (`open!`), never bound to a local: a copy
            // alive while it is edited makes every append copy the case's arrays, quadratic
            // in repeated keys (40,000 `quote` lines took 4.7 s).
            guard open != nil else {
                guard key == "case" else { throw fail("expected 'case ID' to start a case, found '\(line.clipped)'") }
                guard isIdentifier(rest) else {
                    throw fail("expected a case id of letters, digits, '-', '_' or '.', found '\(rest.clipped)'")
                }
                if let first = seen[rest] { throw fail("duplicate case id '\(rest)': first defined at line \(first)") }
                seen[rest] = number
                open = CaseBuilder(id: rest, file: file, line: number)
                continue
            }
            switch key {
            case "case":
                throw fail(
                    "expected 'end' to close case '\(open!.id)' (opened at line \(open!.line)) before a new 'case'")
            case "end":
                guard rest.isEmpty else { throw fail("expected 'end' alone on its line, found '\(line.clipped)'") }
                cases.append(try open!.build(endLine: number))
                open = nil
            default: try open!.add(key: key, rest: rest, line: number)
            }
        }
        if let builder = open {
            throw .malformed(
                file: file, line: builder.line,
                message: "case '\(builder.id)' is not closed: expected 'end' before the end of the file")
        }
        guard !cases.isEmpty else {
            throw .malformed(
                file: file, line: max(1, lines.count),
                message: "expected at least one 'case ID' ... 'end' block; the file has none")
        }
        return cases
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_" || scalar == ".")
            }
    }
}

extension String {
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The first word and the trimmed rest of the line.
    var splitKey: (String, String) {
        guard let space = firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (self, "") }
        return (String(self[..<space]), String(self[space...]).trimmed)
    }

    /// Whitespace-separated words.
    var words: [String] { split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }

    /// At most 60 characters, for quoting user text in messages.
    var clipped: String { count > 60 ? String(prefix(57)) + "..." : self }

    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
