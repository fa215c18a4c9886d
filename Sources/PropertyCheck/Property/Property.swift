/// A named claim about every value a generator can produce.
///
/// The check passes by returning and fails by throwing: a ``PropertyFailure`` (or
/// ``ensure(_:_:fileID:line:)``) says why; ``CaseDiscarded`` (or ``assume(_:_:)``) discards the case; any
/// other error fails with its description. A check may take a ``CaseContext`` for labelling
/// cases, and may be `async` (run it with `await property.run()`). Checks must be
/// deterministic functions of their value for shrinking and replay to be meaningful.
///
/// A closure with two parameters over a generator of pairs binds the pair's elements, not
/// the pair and a context: `Property("sum", .zip(a, b)) { x, y in … }` receives `x` and `y`.
/// To label such cases, name the context's type: `{ (pair: (Int, Int), context: CaseContext) in … }`.
public struct Property<Value: Sendable>: Sendable {
    /// The property's name, used in reports, regression files and replay commands.
    public let name: String
    /// Where values come from.
    public let generator: Gen<Value>
    /// Judges one value; throws to fail. For an async property this throws
    /// ``PropertyCheckError/asyncCheck(property:)``: use ``asyncCheck``.
    public let check: @Sendable (Value, CaseContext) throws -> Void
    /// The check of an async property; `nil` when the check is synchronous.
    public let asyncCheck: (@Sendable (Value, CaseContext) async throws -> Void)?
    /// The check without a context, when it was given so (the runner's fastest path). Never
    /// wrapped: the runner calls ``caseObserver`` around it.
    let plainCheck: (@Sendable (Value) throws -> Void)?
    /// Watches every synchronous case (see ``observingCases(with:aroundAsync:)``); ``check``
    /// already includes it, ``plainCheck`` does not.
    let caseObserver: (any CaseObserver)?
    /// Renders a value in reports (default `String(describing:)`).
    public let describe: @Sendable (Value) -> String
    /// Values checked before any generated case, in order (not shrunk: they have no choices).
    public let examples: [Value]
    /// Minimum label shares the generated cases must reach.
    public let coverage: [CoverageRequirement]

    /// Whether the check is `async` (run with `await property.run()`).
    public var isAsync: Bool { asyncCheck != nil }

    init(
        name: String, generator: Gen<Value>, examples: [Value], coverage: [CoverageRequirement],
        describe: @escaping @Sendable (Value) -> String, check: @escaping @Sendable (Value, CaseContext) throws -> Void,
        asyncCheck: (@Sendable (Value, CaseContext) async throws -> Void)?,
        plainCheck: (@Sendable (Value) throws -> Void)?, caseObserver: (any CaseObserver)? = nil
    ) {
        self.name = name
        self.generator = generator
        self.check = check
        self.asyncCheck = asyncCheck
        self.plainCheck = plainCheck
        self.caseObserver = caseObserver
        self.describe = describe
        self.examples = examples
        self.coverage = coverage
    }

    /// A property whose check labels cases through a ``CaseContext``.
    ///
    /// Disfavoured, so that a two-parameter closure over a pair binds the pair's elements.
    @_disfavoredOverload public init(
        _ name: String, _ generator: Gen<Value>, examples: [Value] = [], coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value, CaseContext) throws -> Void
    ) {
        self.init(
            name: name, generator: generator, examples: examples, coverage: coverage, describe: describe, check: check,
            asyncCheck: nil, plainCheck: nil)
    }

    /// A property whose check only judges the value.
    public init(
        _ name: String, _ generator: Gen<Value>, examples: [Value] = [], coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value) throws -> Void
    ) {
        self.init(
            name: name, generator: generator, examples: examples, coverage: coverage, describe: describe,
            check: { value, _ in try check(value) }, asyncCheck: nil, plainCheck: check)
    }

    /// A property whose `async` check labels cases through a ``CaseContext``.
    @_disfavoredOverload public init(
        _ name: String, _ generator: Gen<Value>, examples: [Value] = [], coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value, CaseContext) async throws -> Void
    ) {
        self.init(
            name: name, generator: generator, examples: examples, coverage: coverage, describe: describe,
            check: { _, _ in throw PropertyCheckError.asyncCheck(property: name) }, asyncCheck: check, plainCheck: nil)
    }

    /// A property whose `async` check only judges the value.
    public init(
        _ name: String, _ generator: Gen<Value>, examples: [Value] = [], coverage: [CoverageRequirement] = [],
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        check: @escaping @Sendable (Value) async throws -> Void
    ) {
        self.init(name, generator, examples: examples, coverage: coverage, describe: describe) { value, _ in
            try await check(value)
        }
    }

    /// The same property with every synchronous case watched by `observer` and every `async`
    /// case's check run inside `aroundAsync` (which must call the body it is given once, and
    /// may throw to fail the case). For tools that observe checks, such as the Swift Testing
    /// glue.
    ///
    /// A check without a context keeps the runner's plain loop, which marks each case in the
    /// observer's flags around the unwrapped check: a closure wrapped around the plain check
    /// cost that loop about 40% (generic values passed through reabstraction thunks per case),
    /// and a call into the observer per case about 50% more.
    public func observingCases(
        with observer: any CaseObserver,
        aroundAsync: @escaping @Sendable (_ body: () async throws -> Void) async throws -> Void
    ) -> Property<Value> {
        if let asyncCheck {
            return Property(
                name: name, generator: generator, examples: examples, coverage: coverage, describe: describe,
                check: check,
                asyncCheck: { value, context in try await aroundAsync { try await asyncCheck(value, context) } },
                plainCheck: nil)
        }
        let check = self.check
        return Property(
            name: name, generator: generator, examples: examples, coverage: coverage, describe: describe,
            check: { value, context in
                try observer.flagsForCurrentThread().observe(by: observer) { try check(value, context) }
            }, asyncCheck: nil,
            // Observed twice: the context loop, whose check holds both observers.
            plainCheck: caseObserver == nil ? plainCheck : nil, caseObserver: observer)
    }
}
