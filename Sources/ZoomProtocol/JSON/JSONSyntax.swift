/// Why a line is not a JSON text this tool accepts, and where (1-based byte column).
struct JSONSyntaxError: Error, Hashable, Sendable {
    /// 1-based byte position in the line where the problem was found.
    var column: Int
    /// What was wrong ("expected ':'").
    var reason: String

    /// The protocol message: `not valid JSON: REASON at column N`.
    var message: String { "not valid JSON: \(reason) at column \(column)" }
}

/// The kind of a JSON value, for type errors ("got an array").
enum JSONKind: Hashable, Sendable, CustomStringConvertible {
    case object, array, string, number, trueLiteral, falseLiteral, null

    /// With an article where English needs one: "an object", "a string", "true".
    var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .trueLiteral: "true"
        case .falseLiteral: "false"
        case .null: "null"
        }
    }
}

/// The ASCII bytes the scanner compares with, by name.
enum ASCII {
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let lowerE: UInt8 = 0x65
    static let upperE: UInt8 = 0x45
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// JSON's insignificant whitespace: space, tab, line feed, carriage return.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
}
