/// Why a regressions file could not be read or written; names the file (and line).
public enum RegressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line does not follow the format; `line` is 1-based.
    case malformed(file: String, line: Int, reason: String)
    /// The file belongs to a different property than the one asked for.
    case propertyMismatch(file: String, line: Int, expected: String, found: String)
    /// The file exists but could not be read (or is not UTF-8).
    case unreadable(file: String, reason: String)
    /// The file or its temporary sibling could not be written or renamed.
    case unwritable(file: String, reason: String)
    /// The property's name cannot be stored on one line (it contains a line break).
    case unrepresentableName(String)

    /// One line naming the file, the line and the problem.
    public var description: String {
        switch self {
        case let .malformed(file, line, reason): "\(file):\(line): malformed regressions file: \(reason)"
        case let .propertyMismatch(file, line, expected, found):
            "\(file):\(line): regressions file is for property \"\(found)\", expected \"\(expected)\""
        case let .unreadable(file, reason): "\(file): cannot read regressions file: \(reason)"
        case let .unwritable(file, reason): "\(file): cannot write regressions file: \(reason)"
        case let .unrepresentableName(name):
            "property name \(String(reflecting: name)) contains a line break and cannot be stored"
        }
    }
}
