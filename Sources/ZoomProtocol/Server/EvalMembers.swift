import MercatorCore

/// The known members of one request line, gathered in a single syntax-checking pass.
///
/// The whole line is validated before anything is interpreted, so a line that is not JSON
/// is always reported as such, whatever else is wrong with it. Unknown members are
/// validated and skipped, and one that appears twice is reported as ``duplicateUnknown``.
/// A known member that appears twice is kept the first time and reported as `duplicate`
/// (the request is then rejected: with two values, which one was meant is ambiguous, and
/// JSON parsers disagree on it).
struct EvalMembers {
    /// The value of each known field, indexed by `EvalField.rawValue` (15 is
    /// `EvalField.allCases.count`, which `JSONScannerTests` checks).
    private var values = InlineArray<15, EvalFieldValue?>(repeating: nil)
    /// The coordinates of a well-formed `points` member.
    private(set) var points: [Coordinate] = []
    /// The first known field that occurred twice, if any.
    private(set) var duplicate: EvalField?
    /// The first unknown member name that occurred twice, as written (quoted), if any: a
    /// duplicate is `invalid-request` whatever its name (PROTOCOL.md).
    private(set) var duplicateUnknown: String?
    /// The unknown member names seen, decoded (none in ZoomCheck's own requests, so nothing
    /// is kept for them).
    private var unknownNames: [[UInt8]] = []

    /// The value of `field`, or nil when absent.
    subscript(field: EvalField) -> EvalFieldValue? { values[field.rawValue] }

    /// Where the `id` member's value lies in the line, if present.
    var idRange: Range<Int>? {
        if case .source(let range)? = self[.id] { return range }
        return nil
    }

    /// Scans one line (without its line feed) into `members` (which should be empty).
    ///
    /// - Returns: nil when the line is an object (its members are then in `members`), or
    ///   the kind of the JSON value it holds instead.
    /// - Throws: `JSONSyntaxError` when the line is not one JSON value with only whitespace
    ///   around it (or nests deeper than `JSONScanner.maximumDepth`).
    static func scan(_ line: UnsafeBufferPointer<UInt8>, into members: inout EvalMembers) throws(JSONSyntaxError)
        -> JSONKind?
    {
        var scanner = JSONScanner(line)
        guard scanner.peek() == ASCII.openBrace else {
            let kind = try scanner.skipValue(depth: 1)
            guard scanner.isAtEndIgnoringWhitespace() else {
                throw scanner.unexpected(expecting: "the end of the line")
            }
            return kind
        }
        scanner.position += 1
        if !scanner.consume(ASCII.closeBrace) {
            repeat {
                guard scanner.peek() == ASCII.quote else { throw scanner.unexpected(expecting: "a member name") }
                let key = try scanner.scanString()
                try scanner.expect(ASCII.colon, "':'")
                guard let field = EvalField.named(key, in: line) else {
                    _ = try scanner.skipValue(depth: 2)
                    if members.duplicateUnknown == nil {
                        let name = key.decoded(in: line)
                        if members.unknownNames.contains(name) {
                            members.duplicateUnknown = key.sourceText(in: line)
                        } else {
                            members.unknownNames.append(name)
                        }
                    }
                    continue
                }
                var points: [Coordinate] = []
                let value = try scanner.scanFieldValue(field, points: &points)
                if members.values[field.rawValue] == nil {
                    members.values[field.rawValue] = value
                    if field == .points { members.points = points }
                } else if members.duplicate == nil {
                    members.duplicate = field
                }
            } while try scanner.continueAfterMember(close: ASCII.closeBrace, "',' or '}'")
        }
        guard scanner.isAtEndIgnoringWhitespace() else {
            throw scanner.unexpected(expecting: "the end of the line after the object")
        }
        return nil
    }
}

/// Member values of a request object (depth 2).
extension JSONScanner {
    /// Scans the value of a known member of the request object; a well-formed `points`
    /// array's coordinates go to `points`.
    mutating func scanFieldValue(_ field: EvalField, points: inout [Coordinate]) throws(JSONSyntaxError)
        -> EvalFieldValue
    {
        let memberDepth = 2
        guard let first = peek() else { throw unexpected(expecting: "a value") }
        switch field {
        case .id:
            let start = position
            _ = try skipValue(depth: memberDepth)
            return .source(start..<position)
        case .points where first == ASCII.openBracket: return try scanPoints(depth: memberDepth, into: &points)
        default: break
        }
        switch first {
        case ASCII.quote: return .string(try scanString())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(JSONNumber.value(of: try scanNumber(), in: bytes))
        default: return .other(try skipValue(depth: memberDepth))
        }
    }

    /// Scans an array at `depth` that should hold `[lat, lon]` pairs of numbers (each
    /// number possibly one of the strings "inf", "-inf", "nan"); appends them to `points`.
    mutating func scanPoints(depth: Int, into points: inout [Coordinate]) throws(JSONSyntaxError) -> EvalFieldValue {
        try checkDepth(depth)
        try expect(ASCII.openBracket, "'['")
        var firstBadIndex: Int?
        if consume(ASCII.closeBracket) { return .points }
        var index = 0
        repeat {
            if let pair = try scanPair(depth: depth + 1) {
                if firstBadIndex == nil { points.append(pair) }
            } else if firstBadIndex == nil {
                firstBadIndex = index
            }
            index += 1
        } while try continueAfterMember(close: ASCII.closeBracket, "',' or ']'")
        if let firstBadIndex { return .malformedPoints(firstBadIndex: firstBadIndex) }
        return .points
    }

    /// Scans any value at `depth`; returns it as a coordinate when it is `[lat, lon]`.
    private mutating func scanPair(depth: Int) throws(JSONSyntaxError) -> Coordinate? {
        guard peek() == ASCII.openBracket else {
            _ = try skipValue(depth: depth)
            return nil
        }
        try checkDepth(depth)
        position += 1
        if consume(ASCII.closeBracket) { return nil }
        var numbers: (Double, Double) = (0, 0)
        var count = 0
        var allNumbers = true
        repeat {
            if let number = try scanNumeric(depth: depth + 1) {
                if count == 0 { numbers.0 = number } else if count == 1 { numbers.1 = number }
            } else {
                allNumbers = false
            }
            count += 1
        } while try continueAfterMember(close: ASCII.closeBracket, "',' or ']'")
        guard allNumbers, count == 2 else { return nil }
        return Coordinate(latitude: numbers.0, longitude: numbers.1)
    }

    /// Scans any value at `depth`; returns its number when it is one.
    private mutating func scanNumeric(depth: Int) throws(JSONSyntaxError) -> Double? {
        switch peek() {
        case ASCII.minus?, (ASCII.zero...ASCII.nine)?: return JSONNumber.value(of: try scanNumber(), in: bytes)
        case ASCII.quote?: return NonFiniteText.value(of: try scanString(), in: bytes)
        default:
            _ = try skipValue(depth: depth)
            return nil
        }
    }
}
