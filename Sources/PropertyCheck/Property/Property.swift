/// A named claim about every value a generator can produce.
///
/// The check passes by returning and fails by throwing: a ``PropertyFailure`` (or
/// ``ensure(_:_:)``) says why; any other error fails with its description. It receives a
/// ``CaseContext`` for labelling cases. Checks must be deterministic functions of their
/// value for shrinking and replay to be meaningful.
public struct Property<Value: Sendable>: Sendable {
    /// The property's name, used in reports, regression files and replay commands.
    public let name: String
    /// Where values come from.
    public let generator: Gen<Value>
    /// Judges one value; throws to fail.
    public let check: @Sendable (Value, CaseContext) throws -> Void
    /// Renders a value in reports (default `String(describing:)`).
    public let describe: @Sendable (Value) -> String
    /// Values checked before any generated case, in order (not shrunk: they have no choices).
    public let examples: [Value]
    /// Minimum label shares the generated cases must reach.
    public let coverage: [CoverageRequirement]

    /// A property whose check labels cases through a ``CaseContext``.
    public init(
        _ name: String,
        _ generator: Gen<Value>,
        examples: [Value] = [],
        coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value, CaseContext) throws -> Void
    ) {
        self.name = name
        self.generator = generator
        self.check = check
        self.describe = describe
        self.examples = examples
        self.coverage = coverage
    }

    /// A property whose check only judges the value.
    public init(
        _ name: String,
        _ generator: Gen<Value>,
        examples: [Value] = [],
        coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value) throws -> Void
    ) {
        self.init(name, generator, examples: examples, coverage: coverage, describe: describe) { value, _ in
            try check(value)
        }
    }
}
