/// Where a string token lies in its line, and whether it holds escapes.
struct JSONStringToken: Hashable, Sendable {
    /// Index of the opening quote.
    var start: Int
    /// Index just past the closing quote.
    var end: Int
    /// Whether a backslash occurs inside: without one, the content bytes are the value.
    var hasEscapes: Bool

    /// The content's indices (between the quotes).
    var contentRange: Range<Int> { (start + 1)..<(end - 1) }
}

/// Strings: validation (escapes, control characters, UTF-8) and decoding.
extension JSONScanner {
    /// Scans a string whose opening quote is next (after whitespace).
    ///
    /// Rejects raw control characters (U+0000–U+001F, NUL included), unknown escapes,
    /// short `\u` escapes and ill-formed UTF-8 (overlong forms, encoded surrogates, values
    /// past U+10FFFF, truncated sequences), each with its column.
    mutating func scanString() throws(JSONSyntaxError) -> JSONStringToken {
        try expect(ASCII.quote, "'\"'")
        let start = position - 1
        var hasEscapes = false
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == ASCII.quote {
                position += 1
                return JSONStringToken(start: start, end: position, hasEscapes: hasEscapes)
            }
            if byte == ASCII.backslash {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw JSONSyntaxError(
                    column: position + 1,
                    reason: "control character U+00" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                        + " in a string")
            } else if byte < 0x80 {
                position += 1
            } else {
                try scanUTF8Sequence()
            }
        }
        throw JSONSyntaxError(column: position + 1, reason: "unterminated string")
    }

    /// Scans `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or `\uXXXX`.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        let escapeColumn = position + 1
        position += 1
        guard position < bytes.count else { throw JSONSyntaxError(column: escapeColumn, reason: "unterminated escape") }
        switch bytes[position] {
        case ASCII.quote, ASCII.backslash, ASCII.slash, 0x62, 0x66, 0x6E, 0x72, 0x74: position += 1
        case 0x75:
            position += 1
            for _ in 0..<4 {
                guard position < bytes.count, Self.hexValue(bytes[position]) != nil else {
                    throw JSONSyntaxError(column: escapeColumn, reason: "\\u escape needs four hex digits")
                }
                position += 1
            }
        default: throw JSONSyntaxError(column: escapeColumn, reason: "invalid escape")
        }
    }

    /// Scans one well-formed UTF-8 sequence of two to four bytes (Unicode Table 3-7).
    private mutating func scanUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw invalidUTF8()
        }
        for offset in 1..<length {
            let index = position + offset
            guard index < bytes.count else { throw invalidUTF8() }
            let byte = bytes[index]
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { throw invalidUTF8() }
        }
        position += length
    }

    private func invalidUTF8() -> JSONSyntaxError { JSONSyntaxError(column: position + 1, reason: "invalid UTF-8") }

    /// The value of a hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension JSONStringToken {
    /// Whether the string's value is exactly `text` (escapes decoded).
    func equals(_ text: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasEscapes else {
            let range = contentRange
            guard range.count == text.count else { return false }
            var index = range.lowerBound
            for byte in text {
                if bytes[index] != byte { return false }
                index += 1
            }
            return true
        }
        return decoded(in: bytes) == text
    }

    /// The string's value as UTF-8, escapes decoded; an escaped lone surrogate becomes
    /// U+FFFD. Assumes the token was validated by `scanString`.
    func decoded(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(contentRange.count)
        var index = contentRange.lowerBound
        let end = contentRange.upperBound
        func hex4(at index: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 { value = value << 4 | (JSONScanner.hexValue(bytes[index + offset]) ?? 0) }
            return value
        }
        while index < end {
            let byte = bytes[index]
            guard byte == ASCII.backslash else {
                result.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case 0x62: result.append(0x08)
            case 0x66: result.append(0x0C)
            case 0x6E: result.append(0x0A)
            case 0x72: result.append(0x0D)
            case 0x74: result.append(0x09)
            case 0x75:
                var scalar = hex4(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= end, bytes[index] == ASCII.backslash,
                    bytes[index + 1] == 0x75
                {
                    let trail = hex4(at: index + 2)
                    if (0xDC00...0xDFFF).contains(trail) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (trail - 0xDC00)
                        index += 6
                    }
                }
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                result.append(contentsOf: UTF8.encode(value)!)
            default: result.append(escape)  // \" \\ \/
            }
        }
        return result
    }

    /// The token's source text, quotes included, cut to about `limit` bytes on a character
    /// boundary (with `…"` appended when cut): for quoting a value in a message.
    func sourceText(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = 48) -> String {
        guard end - start > limit else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var cut = start + limit
        while cut > start + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 sequence
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cut]), as: UTF8.self) + "…\""
    }
}
