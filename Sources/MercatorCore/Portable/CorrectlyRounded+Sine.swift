/// The sine's two evaluations on the reduced argument r = f·π/2, |r| ≤ π/4.
extension CorrectlyRounded {
    /// (−1)^k / (2k+1)!, k = 0…9, each one IEEE division from the last: the sine's Taylor
    /// coefficients. Truncation after r^19: (π/4)^20/21! < 2^−72 relative.
    static let sineCoefficients: [Double] = taylorCoefficients(count: 10, firstDenominator: 1)
    /// (−1)^k / (2k)!, k = 0…9. Truncation after r^18: (π/4)^20/20! < 2^−67.
    static let cosineCoefficients: [Double] = taylorCoefficients(count: 10, firstDenominator: 0)
    /// The same coefficients as double-doubles, k = 0…15: truncation below 2^−120.
    static let accurateSineCoefficients: [DoubleDouble] = accurateTaylorCoefficients(count: 16, firstDenominator: 1)
    static let accurateCosineCoefficients: [DoubleDouble] = accurateTaylorCoefficients(count: 16, firstDenominator: 0)

    /// ±sin r or ±cos r (by quadrant, sign dropped: the caller works on |x|) in binary64.
    static func fastSine(_ reduction: SineArgumentReduction) -> Double {
        let r = reduction.reduced.hi, square = r * r
        let odd = reduction.quadrant & 1 == 1
        let sum = Horner.evaluate(odd ? cosineCoefficients : sineCoefficients, at: square)
        let value = odd ? sum : sum * r
        return reduction.quadrant >= 2 ? -value : value
    }

    /// The same in double-double.
    static func accurateSine(_ reduction: SineArgumentReduction) -> DoubleDouble {
        let r = reduction.reduced, square = r * r
        let odd = reduction.quadrant & 1 == 1
        let sum = Horner.evaluate(odd ? accurateCosineCoefficients : accurateSineCoefficients, at: square)
        let value = odd ? sum : sum * r
        return reduction.quadrant >= 2 ? -value : value
    }

    /// (−1)^k / (2k + d)!, d = 1 for the sine and 0 for the cosine.
    static func taylorCoefficients(count: Int, firstDenominator: Int) -> [Double] {
        var coefficients = [1.0]
        while coefficients.count < count {
            let k = coefficients.count
            coefficients.append(
                -coefficients[k - 1] / Double((2 * k - 1 + firstDenominator) * (2 * k + firstDenominator)))
        }
        return coefficients
    }

    static func accurateTaylorCoefficients(count: Int, firstDenominator: Int) -> [DoubleDouble] {
        var coefficients = [DoubleDouble(1)]
        while coefficients.count < count {
            let k = coefficients.count
            coefficients.append(
                -(coefficients[k - 1]
                    / DoubleDouble(Double((2 * k - 1 + firstDenominator) * (2 * k + firstDenominator)))))
        }
        return coefficients
    }
}
