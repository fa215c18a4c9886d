import MercatorCore

/// A JSON document built in memory and written with members in the order given: the
/// `--json` results file (a small, deterministic writer; no reading).
package enum JSONValue {
    case null
    case bool(Bool)
    /// A double, written in shortest round-trip form (non-finite values as the protocol's
    /// strings "inf", "-inf", "nan").
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    /// Members in the order they are written.
    case object([(String, JSONValue)])

    /// `value` or `null`.
    package static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The document, indented by two spaces per level, with a final line feed.
    package func rendered() -> String {
        var bytes: [UInt8] = []
        write(into: &bytes, indent: 0)
        bytes.append(ASCII.lineFeed)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(into bytes: inout [UInt8], indent: Int) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): bytes.append(contentsOf: NumberText.json(value).utf8)
        case .integer(let value): bytes.append(contentsOf: String(value).utf8)
        case .string(let text): Self.appendEscaped(text, to: &bytes)
        case .array(let elements):
            guard !elements.isEmpty else {
                bytes.append(contentsOf: "[]".utf8)
                return
            }
            bytes.append(ASCII.openBracket)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(ASCII.comma) }
                Self.newline(&bytes, indent + 1)
                element.write(into: &bytes, indent: indent + 1)
            }
            Self.newline(&bytes, indent)
            bytes.append(ASCII.closeBracket)
        case .object(let members):
            guard !members.isEmpty else {
                bytes.append(contentsOf: "{}".utf8)
                return
            }
            bytes.append(ASCII.openBrace)
            for (offset, member) in members.enumerated() {
                if offset > 0 { bytes.append(ASCII.comma) }
                Self.newline(&bytes, indent + 1)
                Self.appendEscaped(member.0, to: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                member.1.write(into: &bytes, indent: indent + 1)
            }
            Self.newline(&bytes, indent)
            bytes.append(ASCII.closeBrace)
        }
    }

    private static func newline(_ bytes: inout [UInt8], _ indent: Int) {
        bytes.append(ASCII.lineFeed)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(ASCII.quote)
        for byte in text.utf8 {
            switch byte {
            case ASCII.quote, ASCII.backslash:
                bytes.append(ASCII.backslash)
                bytes.append(byte)
            case ASCII.lineFeed: bytes.append(contentsOf: #"\n"#.utf8)
            case ASCII.carriageReturn: bytes.append(contentsOf: #"\r"#.utf8)
            case ASCII.tab: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(contentsOf: String(byte, radix: 16).leftPadded(to: 2).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(ASCII.quote)
    }
}
