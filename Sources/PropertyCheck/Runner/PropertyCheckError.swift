/// Why a property could not be judged (as opposed to failing).
public enum PropertyCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An environment variable (`ZOOMCHECK_SEED`, `ZOOMCHECK_CASES`) holds an unusable value.
    case invalidEnvironment(variable: String, value: String)
    /// A configuration value is out of range (e.g. a negative case count).
    case invalidConfiguration(String)
    /// Too many cases were discarded because a `filter` rejected every attempt.
    case filterBudgetExhausted(filter: String, attemptsPerValue: Int, discardedCases: Int)
    /// Too many cases were discarded because a generator threw (the last error is given).
    case generatorFailed(String, discardedCases: Int)
    /// Too many cases were discarded by the check (`assume`, ``CaseDiscarded``); the last
    /// reason is given.
    case checkDiscarded(String, discardedCases: Int)
    /// The regressions file could not be read or written.
    case regression(RegressionError)
    /// The property's check is `async` and was run synchronously.
    case asyncCheck(property: String)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case let .invalidEnvironment(variable, value):
            // debugDescription: quoted, control characters escaped (`\u{1B}`), so a value
            // cannot start a line of the log or recolour it.
            "environment variable \(variable) has an invalid value \(value.debugDescription)"
        case let .invalidConfiguration(reason): "invalid configuration: \(reason)"
        case let .filterBudgetExhausted(filter, attempts, discarded):
            "filter \"\(filter)\" rejected all \(attempts) attempts for \(discarded) cases; "
                + "generate valid values directly or widen the filter"
        case let .generatorFailed(error, discarded): "a generator threw for \(discarded) cases; last error: \(error)"
        case let .checkDiscarded(reason, discarded): "the check discarded \(discarded) cases; last reason: \(reason)"
        case let .regression(error): error.description
        case let .asyncCheck(property):
            """
            the check of \"\(property)\" is async: run it with `await property.run()` or `await \
            expectProperty(property)`
            """
        }
    }
}
