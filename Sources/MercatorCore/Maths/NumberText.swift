/// Text forms of doubles that parse back to the same bits.
package enum NumberText {
    /// The shortest decimal text that parses back to the same `Double`, bit for bit.
    ///
    /// Integral values below 2^53 in magnitude print without a fraction (`268435456`, `-0`);
    /// everything else uses Swift's shortest round-trip form (`0.014`, `1e-300`). Non-finite
    /// values print as `nan`, `inf` and `-inf`. The output is also a valid JSON number for
    /// every finite value.
    package static func shortest(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(.towardZero) && abs(value) < 9_007_199_254_740_992 {
            let integer = Int64(value)
            return integer == 0 && value.sign == .minus ? "-0" : String(integer)
        }
        return value.description
    }

    /// A number as the JSON-lines protocol writes it: `shortest` for a finite value, and the
    /// strings `"nan"`, `"inf"`, `"-inf"` (quoted) for the others (PROTOCOL.md).
    package static func json(_ value: Double) -> String {
        value.isFinite ? shortest(value) : "\"" + shortest(value) + "\""
    }
}
