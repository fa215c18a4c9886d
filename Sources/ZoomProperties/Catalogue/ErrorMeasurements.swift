import Foundation
import MercatorCore
import PropertyCheck

/// One comparison a property's check made under a `Tolerance`: the error it measured and
/// the bound it allowed, in one unit — screen points when the check says how a difference
/// looks on screen, else the tolerance's own unit.
public struct ErrorMeasurement: Sendable, Equatable {
    /// The error measured (∞ when the special cases disagree: NaN against a number, say).
    public let error: Double
    /// The most the bound allowed, in the same unit.
    public let bound: Double
    /// The unit of both: `"screen pt"`, `"ulps"`, `"px at zoom 20 seed512"`, `"°"`, …
    public let unit: String

    /// How far the error is into its bound: 1 at the bound, above 1 failing.
    public var share: Double { bound > 0 ? error / bound : (error == 0 ? 0 : .infinity) }
}

/// One case of a sweep (``CatalogueProperty/sweep(_:choices:position:values:)``): the
/// engine's probe and the errors the check measured, in the order it measured them.
public struct SweptCase: Sendable, Equatable {
    public let probe: CaseProbe
    public let measurements: [ErrorMeasurement]

    /// The measurement nearest to failing, or the one that failed (the largest ``ErrorMeasurement/share``).
    public var worst: ErrorMeasurement? { measurements.max { $0.share < $1.share } }
}

/// Where ``Tolerance/require(_:near:_:screenPoints:)`` records what it measured while a
/// sweep checks a case; nil (the default, every run) records nothing.
final class ErrorMeasurements: @unchecked Sendable {
    @TaskLocal static var current: ErrorMeasurements?

    private(set) var recorded: [ErrorMeasurement] = []

    func record(_ measurement: ErrorMeasurement) { recorded.append(measurement) }

    /// Records `error` against `bound` in `unit` while a sweep checks a case (for a check
    /// that compares without a ``Tolerance``); nothing otherwise.
    static func note(_ error: Double, bound: Double, unit: String) {
        current?.record(ErrorMeasurement(error: error, bound: bound, unit: unit))
    }
}

extension Tolerance {
    /// `check`'s error and this bound as an ``ErrorMeasurement``: in screen points when
    /// `screenPoints` turns a difference in the value's unit into points (the bound is in that
    /// unit for `.absolute` and `.degrees`), else in the tolerance's unit.
    func measurement(_ check: Check, difference: Double, screenPoints: ((Double) -> Double)?) -> ErrorMeasurement {
        switch kind {
        case .absolute(let bound), .degrees(let bound):
            if let screenPoints {
                let error = check.observedError.isFinite ? abs(screenPoints(difference)) : check.observedError
                return ErrorMeasurement(error: error, bound: abs(screenPoints(bound)), unit: "screen pt")
            }
            if case .degrees = kind { return ErrorMeasurement(error: check.observedError, bound: bound, unit: "°") }
            return ErrorMeasurement(error: check.observedError, bound: bound, unit: "the value's own unit")
        case .exact: return ErrorMeasurement(error: check.observedError, bound: 0, unit: "the value's own unit")
        case .ulps(let bound, _): return ErrorMeasurement(error: check.observedError, bound: bound, unit: "ulps")
        case .pixels(let bound, let zoom, let convention):
            return ErrorMeasurement(
                error: check.observedError, bound: bound,
                unit: "px at zoom \(NumberText.shortest(zoom)) \(convention.rawValue)")
        case .relative(let bound):
            return ErrorMeasurement(error: check.observedError, bound: bound, unit: "relative error")
        }
    }
}
