import ZoomProtocol
import Foundation
import MercatorCore
import PropertyCheck
import ZoomPanels
import ZoomProperties

/// What `check` and `replay` run: properties, implementations, seed, cases, regressions.
struct CheckOptions {
    var properties: [CatalogueProperty]
    var implementations: [any ZoomImplementation]
    var runner: CatalogueRunner
    /// The seed the run uses, after `--seed`, `ZOOMCHECK_SEED` and the default.
    var seed: UInt64
    /// `--gate`: what fails the run; nil for the defaults (every class for ZoomCheck's own
    /// implementations, defects and declared conventions for exec: programs, defects only
    /// for the panels).
    var gate: GateScope?
    /// Lines for the report's header: where regressions are read and saved, or why not.
    var notes: [String] = []

    /// The gate applied to `implementation`'s outcomes.
    func gateScope(for implementation: String) -> GateScope {
        if let gate { return gate }
        // ZoomCheck's own cores keep (or are pinned against) its conventions; an exec:
        // program is held to the conventions it declared; a panel implementation may keep
        // others.
        let named = implementations.first { $0.name == implementation }
        if named is WebMercator || named is SeedPort { return .all }
        return named is DeclaresConventions ? .declared : .defects
    }

    /// The conventions `implementation` declared (an exec: program's `describe`), or none.
    func declaredConventions(of implementation: String) -> Set<DeclaredConvention> {
        (implementations.first { $0.name == implementation } as? DeclaresConventions)?.declaredConventions ?? []
    }

    /// Whether `outcome` fails the run under its implementation's gate.
    func blocks(_ outcome: CatalogueOutcome) -> Bool {
        outcome.blocks(
            gateScope(for: outcome.implementationName), declared: declaredConventions(of: outcome.implementationName))
    }

    /// The program printed replay commands run: the running binary's own path (set by
    /// `main`), else `swift run -c release zoomcheck`.
    nonisolated(unsafe) static var replayProgram: String?

    /// Where an external program's counterexamples go unless `--regressions` says:
    /// `$XDG_CACHE_HOME/zoomcheck/regressions/<label>-<hash of the command>` (or under
    /// `~/.cache`), never the checkout's `Corpus/regressions`.
    static func cacheDirectory(
        for implementation: ExternalImplementation, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits: stable across runs and machines
        for byte in implementation.command.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let label = ExternalImplementation.label(for: implementation.command).map {
            $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_"
        }
        return "\(base)/zoomcheck/regressions/\(String(label))-\(String(hash, radix: 16))"
    }

    /// The properties named by `--property` values, in order.
    static func properties(_ names: [String]) -> Result<[CatalogueProperty], UsageMessage> {
        var properties: [CatalogueProperty] = []
        for name in names {
            guard let property = ZoomCatalogue.named(name) else {
                return .failure(
                    UsageMessage(
                        "unknown property '\(name)'" + Suggestion.didYouMean(name, among: ZoomCatalogue.all.map(\.name))
                            + " (see 'zoomcheck check --list')"))
            }
            properties.append(property)
        }
        return .success(properties.isEmpty ? ZoomCatalogue.all : properties)
    }

    /// Every implementation name `--impl` accepts besides `exec:`.
    static var implementationNames: [String] {
        BuiltInImplementations.all.map(\.name) + ["all", "controls", "mutants"]
            + (ControlPanel.all + MutantPanel.all).map(\.name)
    }

    /// The largest `--window`: each request in flight holds a thread while it waits, and far
    /// fewer already keep a program busy.
    static let maximumWindow = 1024

