/// Numbers: the JSON grammar and a correctly rounded conversion to `Double`.
extension JSONScanner {
    /// Scans a number token (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) whose
    /// first byte is next; returns its range.
    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        skipWhitespace()
        let start = position
        if position < bytes.count, bytes[position] == ASCII.minus { position += 1 }
        guard position < bytes.count, ASCII.isDigit(bytes[position]) else { throw unexpected(expecting: "a digit") }
        if bytes[position] == ASCII.zero { position += 1 } else { skipDigits() }
        if position < bytes.count, bytes[position] == ASCII.dot {
            position += 1
            guard position < bytes.count, ASCII.isDigit(bytes[position]) else {
                throw unexpected(expecting: "a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == ASCII.lowerE || bytes[position] == ASCII.upperE {
            position += 1
            if position < bytes.count, bytes[position] == ASCII.plus || bytes[position] == ASCII.minus { position += 1 }
            guard position < bytes.count, ASCII.isDigit(bytes[position]) else {
                throw unexpected(expecting: "a digit in the exponent")
            }
            skipDigits()
        }
        return start..<position
    }

    @inline(__always) private mutating func skipDigits() {
        while position < bytes.count, ASCII.isDigit(bytes[position]) { position += 1 }
    }
}

/// Converting a validated JSON number token to the nearest `Double`.
enum JSONNumber {
    /// The `Double` nearest to the decimal value of `token` (round half to even), as
    /// `Double(String)` gives it; magnitudes past `Double.greatestFiniteMagnitude` become
    /// ±infinity (so `1e999` is `inf`), tiny ones ±0 or a subnormal, and `-0` is -0.0.
    ///
    /// Fast path (Clinger 1990): when the digits, read as an integer M, satisfy
    /// M ≤ 2^53 and the decimal exponent e satisfies |e| ≤ 22, both M and 10^|e| are exact
    /// doubles, so one IEEE multiplication or division gives the correctly rounded result.
    /// Every other token goes through `Double(String)`, which is correctly rounded.
    static func value(of token: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        if let fast = fastValue(of: token, in: bytes) { return fast }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self)
        return Double(text) ?? .nan  // never nil: the token is a validated JSON number
    }

    /// 10^0 ... 10^22, each exactly representable.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// 2^53: the largest integer below which every integer is an exact double.
    private static let exactIntegerLimit: UInt64 = 1 << 53

    /// The fast-path value, or nil when the token needs the general conversion.
    @inline(__always) static func fastValue(of token: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = token.lowerBound
        let end = token.upperBound
        let negative = bytes[index] == ASCII.minus
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var decimalExponent = 0
        while index < end, ASCII.isDigit(bytes[index]) {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- ASCII.zero)
            digitCount += 1
            index += 1
        }
        if index < end, bytes[index] == ASCII.dot {
            index += 1
            while index < end, ASCII.isDigit(bytes[index]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- ASCII.zero)
                digitCount += 1
                decimalExponent -= 1
                index += 1
            }
        }
        // 19 digits always fit in a UInt64 (10^19 − 1 < 2^64).
        guard digitCount <= 19, mantissa <= exactIntegerLimit else { return nil }
        if index < end {  // exponent part
            index += 1
            var exponentNegative = false
            if bytes[index] == ASCII.minus || bytes[index] == ASCII.plus {
                exponentNegative = bytes[index] == ASCII.minus
                index += 1
            }
            var exponent = 0
            while index < end {
                exponent = exponent * 10 + Int(bytes[index] &- ASCII.zero)
                if exponent > 1_000 { return nil }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        let magnitude: Double
        if mantissa == 0 {
            magnitude = 0
        } else if decimalExponent >= 0, decimalExponent <= 22 {
            magnitude = Double(mantissa) * exactPowersOfTen[decimalExponent]
        } else if decimalExponent < 0, decimalExponent >= -22 {
            magnitude = Double(mantissa) / exactPowersOfTen[-decimalExponent]
        } else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }
}
