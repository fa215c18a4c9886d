/// A validating scanner over the bytes of one JSON text, for the flat requests of `eval`.
///
/// It never builds a tree: callers walk the one object of a request and keep what they
/// need (token ranges, numbers). Every path is bounded: nesting deeper than
/// `maximumDepth` is rejected before it recurses, strings must be valid UTF-8 without raw
/// control characters (RFC 8259 §7–8), and each byte is looked at a bounded number of
/// times, so no input can exhaust the stack or take more than linear time.
///
/// Accepted beyond strict UTF-8 validity: escaped lone surrogates (`"\ud800"`), which are
/// grammatical JSON; decoding turns them into U+FFFD.
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted; the request object is depth 1.
    static let maximumDepth = 64

    /// The bytes of the text (one line, without its line feed).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Index of the next byte to read.
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether only whitespace is left.
    mutating func isAtEndIgnoringWhitespace() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// Moves past JSON whitespace.
    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count, ASCII.isWhitespace(bytes[position]) { position += 1 }
    }

    /// The next byte after whitespace, without consuming it; nil at the end.
    @inline(__always) mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes `byte` (after whitespace) or throws "expected `what`".
    @inline(__always) mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw unexpected(expecting: what) }
        position += 1
    }

    /// Consumes `byte` (after whitespace) if it is next.
    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// An error at the current position naming what was found and what was expected.
    func unexpected(expecting what: String) -> JSONSyntaxError {
        guard position < bytes.count else {
            return JSONSyntaxError(column: position + 1, reason: "unexpected end of line, expected \(what)")
        }
        return JSONSyntaxError(
            column: position + 1, reason: "unexpected \(Self.describe(bytes[position])), expected \(what)")
    }

    /// `'x'` for printable ASCII, `byte 0xNN` otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    // MARK: - Values

    /// Scans any value whose first byte is next (after whitespace); returns its kind.
    ///
    /// - Parameter depth: The nesting depth the value would have if it is an array or an
    ///   object (its container's depth + 1).
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) -> JSONKind {
        guard let first = peek() else { throw unexpected(expecting: "a value") }
        switch first {
        case ASCII.quote:
            _ = try scanString()
            return .string
        case ASCII.openBrace:
            try skipObject(depth: depth)
            return .object
        case ASCII.openBracket:
            try skipArray(depth: depth)
            return .array
        case ASCII.minus, ASCII.zero...ASCII.nine:
            _ = try scanNumber()
            return .number
        default: return try scanLiteral()
        }
    }

    /// Throws if an array or object at `depth` would be nested too deeply.
    @inline(__always) func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.maximumDepth else {
            throw JSONSyntaxError(column: position + 1, reason: "nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Scans an object at `depth`, whatever its members.
    mutating func skipObject(depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        try expect(ASCII.openBrace, "'{'")
        if consume(ASCII.closeBrace) { return }
        repeat {
            guard peek() == ASCII.quote else { throw unexpected(expecting: "a member name") }
            _ = try scanString()
            try expect(ASCII.colon, "':'")
            _ = try skipValue(depth: depth + 1)
        } while try continueAfterMember(close: ASCII.closeBrace, "',' or '}'")
    }

    /// Scans an array at `depth`, whatever its elements.
    mutating func skipArray(depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        try expect(ASCII.openBracket, "'['")
        if consume(ASCII.closeBracket) { return }
        repeat {
            _ = try skipValue(depth: depth + 1)
        } while try continueAfterMember(close: ASCII.closeBracket, "',' or ']'")
    }

    /// After a member or element: true after a `,`, false after `close`, else throws.
    @inline(__always) mutating func continueAfterMember(close: UInt8, _ what: String) throws(JSONSyntaxError) -> Bool {
        switch peek() {
        case ASCII.comma:
            position += 1
            return true
        case close:
            position += 1
            return false
        default: throw unexpected(expecting: what)
        }
    }

    /// Scans `true`, `false` or `null`.
    mutating func scanLiteral() throws(JSONSyntaxError) -> JSONKind {
        let text: StaticString
        let kind: JSONKind
        switch peek() {
        case 0x74: (text, kind) = ("true", .trueLiteral)
        case 0x66: (text, kind) = ("false", .falseLiteral)
        case 0x6E: (text, kind) = ("null", .null)
        default: throw unexpected(expecting: "a value")
        }
        for offset in 0..<text.utf8CodeUnitCount {
            guard position < bytes.count, bytes[position] == text.utf8Start[offset] else {
                throw unexpected(expecting: "'\(text)'")
            }
            position += 1
        }
        return kind
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
