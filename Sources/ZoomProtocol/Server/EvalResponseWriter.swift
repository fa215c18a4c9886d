import MercatorCore

/// Builds response lines in one growing byte buffer, written out in large chunks.
///
/// A response is `{`, the echoed `id` if any, the fields in the order they are appended,
/// `}` and a line feed. Numbers use `NumberText.shortest` (parses back to the same bits);
/// non-finite values are the strings "inf", "-inf" and "nan" (PROTOCOL.md).
struct EvalResponseWriter {
    /// The bytes of the responses written so far and not yet taken.
    private(set) var bytes: [UInt8] = []
    /// Whether the next field needs a comma before it.
    private var needsComma = false

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// Forgets the bytes written so far, keeping the capacity.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Starts a response, echoing `id` (its source text, without insignificant whitespace).
    mutating func begin(id: UnsafeBufferPointer<UInt8>?) {
        bytes.append(ASCII.openBrace)
        needsComma = false
        guard let id else { return }
        appendKey("id")
        appendMinified(id)
    }

    /// Ends the response line.
    mutating func end() {
        bytes.append(ASCII.closeBrace)
        bytes.append(ASCII.lineFeed)
    }

    /// Appends `"name":` with a comma before it when needed.
    @inline(__always) mutating func appendKey(_ name: StaticString) {
        if needsComma { bytes.append(ASCII.comma) }
        needsComma = true
        bytes.append(ASCII.quote)
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(ASCII.quote)
        bytes.append(ASCII.colon)
    }

    /// Appends a number field.
    mutating func field(_ name: StaticString, _ value: Double) {
        appendKey(name)
        appendNumber(value)
    }

    /// Appends an integer field.
    mutating func field(_ name: StaticString, _ value: Int) {
        appendKey(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends a Boolean field.
    mutating func field(_ name: StaticString, _ value: Bool) {
        appendKey(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Appends a field whose value is already JSON text (`describe`'s arrays and objects).
    mutating func rawField(_ name: String, _ json: String) {
        if needsComma { bytes.append(ASCII.comma) }
        needsComma = true
        bytes.append(ASCII.quote)
        bytes.append(contentsOf: name.utf8)
        bytes.append(ASCII.quote)
        bytes.append(ASCII.colon)
        bytes.append(contentsOf: json.utf8)
    }

    /// A whole error response: `{"id":..,"error":{"code":..,"message":..}}`.
    mutating func error(id: UnsafeBufferPointer<UInt8>?, _ failure: EvalFailure) {
        begin(id: id)
        appendKey("error")
        bytes.append(ASCII.openBrace)
        needsComma = false
        appendKey("code")
        appendString(failure.code)
        appendKey("message")
        appendString(failure.message)
        bytes.append(ASCII.closeBrace)
        end()
    }

    /// A finite value as its shortest round-trip text; a non-finite one as a string.
    @inline(__always) mutating func appendNumber(_ value: Double) {
        bytes.append(contentsOf: NumberText.json(value).utf8)
    }

    /// A JSON string: quotes, `\"`, `\\`, and escapes for every control character.
    mutating func appendString(_ text: String) { JSONValue.appendEscaped(text, to: &bytes) }

    /// Copies a validated JSON value, dropping whitespace outside its strings.
    mutating func appendMinified(_ source: UnsafeBufferPointer<UInt8>) {
        var inString = false
        var escaped = false
        for byte in source {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == ASCII.backslash {
                    escaped = true
                } else if byte == ASCII.quote {
                    inString = false
                }
            } else if ASCII.isWhitespace(byte) {
                continue
            } else if byte == ASCII.quote {
                inString = true
            }
            bytes.append(byte)
        }
    }
}
