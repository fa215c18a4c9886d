/// Polynomial evaluation by Horner's rule, Σ coefficients[k] · t^k, in a fixed order of IEEE
/// operations (the same bits everywhere): from the highest coefficient down, r ← r·t + c.
enum Horner {
    static func evaluate(_ coefficients: [Double], at t: Double) -> Double {
        var result = 0.0
        var k = coefficients.count
        while k > 0 {
            k -= 1
            result = result * t + coefficients[k]
        }
        return result
    }

    static func evaluate(_ coefficients: [DoubleDouble], at t: DoubleDouble) -> DoubleDouble {
        coefficients.withUnsafeBufferPointer { buffer in
            var result = DoubleDouble(0)
            var k = buffer.count
            while k > 0 {
                k -= 1
                result = result * t + buffer[k]
            }
            return result
        }
    }
}