    /// Reads the options `check` and `replay` share (see `CheckCommand.options`), and the
    /// environment's `ZOOMCHECK_SEED` and `ZOOMCHECK_CASES`, naming the option or the
    /// variable in every message.
    static func from(
        _ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        location: RegressionsLocation.Search = .standard()
    ) -> Result<CheckOptions, UsageMessage> {
        var timeout = Duration.seconds(10)
        if let text = arguments.value("--exec-timeout") {
            // The timeout is kept in whole milliseconds: less than one would truncate to 0.
            guard let seconds = Double(text), seconds >= 0.001, seconds <= 86_400 else {
                return .failure(
                    UsageMessage(
                        """
                        --exec-timeout takes seconds, at least 0.001 (its resolution is 1 ms) and at most 86400, not \
                        '\(text)'
                        """))
            }
            timeout = .milliseconds(Int64(seconds * 1000))
        }
        var window = ExternalImplementation.defaultWindow
        if let text = arguments.value("--window") {
            guard let count = Int(text), (1...maximumWindow).contains(count) else {
                return .failure(
                    UsageMessage("--window takes a count of requests from 1 to \(maximumWindow), not '\(text)'"))
            }
            window = count
        }
        var implementations: [any ZoomImplementation] = []
        for name in arguments.all("--impl") {
            if name == "all" {
                implementations += BuiltInImplementations.all
            } else if name == "controls" {
                implementations += ControlPanel.all
            } else if name == "mutants" {
                implementations += MutantPanel.all
            } else if let panel = (ControlPanel.all + MutantPanel.all).first(where: { $0.name == name }) {
                implementations.append(panel)
            } else if name.hasPrefix("exec:") {
                let command = String(name.dropFirst("exec:".count))
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return .failure(UsageMessage("exec: needs a command, as in --impl 'exec:./my-mercator'"))
                }
                implementations.append(ExternalImplementation(command: command, answerTimeout: timeout, window: window))
            } else if let implementation = BuiltInImplementations.named(name) {
                implementations.append(implementation)
            } else {
                let known = BuiltInImplementations.all.map(\.name).joined(separator: ", ")
                return .failure(
                    UsageMessage(
                        "unknown implementation '\(name)'" + Suggestion.didYouMean(name, among: implementationNames)
                            + """
                             (known: \(known), all, controls, mutants, a control-… or \
                            mutant-… name, exec:COMMAND)
                            """))
            }
        }
        if implementations.isEmpty {
            implementations = [BuiltInImplementations.corrected, BuiltInImplementations.seed]
        }
        var notes: [String] = []
        if let text = arguments.value("--libm") {
            guard let libm = FloatLibm(rawValue: text) else {
                return .failure(
                    UsageMessage(
                        "--libm takes portable or platform, not '\(text)'"
                            + Suggestion.didYouMean(text, among: FloatLibm.allCases.map(\.rawValue))))
            }
            if libm == .platform {
                implementations = implementations.map { implementation in
                    guard var port = implementation as? SeedPort else { return implementation }
                    port.libm = .platform
                    return port
                }
                notes.append(
                    """
                    libm: the seed ports call sinf and logf from \(FloatLibm.platformLibraryName), judged by the \
                    properties only (pinned counterexamples are not compared)
                    """)
                notes.append("libm: \(LibmDeparture.measure())")
            }
        }
        var labels = Set<String>()
        for implementation in implementations where !labels.insert(implementation.name).inserted {
            return .failure(
                UsageMessage(
                    """
                    implementation '\(implementation.name)' is given twice (through 'all', a panel, or two exec: \
                    programs with the same file name); give it once
                    """))
        }
        let properties: [CatalogueProperty]
        switch Self.properties(arguments.all("--property")) {
        case .failure(let message): return .failure(message)
        case .success(let value): properties = value
        }

        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let parsed = ReplayCommand.parseSeed(text) else {
                return .failure(UsageMessage("--seed takes a decimal or 0x-hexadecimal 64-bit number, not '\(text)'"))
            }
            seed = parsed
        } else if let text = environment[RunConfiguration.seedVariable], ReplayCommand.parseSeed(text) == nil,
            !RunConfiguration.asksForRandomSeed(text)
        {
            return .failure(
                UsageMessage(
                    """
                    the environment variable \(RunConfiguration.seedVariable) is '\(text)', not a decimal or \
                    0x-hexadecimal 64-bit number or 'random' (unset it, or fix it)
                    """))
        }
        var cases: Int?
        if let text = arguments.value("--cases") {
            switch WholeNumber.parse(text, minimum: 1) {
            case .failure(let reason): return .failure(UsageMessage("--cases \(reason.text)"))
            case .success(let value): cases = value
            }
        } else if let text = environment[RunConfiguration.caseCountVariable] {
            if case .failure(let reason) = WholeNumber.parse(text.trimmingCharacters(in: .whitespaces), minimum: 1) {
                return .failure(
                    UsageMessage(
                        """
                        the environment variable \(RunConfiguration.caseCountVariable) \(reason.text) (unset it, or \
                        fix it)
                        """))
            }
        }
        var gate: GateScope?
        if let text = arguments.value("--gate") {
            guard let parsed = GateScope(rawValue: text) else {
                return .failure(
                    UsageMessage(
                        "--gate takes defects, declared or all, not '\(text)'"
                            + Suggestion.didYouMean(text, among: GateScope.allCases.map(\.rawValue))))
            }
            gate = parsed
        }
        let directory: String?
        switch RegressionsLocation.resolve(explicit: arguments.value("--regressions"), search: location) {
        case .failure(let message): return .failure(message)
        case .success(let found):
            directory = found.directory
            notes.append(found.note)
        }
        var runner = CatalogueRunner(
            caseCount: cases, seed: seed, regressionDirectory: directory, environment: environment)
        if arguments.value("--regressions") == nil {
            runner.defaultRegressionDirectory = directory
            // An external program's counterexamples never go into the checkout.
            for case let external as ExternalImplementation in implementations {
                runner.regressionDirectoryByImplementation[external.name] = cacheDirectory(for: external)
                notes.append(
                    """
                    regressions of \(external.name): \
                    \(cacheDirectory(for: external) ?? "none (neither XDG_CACHE_HOME nor HOME is set): not saved")
                    """)
            }
        }
        if let program = replayProgram { runner.replayProgram = program }
        // Replay lines select again whatever this run selected, with its settings, from any
        // directory (an exec: command may name paths relative to this one).
        runner.replaysEveryImplementationThroughCLI = true
        if let timeout = arguments.value("--exec-timeout") { runner.replayArguments += ["--exec-timeout", timeout] }
        for case let external as ExternalImplementation in implementations {
            runner.replayWorkingDirectoryByImplementation[external.name] = FileSystem.currentDirectory()
        }
        let resolvedSeed: UInt64
        do {
            resolvedSeed = try runner.resolved().seed
            runner.seed = resolvedSeed  // drawn once when ZOOMCHECK_SEED=random
        } catch { return .failure(UsageMessage(error.message)) }
        return .success(
            CheckOptions(
                properties: properties, implementations: implementations, runner: runner, seed: resolvedSeed,
                gate: gate, notes: notes))
    }
}

/// A whole number on the command line or in the environment, with a message that says what
/// is wrong with it: not a number, too small, or too large.
enum WholeNumber {
    static func parse(_ text: String, minimum: Int) -> Result<Int, UsageMessage> {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(UsageMessage("takes a whole number ≥ \(minimum), not '\(text)'"))
        }
        guard let value = Int(text) else {
            return .failure(UsageMessage("is \(text), which is too large: at most \(Int.max)"))
        }
        guard value >= minimum else { return .failure(UsageMessage("must be at least \(minimum), not \(value)")) }
        return .success(value)
    }
}
