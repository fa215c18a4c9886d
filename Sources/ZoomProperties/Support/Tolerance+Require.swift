import MercatorCore
import PropertyCheck

extension Tolerance {
    /// Fails the property with `message` and the observed error when `observed` is not
    /// within this tolerance of `expected`; with `screenPoints`, which turns the difference
    /// observed − expected into screen points, the failure carries that size
    /// (``FailureSize/screenPoints(_:)``). What it measured goes to `context` when the case is
    /// being measured (a findings page's sweep; nothing in a run). The failure is signed by the
    /// caller's file and line: each `require` of a property is a clause of its own
    /// (`FailureSignature`).
    func require(
        _ observed: Double, near expected: Double, _ message: @autoclosure () -> String,
        screenPoints: ((Double) -> Double)? = nil, in context: CaseContext, fileID: String = #fileID, line: Int = #line
    ) throws {
        let check = self.check(observed, against: expected)
        if context.measurements != nil {
            let measured = measurement(check, difference: observed - expected, screenPoints: screenPoints)
            context.measure(measured.error, bound: measured.bound, unit: measured.unit)
        }
        guard check.passed else {
            throw PropertyFailure(
                "\(message()) (off by \(CheckSupport.short(check.observedError)); allowed: \(self))",
                size: screenPoints.map { .screenPoints($0(observed - expected)) }, fileID: fileID, line: line)
        }
    }
}
