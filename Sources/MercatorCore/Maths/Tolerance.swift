/// How far an observed value may be from an expected one, with the reason for the bound.
///
/// Every comparison settles the special cases first: NaN matches only NaN; ±∞ matches only
/// the same infinity; for `.exact` and `.ulps` the signs must agree (+0 and −0 differ), except
/// that `.ulps` with a floor measures values within the floor of zero absolutely.
/// Only then is the distance measured in the tolerance's unit, and the observed distance is
/// returned so reports print it.
public struct Tolerance: Hashable, Sendable, CustomStringConvertible {
    /// The unit a bound is expressed in.
    public enum Kind: Hashable, Sendable {
        /// Bit-for-bit equality (sign of zero included).
        case exact
        /// At most `n` units in the last place of `max(|expected|, floor)`: the floor keeps
        /// values near zero from inflating the ratio, and within the floor of zero the signs
        /// need not agree (−1.6e-16 is 0.7 ulps of 1 from 0).
        case ulps(Double, floor: Double)
        /// At most `p` pixels at `zoom` in `convention`, for a value in degrees of longitude
        /// (one pixel is 360 / W degrees).
        case pixels(Double, atZoom: Double, convention: ZoomConvention)
        /// At most `d` degrees.
        case degrees(Double)
        /// At most `a` in the value's own unit (pixels, points, zoom levels).
        case absolute(Double)
        /// At most `r × |expected|` (an expected 0 allows only 0).
        case relative(Double)
    }

    public var kind: Kind
    /// One line saying why the bound is what it is.
    public var reason: String

    public init(_ kind: Kind, because reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public static func exact(because reason: String = "no rounding is involved") -> Tolerance {
        Tolerance(.exact, because: reason)
    }

    public static func ulps(_ count: Double, floor: Double = 0, because reason: String) -> Tolerance {
        Tolerance(.ulps(count, floor: floor), because: reason)
    }

    /// The outcome of one comparison: whether it passed and the distance observed, in the
    /// tolerance's unit (∞ when the special cases disagree).
    public struct Check: Hashable, Sendable {
        public var passed: Bool
        public var observedError: Double
    }

    /// Compares `observed` with `expected` under this tolerance.
    public func check(_ observed: Double, against expected: Double) -> Check {
        if expected.isNaN || observed.isNaN {
            return Check(
                passed: expected.isNaN && observed.isNaN,
                observedError: expected.isNaN && observed.isNaN ? 0 : .infinity)
        }
        if expected.isInfinite || observed.isInfinite {
            return Check(passed: expected == observed, observedError: expected == observed ? 0 : .infinity)
        }
        switch kind {
        case .exact:
            let same = observed.bitPattern == expected.bitPattern
            return Check(passed: same, observedError: same ? 0 : abs(observed - expected))
        case .ulps(let bound, let floor):
            // Below the floor the scale is fixed, so the bound is absolute there and a value
            // a hair on the other side of zero is as near as one on the same side. Without a
            // floor, the signs must agree, ±0 included.
            let scale = Swift.max(abs(expected), floor)
            guard observed.sign == expected.sign || (floor > 0 && Swift.max(abs(observed), abs(expected)) <= floor)
            else { return Check(passed: false, observedError: .infinity) }
            let unit = scale == 0 ? Double.leastNonzeroMagnitude : scale.ulp
            let error = abs(observed - expected) / unit
            return Check(passed: error <= bound, observedError: error)
        case .pixels(let bound, let zoom, let convention):
            let error = abs(observed - expected) / (360 / convention.worldWidth(atZoom: zoom))
            return Check(passed: error <= bound, observedError: error)
        case .degrees(let bound), .absolute(let bound):
            let error = abs(observed - expected)
            return Check(passed: error <= bound, observedError: error)
        case .relative(let bound):
            let error = expected == 0 ? (observed == 0 ? 0 : .infinity) : abs(observed - expected) / abs(expected)
            return Check(passed: error <= bound, observedError: error)
        }
    }

    public var description: String {
        let bound: String
        switch kind {
        case .exact: bound = "exact"
        case .ulps(let n, let floor):
            bound =
                "\(NumberText.shortest(n)) ulps"
                + (floor > 0 ? " (scale floored at \(NumberText.shortest(floor)))" : "")
        case .pixels(let p, let z, let c): bound = "\(NumberText.shortest(p)) px at zoom \(NumberText.shortest(z)) \(c)"
        case .degrees(let d): bound = "\(NumberText.shortest(d))°"
        case .absolute(let a): bound = "±\(NumberText.shortest(a))"
        case .relative(let r): bound = "±\(NumberText.shortest(r)) relative"
        }
        return "\(bound): \(reason)"
    }
}
