import MercatorCore
import PropertyCheck

/// One named property of the catalogue, generic over the implementation under test.
///
/// It builds a PropertyCheck `Property` for a given implementation (the generator may depend
/// on what the implementation can express) and runs it; the value type is erased so that
/// properties over different inputs sit in one list.
public struct CatalogueProperty: Sendable {
    /// Stable kebab-case name, used on the command line and in pins.
    public let name: String
    public let family: PropertyFamily
    /// The claim, in one sentence.
    public let statement: String
    /// The bound the check uses, and why it is that bound.
    public let bound: String
    /// Why the property does not apply to an implementation, or nil when it does.
    let applicability: @Sendable (any ZoomImplementation) -> String?
    let execute: @Sendable (any ZoomImplementation, RunConfiguration) -> CatalogueRun

    /// Why the property does not apply to `implementation`, or nil when it applies.
    public func notApplicableReason(for implementation: any ZoomImplementation) -> String? {
        applicability(implementation)
    }

    /// Runs the property against `implementation`.
    public func run(against implementation: any ZoomImplementation, configuration: RunConfiguration) -> CatalogueRun {
        execute(implementation, configuration)
    }

    /// Defines a property over values of type `Value`.
    ///
    /// - Parameters:
    ///   - pin: Renders a minimal counterexample for pinning; defaults to `describe`. A
    ///     property whose counterexample depends on libm's last bit pins a stable class.
    ///   - generator: The inputs, for one implementation.
    ///   - check: Throws a `PropertyFailure` (or any error) when the implementation breaks
    ///     the claim for a value.
    static func define<Value: Sendable>(
        _ name: String, _ family: PropertyFamily, statement: String, bound: String,
        appliesTo applicability: @escaping @Sendable (any ZoomImplementation) -> String? = { _ in nil },
        coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        pin: (@Sendable (Value) -> String)? = nil,
        generator: @escaping @Sendable (any ZoomImplementation) -> Gen<Value>,
        check: @escaping @Sendable (any ZoomImplementation, Value, CaseContext) throws -> Void
    ) -> CatalogueProperty {
        CatalogueProperty(name: name, family: family, statement: statement, bound: bound, applicability: applicability) { implementation, configuration in
            let property = Property(
                "\(name)@\(implementation.name)", generator(implementation), coverage: coverage, describe: describe
            ) { value, context in
                try check(implementation, value, context)
            }
            let run = property.run(configuration)
            let pinText = run.minimalCounterexample.map { (pin ?? describe)($0) }
            return CatalogueRun(
                propertyName: name, implementationName: implementation.name, result: run.result, pin: pinText,
                shrinkSteps: run.shrinkTrace.map(\.description), timing: run.timing)
        }
    }
}

/// The outcome of one property against one implementation.
public struct CatalogueRun: Sendable {
    public let propertyName: String
    public let implementationName: String
    /// The engine's verdict with its report.
    public let result: PropertyResult
    /// The pin text of the minimal counterexample when the property failed.
    public let pin: String?
    /// Each accepted shrink step, rendered (empty when nothing failed).
    public let shrinkSteps: [String]
    public let timing: RunTiming

    /// The observed verdict in the form pins are written in.
    public var observedVerdict: ExpectedVerdict? {
        switch result {
        case .passed: .holds
        case .failed: pin.map { .fails(pin: $0) }
        default: nil
        }
    }
}
