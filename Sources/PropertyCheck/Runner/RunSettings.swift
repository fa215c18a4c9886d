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
    /// Whether the reports a test records include the engine's internals (shrink counts,
    /// choice sequences, inputs no generator named by their place in them), as `zoomcheck
    /// --verbose` does: `ZOOMCHECK_VERBOSE=1`.
    public var reportsInternals = false

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
    /// Environment variable that adds the engine's internals to the reports tests record when
    /// set to `1` or `on` (``reportsInternals``).
    public static let verboseVariable = "ZOOMCHECK_VERBOSE"

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
    ///   `ZOOMCHECK_CASES` is not a case count of at least `minimumCaseCount`
    ///   (``caseCount(parsing:minimum:)`` says why), or `ZOOMCHECK_BOUNDARIES` is not one of
    ///   its on and off words: never silently ignored.
    package static func fromEnvironment(
        defaults: RunSettings, keeping: Fields = [], minimumCaseCount: Int = 0,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PropertyCheckError) -> RunSettings {
        var settings = defaults
        if !keeping.contains(.caseCount), let text = environment[caseCountVariable] {
            guard case .success(let count) = caseCount(parsing: text, minimum: minimumCaseCount) else {
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
        let verbose = environment[verboseVariable]?.trimmingCharacters(in: .whitespaces).lowercased()
        if verbose == "1" || verbose == "on" { settings.reportsInternals = true }
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

extension RunSettings {
    /// Why a case count cannot be a run's; ``text`` follows the name of where it came from
    /// (`--cases must be at least 1, not 0`).
    package enum CaseCountProblem: Error, Equatable {
        /// Not decimal digits alone (a sign, a fraction, a word).
        case notAWholeNumber(String, minimum: Int)
        /// More than `Int.max`.
        case tooLarge(String)
        /// Fewer than the run allows.
        case belowMinimum(Int, minimum: Int)

        /// What is wrong, as the rest of a sentence that starts with the count's source.
        package var text: String {
            switch self {
            case .notAWholeNumber(let text, let minimum): "takes a whole number ≥ \(minimum), not '\(text)'"
            case .tooLarge(let text): "is \(text), which is too large: at most \(Int.max)"
            case .belowMinimum(let count, let minimum): "must be at least \(minimum), not \(count)"
            }
        }
    }

    /// `text` read as a case count: decimal digits alone (blanks around them ignored), from
    /// `minimum` to `Int.max`. The one reader of a count a user writes — `--cases`,
    /// `ZOOMCHECK_CASES` — so that every entry point accepts and refuses the same texts.
    package static func caseCount(parsing text: String, minimum: Int) -> Result<Int, CaseCountProblem> {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(.notAWholeNumber(digits, minimum: minimum))
        }
        guard let count = Int(digits) else { return .failure(.tooLarge(digits)) }
        return count < minimum ? .failure(.belowMinimum(count, minimum: minimum)) : .success(count)
    }

    /// Why ``caseCount`` cannot run where at least `minimum` cases are needed (0 for the
    /// engine, whose run of 0 cases replays only examples and saved counterexamples; 1 for the
    /// catalogue), or nil.
    package func caseCountProblem(minimum: Int) -> CaseCountProblem? {
        caseCount < minimum ? .belowMinimum(caseCount, minimum: minimum) : nil
    }
}
