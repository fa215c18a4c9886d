import MercatorCore
import PropertyCheck

extension Tolerance {
    /// Fails the property with `message` and the observed error when `observed` is not
    /// within this tolerance of `expected`; with `screenPoints`, which turns the difference
    /// observed − expected into screen points, the failure carries that size
    /// (``FailureSize/screenPoints(_:)``). The failure is signed by the caller's file and
    /// line: each `require` of a property is a clause of its own (`FailureSignature`).
    func require(
        _ observed: Double, near expected: Double, _ message: @autoclosure () -> String,
        screenPoints: ((Double) -> Double)? = nil, fileID: String = #fileID, line: Int = #line
    ) throws {
        let check = self.check(observed, against: expected)
        if let measurements = ErrorMeasurements.current {
            // Only while a sweep checks a case (`zoomcheck check --html`).
            measurements.record(measurement(check, difference: observed - expected, screenPoints: screenPoints))
        }
        guard check.passed else {
            throw PropertyFailure(
                "\(message()) (off by \(CheckSupport.short(check.observedError)); allowed: \(self))",
                size: screenPoints.map { .screenPoints($0(observed - expected)) }, fileID: fileID, line: line)
        }
    }
}
