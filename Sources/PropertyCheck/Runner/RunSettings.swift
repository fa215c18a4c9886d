import Foundation

/// The settings of a run a user chooses from outside the code — seed, case count, boundary
/// search — after precedence: a value given explicitly (a flag, an argument) wins, then the
/// environment (`ZOOMCHECK_SEED`, `ZOOMCHECK_CASES`, `ZOOMCHECK_BOUNDARIES`, `ZOOMCHECK_OBSERVE`), then a
/// fallback.
///
/// Resolved once, at the edge (`zoomcheck check` resolves them before anything runs; a plain
/// `Property.check` resolves them when it starts), and passed down: nothing below reads the
/// environment again. This type is the only reader of the four variables.
public struct RunSettings: Sendable, Hashable {
    /// The seed of the run.
    public var seed: Seed
    /// Generated cases to run (0 or more: 0 replays only examples and regressions).
    public var caseCount: Int
    /// Whether a failure's minimal case gets its input boundaries (see ``InputBoundary``).
    public var searchesBoundaries: Bool
    /// Where runs write their observations (see ``RunObservation``); nil: nowhere.
    public var observationDirectory: String?

    public init(
        seed: Seed = .default, caseCount: Int, searchesBoundaries: Bool = true, observationDirectory: String? = nil
    ) {
        self.seed = seed
        self.caseCount = caseCount
        self.searchesBoundaries = searchesBoundaries
        self.observationDirectory = observationDirectory
    }

    /// Environment variable that sets the seed when no value is given: decimal or `0x`
    /// hexadecimal, or `random` for a fresh seed on every run.
    public static let seedVariable = "ZOOMCHECK_SEED"
    /// The value of `ZOOMCHECK_SEED` that asks for a fresh seed on every run (any case).
    public static let randomSeedValue = "random"
    /// Environment variable that sets the case count when no value is given.
    public static let caseCountVariable = "ZOOMCHECK_CASES"
    /// Environment variable that turns boundary search off when set to `0` or `off`.
    public static let boundariesVariable = "ZOOMCHECK_BOUNDARIES"
    /// Environment variable naming the directory runs write their observations to (see
    /// ``RunObservation``) when no directory is given; unset or empty: none.
    public static let observeVariable = "ZOOMCHECK_OBSERVE"

    /// `ZOOMCHECK_OBSERVE` of `environment`: nil when unset or empty.
    public static func observationDirectory(in environment: [String: String]) -> String? {
        guard let text = environment[observeVariable], !text.isEmpty else { return nil }
        return text
    }

    /// `ZOOMCHECK_CASES` of `environment`: nil when unset; blanks around it ignored.
    ///
    /// - Throws: ``PropertyCheckError/invalidEnvironment(variable:value:)`` naming the variable
    ///   and its value when it is not a whole number ≥ 0: never silently ignored.
    public static func caseCount(in environment: [String: String]) throws(PropertyCheckError) -> Int? {
        guard let text = environment[caseCountVariable] else { return nil }
        guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count >= 0 else {
            throw .invalidEnvironment(variable: caseCountVariable, value: text)
        }
        return count
    }

    /// `ZOOMCHECK_SEED` of `environment`: nil when unset, `.some(nil)` when it asks for a
    /// fresh seed (`random`, any case), else the seed it names.
    ///
    /// - Throws: ``PropertyCheckError/invalidEnvironment(variable:value:)`` naming the variable
    ///   and its value when it is neither a ``Seed`` nor `random`.
    public static func seed(in environment: [String: String]) throws(PropertyCheckError) -> Seed?? {
        guard let text = environment[seedVariable] else { return nil }
        if asksForRandomSeed(text) { return .some(nil) }
        guard let seed = Seed(parsing: text) else { throw .invalidEnvironment(variable: seedVariable, value: text) }
        return seed
    }

    /// Whether a `ZOOMCHECK_SEED` value asks for a fresh seed (`random`, any case).
    public static func asksForRandomSeed(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespaces).lowercased() == randomSeedValue
    }

    /// False when `ZOOMCHECK_BOUNDARIES` of `environment` is `0` or `off` (any case, blanks
    /// ignored): boundary search turned off.
    public static func searchesBoundaries(in environment: [String: String]) -> Bool {
        let text = environment[boundariesVariable]?.trimmingCharacters(in: .whitespaces).lowercased()
        return text != "0" && text != "off"
    }

    /// The settings after precedence: `seed` and `caseCount` when given, else the
    /// environment's, else `fallbackSeed` (nil: a fresh random seed) and `fallbackCaseCount`.
    /// Boundary search is on when `searchesBoundaries` is and the environment does not turn it
    /// off. Observations go to `observationDirectory` when given, else to `ZOOMCHECK_OBSERVE`'s.
    /// A random seed is drawn here, once. A variable is read only when no value is given for it.
    ///
    /// - Throws: ``PropertyCheckError`` naming the variable when the environment holds an
    ///   unusable value that the run would use, or when `caseCount` is negative.
    public static func resolve(
        seed: Seed? = nil, caseCount: Int? = nil, searchesBoundaries: Bool = true, observationDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, fallbackSeed: Seed? = .default,
        fallbackCaseCount: Int
    ) throws(PropertyCheckError) -> RunSettings {
        var count = fallbackCaseCount
        if let caseCount { count = caseCount } else if let named = try Self.caseCount(in: environment) { count = named }
        guard count >= 0 else { throw .invalidConfiguration("caseCount must not be negative (\(count))") }
        let chosen: Seed
        if let seed {
            chosen = seed
        } else if let named = try Self.seed(in: environment) {
            chosen = named ?? .random()
        } else {
            chosen = fallbackSeed ?? .random()
        }
        return RunSettings(
            seed: chosen, caseCount: count,
            searchesBoundaries: searchesBoundaries && Self.searchesBoundaries(in: environment),
            observationDirectory: observationDirectory ?? Self.observationDirectory(in: environment))
    }
}
