/// One response line of the JSON-lines protocol, read back: the members of a flat object
/// whose values are numbers, strings, booleans or one nested object (`error`).
public struct ResponseObject {
    /// A member's value.
    enum Value {
        case number(Double)
        case string(String)
        case bool(Bool)
        case object(ResponseObject)
        case other(JSONKind)
    }

    private(set) var members: [String: Value] = [:]

    /// Parses one line; nil when it is not one JSON object (for callers outside the module,
    /// such as the fuzz harness).
    public static func decode(_ line: [UInt8]) -> ResponseObject? {
        try? parse(line)
    }

    /// Parses one line; `JSONSyntaxError` when it is not one JSON object.
    static func parse(_ line: [UInt8]) throws(JSONSyntaxError) -> ResponseObject {
        try line.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> ResponseObject in
            var scanner = JSONScanner(buffer)
            let object = try parseObject(&scanner, depth: 1)
            guard scanner.isAtEndIgnoringWhitespace() else { throw scanner.unexpected(expecting: "the end of the line") }
            return object
        }
    }

    private static func parseObject(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> ResponseObject {
        try scanner.checkDepth(depth)
        try scanner.expect(ASCII.openBrace, "'{'")
        var object = ResponseObject()
        if scanner.consume(ASCII.closeBrace) { return object }
        repeat {
            guard scanner.peek() == ASCII.quote else { throw scanner.unexpected(expecting: "a member name") }
            let key = String(decoding: try scanner.scanString().decoded(in: scanner.bytes), as: UTF8.self)
            try scanner.expect(ASCII.colon, "':'")
            object.members[key] = try parseValue(&scanner, depth: depth)
        } while try scanner.continueAfterMember(close: ASCII.closeBrace, "',' or '}'")
        return object
    }

    private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> Value {
        switch scanner.peek() {
        case ASCII.quote:
            let token = try scanner.scanString()
            if let nonFinite = NonFiniteText.value(of: token, in: scanner.bytes) { return .number(nonFinite) }
            return .string(String(decoding: token.decoded(in: scanner.bytes), as: UTF8.self))
        case ASCII.openBrace:
            return .object(try parseObject(&scanner, depth: depth + 1))
        case let byte? where byte == ASCII.minus || ASCII.isDigit(byte):
            return .number(JSONNumber.value(of: try scanner.scanNumber(), in: scanner.bytes))
        default:
            let kind = try scanner.skipValue(depth: depth + 1)
            switch kind {
            case .trueLiteral: return .bool(true)
            case .falseLiteral: return .bool(false)
            default: return .other(kind)
            }
        }
    }

    /// The number member `name`, or nil when absent or not a number.
    func number(_ name: String) -> Double? {
        if case .number(let value)? = members[name] { return value }
        return nil
    }

    /// The string member `name`, or nil.
    func string(_ name: String) -> String? {
        if case .string(let value)? = members[name] { return value }
        return nil
    }

    /// The object member `name`, or nil.
    func object(_ name: String) -> ResponseObject? {
        if case .object(let value)? = members[name] { return value }
        return nil
    }
}
