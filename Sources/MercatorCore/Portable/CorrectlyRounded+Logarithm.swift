/// x = 2^e · m with m in [√½, √2): ln x = e·ln 2 + 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716.
struct LogarithmArgument {
    let exponent: Int
    /// m − 1 and m + 1, both exact in binary64 (m has 24 significant bits).
    let numerator: Double, denominator: Double

    /// Splits a positive, finite binary32 value (subnormals included).
    init(_ x: Float) {
        let wide = Double(x)
        var exponent = Int(wide.exponent), m = wide.significand
        if m > 1.414_213_562_373_095_1 {
            m /= 2
            exponent += 1
        }
        self.exponent = exponent
        numerator = m - 1
        denominator = m + 1
    }
}

/// The logarithm's two evaluations: 2·atanh(s) = 2(s + s³/3 + s⁵/5 + …).
extension CorrectlyRounded {
    /// 2/(2k + 1), k = 0…12. s² ≤ 0.0295, so the truncation after s^25 is below 2^−65.
    static let logarithmCoefficients: [Double] = (0...12).map { 2 / Double(2 * $0 + 1) }
    /// The same as double-doubles, k = 0…24: truncation below 2^−120.
    static let accurateLogarithmCoefficients: [DoubleDouble] = (0...24).map {
        DoubleDouble(2) / DoubleDouble(Double(2 * $0 + 1))
    }

    static func fastLogarithm(_ argument: LogarithmArgument) -> Double {
        let s = argument.numerator / argument.denominator, square = s * s
        let sum = Horner.evaluate(logarithmCoefficients, at: square)
        return Double(argument.exponent) * DoubleDouble.ln2.hi
            + (sum * s + Double(argument.exponent) * DoubleDouble.ln2.lo)
    }

    static func accurateLogarithm(_ argument: LogarithmArgument) -> DoubleDouble {
        let s = DoubleDouble(argument.numerator) / DoubleDouble(argument.denominator), square = s * s
        let sum = Horner.evaluate(accurateLogarithmCoefficients, at: square)
        return DoubleDouble.ln2 * Double(argument.exponent) + sum * s
    }
}
