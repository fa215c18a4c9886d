/// How large a failure is, in a unit its reader can picture (screen points, pixels, degrees).
///
/// A property that can say how far an answer is from what it claims attaches a size to its
/// ``PropertyFailure``. The size does not change the verdict: a failure of 1e-8 px is still a
/// failure. It changes two things:
/// - Reports print it, so a developer sees at once whether the case is one they could see.
/// - Shrinking keeps it noticeable: when the failure first found is at least
///   ``noticeableFrom``, the shrinker accepts only simpler cases whose failure is also
///   noticeable (or carries no size). Without this, shrinking walks toward the smallest
///   inputs, where a real high-zoom defect often survives only as a rounding-sized residue,
///   and hands the developer a case that looks like noise.
public struct FailureSize: Sendable, Hashable, CustomStringConvertible {
    /// The size, in ``unit``; non-negative.
    public let amount: Double
    /// The unit's symbol as printed after the amount, e.g. `"screen pt"`.
    public let unit: String
    /// The size from which a reader notices the failure, in ``unit``.
    public let noticeableFrom: Double

    /// A size of `amount` `unit`, noticeable from `noticeableFrom`. A NaN amount (a NaN
    /// answer) is kept, and counts as noticeable.
    public init(_ amount: Double, unit: String, noticeableFrom: Double) {
        self.amount = abs(amount)
        self.unit = unit
        self.noticeableFrom = noticeableFrom
    }

    /// Whether a reader notices it: the amount is at least ``noticeableFrom``, infinite or NaN.
    public var isNoticeable: Bool { amount.isNaN || amount >= noticeableFrom }

    /// The amount to three significant digits and the unit, e.g. `"2.5 screen pt"`.
    public var description: String { "\(Self.short(amount)) \(unit)" }

    /// The size, and whether a reader sees it: `"2.5 screen pt"`, or
    /// `"0.00193 screen pt, below the 0.5 screen pt a reader notices"`.
    public var judged: String {
        isNoticeable ? description : "\(description), below the \(Self.short(noticeableFrom)) \(unit) a reader notices"
    }

    /// `value` rounded to three significant digits, in Swift's shortest form.
    static func short(_ value: Double) -> String { "\(threeSignificantDigits(value))" }

    /// `value` rounded to three significant digits (itself when zero or not finite), for
    /// sizes here and for the catalogue's failure messages.
    public static func threeSignificantDigits(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        var exponent = 0
        var magnitude = value.magnitude
        while magnitude >= 10 {
            magnitude /= 10
            exponent += 1
        }
        while magnitude < 1 {
            magnitude *= 10
            exponent -= 1
        }
        var power = 1.0
        for _ in 0..<abs(2 - exponent) { power *= 10 }
        let scale = 2 - exponent < 0 ? 1 / power : power
        return (value * scale).rounded() / scale
    }
}
