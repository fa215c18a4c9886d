import MercatorCore

/// A request: its operation and members, written as the bytes of its line only when sent
/// (`{"op":"project","lat":1.5,…}` and a line feed).
///
/// A batched check asks the same request again each time it is checked again
/// (``ExternalBatch``); comparing the members bit for bit costs far less than writing their
/// numbers as text, so a request is written once, when it goes to the program. Numbers are
/// written as the protocol writes them (`NumberText.json`), strings as given (the client
/// sends only operation and convention names, which need no escaping).
struct RequestLine {
    /// One member's value.
    enum Value {
        case number(Double)
        case string(String)
        case points([Coordinate])
    }

    let op: StaticString
    private var members: [(name: StaticString, value: Value)] = []

    /// A request for `op`, its first member.
    init(op: StaticString) {
        self.op = op
        members.reserveCapacity(8)
    }

    /// Adds `"name":value`, a number.
    mutating func number(_ name: StaticString, _ value: Double) { members.append((name, .number(value))) }

    /// Adds `"name":"value"`; `value` must need no escaping.
    mutating func string(_ name: StaticString, _ value: String) { members.append((name, .string(value))) }

    /// Adds `"name":[[lat,lon],…]`.
    mutating func points(_ name: StaticString, _ points: [Coordinate]) { members.append((name, .points(points))) }

    /// Whether `other` is the same request, bit for bit (NaN payloads and zero signs
    /// included: what the line would say).
    func isSame(as other: RequestLine) -> Bool {
        guard Self.sameText(op, other.op), members.count == other.members.count else { return false }
        for (mine, theirs) in zip(members, other.members) {
            guard Self.sameText(mine.name, theirs.name) else { return false }
            switch (mine.value, theirs.value) {
            case (.number(let a), .number(let b)): guard a.bitPattern == b.bitPattern else { return false }
            case (.string(let a), .string(let b)): guard a == b else { return false }
            case (.points(let a), .points(let b)):
                guard a.count == b.count else { return false }
                for (p, q) in zip(a, b)
                where p.latitude.bitPattern != q.latitude.bitPattern || p.longitude.bitPattern != q.longitude.bitPattern
                { return false }
            default: return false
            }
        }
        return true
    }

    /// The line: the members in order, each number as the protocol writes it, and a line feed.
    func line() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        Self.append("{\"op\":\"", to: &bytes)
        Self.append(op, to: &bytes)
        bytes.append(ASCII.quote)
        for (name, value) in members {
            bytes.append(ASCII.comma)
            bytes.append(ASCII.quote)
            Self.append(name, to: &bytes)
            bytes.append(ASCII.quote)
            bytes.append(ASCII.colon)
            switch value {
            case .number(let number): bytes.append(contentsOf: NumberText.json(number).utf8)
            case .string(let text):
                bytes.append(ASCII.quote)
                bytes.append(contentsOf: text.utf8)
                bytes.append(ASCII.quote)
            case .points(let points):
                bytes.append(ASCII.openBracket)
                for (index, point) in points.enumerated() {
                    if index > 0 { bytes.append(ASCII.comma) }
                    bytes.append(ASCII.openBracket)
                    bytes.append(contentsOf: NumberText.json(point.latitude).utf8)
                    bytes.append(ASCII.comma)
                    bytes.append(contentsOf: NumberText.json(point.longitude).utf8)
                    bytes.append(ASCII.closeBracket)
                }
                bytes.append(ASCII.closeBracket)
            }
        }
        bytes.append(ASCII.closeBrace)
        bytes.append(ASCII.lineFeed)
        return bytes
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static func sameText(_ a: StaticString, _ b: StaticString) -> Bool {
        a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.elementsEqual(b) } }
    }
}
