import MercatorCore

/// A value a case expects or an operation observes: a number, a flag, or a set of names.
package enum CorpusValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case flag(Bool)
    /// Names such as region violations; `none` in a file is the empty list.
    case names([String])

    /// The text form used in corpus files: numbers round-trip bit for bit.
    package var description: String {
        switch self {
        case .number(let value): NumberText.shortest(value)
        case .flag(let value): value ? "true" : "false"
        case .names(let names): names.isEmpty ? "none" : names.joined(separator: ",")
        }
    }
}

/// An input argument of a case: a number or a word (a convention, an axis, a constant name).
package enum CorpusArgument: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case word(String)

    package var description: String {
        switch self {
        case .number(let value): NumberText.shortest(value)
        case .word(let word): word
        }
    }

    /// The number, or nil for a word.
    package var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The word, or nil for a number.
    package var word: String? {
        if case .word(let word) = self { return word }
        return nil
    }
}

/// Number syntax of corpus files.
///
/// Decimal with an optional sign, fraction and exponent, digits optionally grouped with
/// `_` (`268_435_456`), or `nan`, `inf`, `-inf`. Hexadecimal, leading `+`, `.5`, `5.`
/// and spaces are refused so that every accepted text means one obvious value.
package enum CorpusNumber {
    /// The value of `text`, or nil when it is not a corpus number.
    package static func parse(_ text: String) -> Double? {
        switch text {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: break
        }
        var chars = Array(text.utf8)[...]
        if chars.first == UInt8(ascii: "-") { chars = chars.dropFirst() }
        func digits() -> Bool {
            var seenDigit = false
            var previousWasDigit = false
            while let c = chars.first {
                if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    seenDigit = true
                    previousWasDigit = true
                } else if c == UInt8(ascii: "_") {
                    guard previousWasDigit else { return false }
                    previousWasDigit = false
                } else {
                    break
                }
                chars = chars.dropFirst()
            }
            return seenDigit && previousWasDigit
        }
        guard digits() else { return nil }
        if chars.first == UInt8(ascii: ".") {
            chars = chars.dropFirst()
            guard digits() else { return nil }
        }
        if chars.first == UInt8(ascii: "e") || chars.first == UInt8(ascii: "E") {
            chars = chars.dropFirst()
            if chars.first == UInt8(ascii: "-") || chars.first == UInt8(ascii: "+") { chars = chars.dropFirst() }
            guard digits() else { return nil }
        }
        guard chars.isEmpty else { return nil }
        return Double(String(text.filter { $0 != "_" }))
    }
}
