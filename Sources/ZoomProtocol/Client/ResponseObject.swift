/// One response line of the JSON-lines protocol, read back: the members of an object whose
/// values are numbers, strings, booleans, objects (`error`, `fitPadding`) or arrays of them
/// (`describe`'s `operations`). Strings and member names are read through
/// ``ProgramText/escaped(_:keepingLayout:)``: what a program says stays data in every output.
public struct ResponseObject {
    /// A member's value.
    enum Value {
        case number(Double)
        case string(String)
        case bool(Bool)
        case object(ResponseObject)
        case array([Value])
        case other(JSONKind)
    }

    /// The members' names and values, in the order of the line.
    private var names: [String] = []
    private var values: [Value] = []
    /// Where each name is, once there are more members than a scan finds quickly; an answer
    /// has a handful, but a line of a million members must not cost a million squared.
    private var positions: [String: Int]?
    static let scannedMembers = 16

    /// The value of member `name`, or nil when absent.
    subscript(member name: String) -> Value? {
        if let positions { return positions[name].map { values[$0] } }
        return names.firstIndex(of: name).map { values[$0] }
    }

    /// Adds a member; false when the object has one of that name already.
    private mutating func add(_ name: String, _ value: Value) -> Bool {
        guard self[member: name] == nil else { return false }
        names.append(name)
        values.append(value)
        if positions != nil {
            positions![name] = names.count - 1
        } else if names.count > Self.scannedMembers {
            positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        }
        return true
    }

    /// Parses one line; nil when it is not one JSON object (for callers outside the module,
    /// such as the fuzz harness).
    public static func decode(_ line: [UInt8]) -> ResponseObject? { try? parse(line) }

    /// Parses one line; `JSONSyntaxError` when it is not one JSON object.
    static func parse(_ line: [UInt8]) throws(JSONSyntaxError) -> ResponseObject {
        try line.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> ResponseObject in
            var scanner = JSONScanner(buffer)
            let object = try parseObject(&scanner, depth: 1)
            guard scanner.isAtEndIgnoringWhitespace() else {
                throw scanner.unexpected(expecting: "the end of the line")
            }
            return object
        }
    }

    private static func parseObject(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> ResponseObject
    {
        try scanner.checkDepth(depth)
        try scanner.expect(ASCII.openBrace, "'{'")
        var object = ResponseObject()
        if scanner.consume(ASCII.closeBrace) { return object }
        repeat {
            guard scanner.peek() == ASCII.quote else { throw scanner.unexpected(expecting: "a member name") }
            let column = scanner.position + 1
            let key = ProgramText.escaped(
                String(decoding: try scanner.scanString().decoded(in: scanner.bytes), as: UTF8.self))
            try scanner.expect(ASCII.colon, "':'")
            // Two values for one member: which was meant is unknown. Requests with one are
            // `invalid-request` (EvalMembers); an answer with one is refused alike, never
            // read last-wins.
            guard object.add(key, try parseValue(&scanner, depth: depth)) else {
                throw JSONSyntaxError(column: column, reason: "duplicate member \"\(key)\"")
            }
        } while try scanner.continueAfterMember(close: ASCII.closeBrace, "',' or '}'")
        return object
    }

    private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> Value {
        switch scanner.peek() {
        case ASCII.quote:
            let token = try scanner.scanString()
            if let nonFinite = NonFiniteText.value(of: token, in: scanner.bytes) { return .number(nonFinite) }
            // The program's text stays data: no line break or control reaches a report raw.
            return .string(ProgramText.escaped(String(decoding: token.decoded(in: scanner.bytes), as: UTF8.self)))
        case ASCII.openBrace: return .object(try parseObject(&scanner, depth: depth + 1))
        case ASCII.openBracket:
            try scanner.checkDepth(depth + 1)
            try scanner.expect(ASCII.openBracket, "'['")
            var elements: [Value] = []
            if scanner.consume(ASCII.closeBracket) { return .array(elements) }
            repeat {
                elements.append(try parseValue(&scanner, depth: depth + 1))
            } while try scanner.continueAfterMember(close: ASCII.closeBracket, "',' or ']'")
            return .array(elements)
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
        if case .number(let value)? = self[member: name] { return value }
        return nil
    }

    /// The string member `name`, or nil.
    func string(_ name: String) -> String? {
        if case .string(let value)? = self[member: name] { return value }
        return nil
    }

    /// The boolean member `name`, or nil.
    func bool(_ name: String) -> Bool? {
        if case .bool(let value)? = self[member: name] { return value }
        return nil
    }

    /// The strings of the array member `name`, or nil when absent, not an array, or holding
    /// anything but strings.
    func strings(_ name: String) -> [String]? {
        guard case .array(let elements)? = self[member: name] else { return nil }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// Whether member `name` is present and `null`.
    func isNull(_ name: String) -> Bool {
        if case .other(.null)? = self[member: name] { return true }
        return false
    }

    /// The object member `name`, or nil.
    func object(_ name: String) -> ResponseObject? {
        if case .object(let value)? = self[member: name] { return value }
        return nil
    }
}
