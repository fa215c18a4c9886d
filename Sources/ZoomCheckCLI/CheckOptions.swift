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
    /// `--gate`: the classes that fail the run; nil for the defaults (every class for
    /// ZoomCheck's own implementations, defects only for external programs).
    var gate: GateScope?

    /// The gate applied to `implementation`'s outcomes.
    func gateScope(for implementation: String) -> GateScope {
        if let gate { return gate }
        // ZoomCheck's own cores keep (or are pinned against) its conventions; anything else
        // — an exec: program, a panel implementation — may legitimately keep others.
        let shipped = implementations.contains { $0.name == implementation && ($0 is WebMercator || $0 is SeedPort) }
        return shipped ? .all : .defects
    }

    /// Whether `outcome` fails the run under its implementation's gate.
    func blocks(_ outcome: CatalogueOutcome) -> Bool {
        outcome.blocks(gateScope(for: outcome.implementationName))
    }

    /// The program printed replay commands run: the running binary's own path (set by
    /// `main`), else `swift run -c release zoomcheck`.
    nonisolated(unsafe) static var replayProgram: String?

    /// Where an external program's counterexamples go unless `--regressions` says:
    /// `$XDG_CACHE_HOME/zoomcheck/regressions/<label>-<hash of the command>` (or under
    /// `~/.cache`), never the checkout's `Corpus/regressions`.
    static func cacheDirectory(for implementation: ExternalImplementation, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
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
        let label = implementation.name.dropFirst("exec:".count).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" }
        return "\(base)/zoomcheck/regressions/\(String(label))-\(String(hash, radix: 16))"
    }

    /// Options `check` and `replay` share.
    static let valued: Set<String> = ["--impl", "--property", "--seed", "--cases", "--regressions", "--exec-timeout", "--gate"]

    /// Reads `--impl NAME` (repeatable; `all` for every shipped one; `exec:COMMAND` for a
    /// program speaking the JSON-lines protocol; default corrected and seed), `--property NAME` (repeatable; default all), `--seed S` (decimal or 0x-hex),
    /// `--cases N`, `--regressions DIR` (default `Corpus/regressions` when it exists).
    static func from(_ arguments: CommandArguments) -> Result<CheckOptions, UsageMessage> {
        var timeout = Duration.seconds(10)
        if let text = arguments.value("--exec-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else { return .failure(UsageMessage("--exec-timeout takes seconds, more than 0 and at most 86400, not '\(text)'")) }
            timeout = .milliseconds(Int64(seconds * 1000))
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
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { return .failure(UsageMessage("exec: needs a command, as in --impl 'exec:./my-mercator'")) }
                implementations.append(ExternalImplementation(command: command, answerTimeout: timeout))
            } else if let implementation = BuiltInImplementations.named(name) {
                implementations.append(implementation)
            } else {
                let known = BuiltInImplementations.all.map(\.name).joined(separator: ", ")
                return .failure(UsageMessage("unknown implementation '\(name)' (known: \(known), all, controls, mutants, a control-… or mutant-… name, exec:COMMAND)"))
            }
        }
        if implementations.isEmpty { implementations = [BuiltInImplementations.corrected, BuiltInImplementations.seed] }
        var labels = Set<String>()
        for implementation in implementations where !labels.insert(implementation.name).inserted {
            return .failure(UsageMessage("implementation '\(implementation.name)' is given twice (two exec: programs need different file names)"))
        }

        var properties: [CatalogueProperty] = []
        for name in arguments.all("--property") {
            guard let property = ZoomCatalogue.named(name) else {
                return .failure(UsageMessage("unknown property '\(name)' (see 'zoomcheck check --list')"))
            }
            properties.append(property)
        }
        if properties.isEmpty { properties = ZoomCatalogue.all }

        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let parsed = ReplayCommand.parseSeed(text) else { return .failure(UsageMessage("--seed takes a decimal or 0x-hexadecimal 64-bit number, not '\(text)'")) }
            seed = parsed
        }
        var cases: Int?
        if let text = arguments.value("--cases") {
            guard let parsed = Int(text), parsed >= 1 else { return .failure(UsageMessage("--cases takes a whole number ≥ 1, not '\(text)'")) }
            cases = parsed
        }
        var gate: GateScope?
        if let text = arguments.value("--gate") {
            guard let parsed = GateScope(rawValue: text) else { return .failure(UsageMessage("--gate takes defects or all, not '\(text)'")) }
            gate = parsed
        }
        let explicitDirectory = arguments.value("--regressions")
        var directory = explicitDirectory
        if directory == nil, FileManager.default.fileExists(atPath: "Corpus/regressions") { directory = "Corpus/regressions" }
        var runner = CatalogueRunner(caseCount: cases, seed: seed, regressionDirectory: directory)
        if explicitDirectory == nil {
            // An external program's counterexamples never go into the checkout.
            for case let external as ExternalImplementation in implementations {
                runner.regressionDirectoryByImplementation[external.name] = cacheDirectory(for: external)
            }
        }
        if let program = replayProgram { runner.replayProgram = program }
        let resolvedSeed: UInt64
        do {
            resolvedSeed = try runner.resolved().seed
        } catch {
            return .failure(UsageMessage(error.message))
        }
        return .success(CheckOptions(properties: properties, implementations: implementations, runner: runner, seed: resolvedSeed, gate: gate))
    }
}
