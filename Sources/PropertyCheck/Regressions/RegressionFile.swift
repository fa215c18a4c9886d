/// The line-oriented format of a regressions file (one file per property).
///
/// ```
/// # comments and blank lines are ignored anywhere
/// zoomcheck-regressions 1
/// property integer below 1000
/// case 0x00000000000004d2 1000
/// case 0x0000000000000007 1 100 0
/// ```
///
/// 1. The first significant line is the header `zoomcheck-regressions 1`.
/// 2. The second is `property ` followed by the property's exact name (to the line's end).
/// 3. Every further line is `case <seed> <choice> <choice> ...`: the seed as `0x` plus 16
///    hex digits (decimal also accepted), the choices as decimal `UInt64`s (possibly none).
/// Entries are kept in the order they were added; duplicates (same choices) are not added.
public enum RegressionFile {
    /// The header line, with the format version.
    public static let header = "zoomcheck-regressions 1"

    /// Parses `text` read from `file` (the name is only used in errors).
    public static func parse(_ text: String, file: String) throws(RegressionError) -> (
        propertyName: String, entries: [RegressionEntry]
    ) {
        var sawHeader = false
        var propertyName: String?
        var entries: [RegressionEntry] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if !sawHeader {
                guard trimmed == header else {
                    throw .malformed(file: file, line: lineNumber, reason: "expected the header \"\(header)\"")
                }
                sawHeader = true
            } else if propertyName == nil {
                guard trimmed.hasPrefix("property ") else {
                    throw .malformed(file: file, line: lineNumber, reason: "expected \"property <name>\"")
                }
                propertyName = String(trimmed.dropFirst("property ".count))
            } else {
                entries.append(try parseCase(trimmed, file: file, line: lineNumber))
            }
        }
        guard sawHeader else { throw .malformed(file: file, line: 1, reason: "missing the header \"\(header)\"") }
        guard let propertyName else { throw .malformed(file: file, line: 2, reason: "missing \"property <name>\"") }
        return (propertyName, entries)
    }

    static func parseCase(_ line: Substring, file: String, line lineNumber: Int) throws(RegressionError)
        -> RegressionEntry
    {
        let tokens = line.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.first == "case" else {
            throw .malformed(file: file, line: lineNumber, reason: "expected \"case <seed> <choices...>\"")
        }
        guard tokens.count >= 2, let seed = Seed(parsing: String(tokens[1])) else {
            throw .malformed(file: file, line: lineNumber, reason: "expected a seed after \"case\"")
        }
        var choices: [UInt64] = []
        for token in tokens.dropFirst(2) {
            guard let choice = UInt64(token, radix: 10) else {
                throw .malformed(
                    file: file, line: lineNumber, reason: "\"\(token)\" is not a choice (a decimal UInt64)")
            }
            choices.append(choice)
        }
        return RegressionEntry(seed: seed, choices: ChoiceSequence(choices))
    }

    /// The file text for `entries` of `propertyName`, ending with a newline.
    public static func render(propertyName: String, entries: [RegressionEntry]) throws(RegressionError) -> String {
        guard !propertyName.contains(where: \.isNewline) else { throw .unrepresentableName(propertyName) }
        var lines = [
            "# Shrunk counterexamples, replayed before every run of this property.",
            "# Each case: the seed that found it, then the choices that rebuild it.", header,
            "property \(propertyName)",
        ]
        for entry in entries {
            let choices = entry.choices.values.isEmpty ? "" : " \(entry.choices)"
            lines.append("case \(entry.seed)\(choices)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
