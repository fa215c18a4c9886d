import Testing
import MercatorCore
import ZoomProperties

/// Running one catalogue property against an implementation that must fail it.
enum FailureExpectation {
    /// The report of `property` failing against `implementation`, or nil (with an issue
    /// recorded) when it did not fail.
    static func report(
        of property: String, against implementation: any ZoomImplementation, runner: CatalogueRunner,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let outcome = runner.run(
            try #require(ZoomCatalogue.named(property), sourceLocation: sourceLocation),
            against: CatalogueSubject(implementation))
        guard case .fails? = outcome.observed else {
            Issue.record(
                "expected \(implementation.name) to fail \(property): \(outcome.report())",
                sourceLocation: sourceLocation)
            return nil
        }
        return outcome.report()
    }
}
