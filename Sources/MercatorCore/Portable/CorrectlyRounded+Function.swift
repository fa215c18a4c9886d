extension CorrectlyRounded {
    /// The two functions, by name, for tests and reports that treat them alike.
    public enum Function: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case sin, log

        public var description: String { rawValue + "f" }

        /// The correctly rounded binary32 result.
        public func evaluate(_ x: Float) -> Float {
            switch self {
            case .sin: CorrectlyRounded.sin(x)
            case .log: CorrectlyRounded.log(x)
            }
        }

        /// The double-double reference of |result| for sin (sign by `sign(of:)`) and of the
        /// result for log; nil where the result is exact by definition (±0, ±∞, NaN, ln 1).
        public func reference(_ x: Float) -> DoubleDouble? {
            switch self {
            case .sin:
                guard x.isFinite, x != 0 else { return nil }
                return CorrectlyRounded.accurateSine(ofMagnitude: x)
            case .log:
                guard x.isFinite, x > 0, x != 1 else { return nil }
                return CorrectlyRounded.accurateLogarithm(x)
            }
        }

        /// The sign the reference takes for `x`: sin is odd, so negative inputs negate it.
        public func sign(of x: Float) -> FloatingPointSign { self == .sin ? x.sign : .plus }
    }
}
