import Foundation

/// The settings of a run a user chooses from outside the code: seed, case count, boundary
/// search, observation directory.
///
/// A run uses its settings as they are: nothing in the engine or the catalogue reads the
/// environment. The environment (`ZOOMCHECK_SEED`, `ZOOMCHECK_CASES`, `ZOOMCHECK_BOUNDARIES`,
/// `ZOOMCHECK_OBSERVE`) is read once, at an entry point, by `fromEnvironment(defaults:keeping:environment:)`:
/// `zoomcheck check` and `zoomcheck replay` (after their flags), `expectProperty`,
/// `expectCatalogue` and `Property.run()`. This file is the only reader of the four variables.
public struct RunSettings: Sendable, Hashable {
    /// Cases a property runs when its settings do not say (the engine's default; the map
    /// catalogue's is `CatalogueRunner.defaultSettings`).
    public static let defaultCaseCount = 100

    /// The seed of the run.
    public var seed: Seed
    /// Generated cases to run (0 or more: 0 replays only examples and regressions).
    public var caseCount: Int
    /// Whether a failure's minimal case gets its input boundaries (see ``InputBoundary``).
    public var searchesBoundaries: Bool
    /// Where runs write their observations (see ``RunObservation``); nil: nowhere.
    public var observationDirectory: String?

    /// Settings; every argument has a default: ``Seed/default``, ``defaultCaseCount``,
    /// boundaries searched, no observations.
    public init(
        seed: Seed = .default, caseCount: Int = RunSettings.defaultCaseCount, searchesBoundaries: Bool = true,
        observationDirectory: String? = nil
    ) {
        self.seed = seed
        self.caseCount = caseCount
        self.searchesBoundaries = searchesBoundaries
        self.observationDirectory = observationDirectory
    }

    /// Environment variable that sets the seed: decimal or `0x` hexadecimal, or `random` for a
    /// fresh seed on every run.
    public static let seedVariable = "ZOOMCHECK_SEED"
    /// The value of `ZOOMCHECK_SEED` that asks for a fresh seed on every run (any case).
    public static let randomSeedValue = "random"
    /// Environment variable that sets the case count.
    public static let caseCountVariable = "ZOOMCHECK_CASES"
    /// Environment variable that turns boundary search off when set to `off`, `0`, `false` or
    /// `no` (any case); `on`, `1`, `true`, `yes` or empty leave it on; anything else is an
    /// error, never ignored.
    public static let boundariesVariable = "ZOOMCHECK_BOUNDARIES"
    /// Environment variable naming the directory runs write their observations to (see
    /// ``RunObservation``); unset or empty: none.
    public static let observeVariable = "ZOOMCHECK_OBSERVE"

    /// The settings a caller gave explicitly (a command-line flag), which the environment
    /// does not override and whose variables are then not read at all.
    package struct Fields: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let seed = Fields(rawValue: 1)
        package static let caseCount = Fields(rawValue: 2)
        package static let observationDirectory = Fields(rawValue: 4)
    }

    /// `defaults` with what the environment sets in their place: the seed (`random` draws a
    /// fresh one, here, once for the whole run), the case count, the observation directory;
    /// boundary search stays on only if the environment does not turn it off. A field in
    /// `keeping` is not read from the environment (its variable may hold anything).
    ///
    /// Called only at the entry points, once per run, so that every property of a run shares
    /// one seed.
    ///
    /// - Throws: ``PropertyCheckError/invalidEnvironment(variable:value:)`` naming the variable
    ///   and its value when `ZOOMCHECK_SEED` is neither a ``Seed`` nor `random`,
    ///   `ZOOMCHECK_CASES` is not a whole number ≥ 0, or `ZOOMCHECK_BOUNDARIES` is not one of
    ///   its on and off words: never silently ignored.
    package static func fromEnvironment(
        defaults: RunSettings, keeping: Fields = [], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PropertyCheckError) -> RunSettings {
        var settings = defaults
        if !keeping.contains(.caseCount), let text = environment[caseCountVariable] {
            let digits = text.trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else {
                throw .invalidEnvironment(variable: caseCountVariable, value: text)
            }
            settings.caseCount = count
        }
        if !keeping.contains(.seed), let text = environment[seedVariable] {
            if text.trimmingCharacters(in: .whitespaces).lowercased() == randomSeedValue {
                settings.seed = .random()
            } else if let seed = Seed(parsing: text) {
                settings.seed = seed
            } else {
                throw .invalidEnvironment(variable: seedVariable, value: text)
            }
        }
        if let text = environment[boundariesVariable] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "0", "off", "false", "no": settings.searchesBoundaries = false
            case "1", "on", "true", "yes", "": break
            default: throw .invalidEnvironment(variable: boundariesVariable, value: text)
            }
        }
        if !keeping.contains(.observationDirectory), let directory = environment[observeVariable], !directory.isEmpty {
            settings.observationDirectory = directory
        }
        return settings
    }
}
