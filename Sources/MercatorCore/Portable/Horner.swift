/// Polynomial evaluation by Horner's rule, Σ coefficients[k] · t^k, in a fixed order of IEEE
/// operations (the same bits everywhere).
enum Horner {
    static func evaluate(_ coefficients: [Double], at t: Double) -> Double {
        coefficients.reversed().reduce(0.0) { $0 * t + $1 }
    }

    static func evaluate(_ coefficients: [DoubleDouble], at t: DoubleDouble) -> DoubleDouble {
        coefficients.reversed().reduce(DoubleDouble(0)) { $0 * t + $1 }
    }
}
