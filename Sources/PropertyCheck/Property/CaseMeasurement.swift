/// One comparison a check made while a case was measured (`CaseContext.measure(_:bound:unit:)`):
/// the error it found and the most its bound allowed, in one unit.
///
/// Only a case checked on its own to be measured records these (``Property/probe(_:settingNumberAt:to:)``:
/// the neighbourhood a findings page plots); a run's cases record nothing, and cost nothing.
package struct CaseMeasurement: Sendable, Equatable {
    /// The error measured (∞ when the special cases disagree: NaN against a number, say).
    package let error: Double
    /// The most the bound allowed, in the same unit.
    package let bound: Double
    /// The unit of both, in words: `"screen pt"`, `"ulps"`, `"px at zoom 20 seed512"`, …
    package let unit: String

    package init(error: Double, bound: Double, unit: String) {
        self.error = error
        self.bound = bound
        self.unit = unit
    }

    /// How far the error is into its bound: 1 at the bound, above 1 failing.
    package var share: Double { bound > 0 ? error / bound : (error == 0 ? 0 : .infinity) }
}
