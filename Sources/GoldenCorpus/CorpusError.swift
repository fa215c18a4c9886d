/// Why a corpus file could not be read or parsed: always names the file and the line.
///
/// `line` is 1-based. Every message says what the parser expected and what it found, so a
/// newcomer can fix the file without reading the parser.
package enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's text breaks the format at `line`.
    case malformed(file: String, line: Int, message: String)
    /// The file or directory could not be read at all (`line` is 0).
    case unreadable(file: String, message: String)

    /// The file named by the error.
    package var file: String {
        switch self {
        case .malformed(let file, _, _), .unreadable(let file, _): file
        }
    }

    /// The 1-based line of the problem; 0 when the file could not be read.
    package var line: Int {
        switch self {
        case .malformed(_, let line, _): line
        case .unreadable: 0
        }
    }

    /// What was expected and what was found.
    package var message: String {
        switch self {
        case .malformed(_, _, let message), .unreadable(_, let message): message
        }
    }

    /// `file:line: message`, the form compilers use, so editors can jump to it.
    package var description: String {
        switch self {
        case .malformed(let file, let line, let message): "\(file):\(line): \(message)"
        case .unreadable(let file, let message): "\(file): \(message)"
        }
    }
}
