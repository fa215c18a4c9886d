import MercatorCore
import PropertyCheck

extension Tolerance {
    /// `check`'s error and this bound as a `CaseMeasurement`: in screen points when
    /// `screenPoints` turns a difference in the value's unit into points (the bound is in that
    /// unit for `.absolute` and `.degrees`), else in the tolerance's unit.
    func measurement(_ check: Check, difference: Double, screenPoints: ((Double) -> Double)?) -> CaseMeasurement {
        switch kind {
        case .absolute(let bound), .degrees(let bound):
            if let screenPoints {
                let error = check.observedError.isFinite ? abs(screenPoints(difference)) : check.observedError
                return CaseMeasurement(error: error, bound: abs(screenPoints(bound)), unit: "screen pt")
            }
            if case .degrees = kind { return CaseMeasurement(error: check.observedError, bound: bound, unit: "°") }
            return CaseMeasurement(error: check.observedError, bound: bound, unit: "the value's own unit")
        case .exact: return CaseMeasurement(error: check.observedError, bound: 0, unit: "the value's own unit")
        case .ulps(let bound, _): return CaseMeasurement(error: check.observedError, bound: bound, unit: "ulps")
        case .pixels(let bound, let zoom, let convention):
            return CaseMeasurement(
                error: check.observedError, bound: bound,
                unit: "px at zoom \(NumberText.shortest(zoom)) \(convention.rawValue)")
        case .relative(let bound):
            return CaseMeasurement(error: check.observedError, bound: bound, unit: "relative error")
        }
    }
}
