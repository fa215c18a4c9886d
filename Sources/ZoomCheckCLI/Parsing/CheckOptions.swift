import ZoomProtocol
import Foundation
import MercatorCore
import PropertyCheck
import ZoomPanels
import ZoomProperties

/// What `check` and `replay` run: properties, subjects (implementations with their gate,
/// expectations, regressions and replay line), settings — decided once, here, from the command
/// line and then the environment.
struct CheckOptions {
    var properties: [CatalogueProperty]
    var subjects: [CatalogueSubject]
    var runner: CatalogueRunner
    /// Seed, case count and boundary search, after `--seed`/`--cases`, the environment and the
    /// defaults: resolved once (a `random` seed is drawn here).
    var settings: RunSettings
    /// Lines for the report's header: where regressions are read and saved, or why not.
    var notes: [String] = []

    /// The run's seed.
    var seed: UInt64 { settings.seed.rawValue }
    /// The implementations, in the order given.
    var implementations: [any ZoomImplementation] { subjects.map(\.implementation) }

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

    /// The largest `--window`: a window holds its cases and their answers in memory, and far
    /// fewer already keep a program busy.
    static let maximumWindow = 1024

    /// Reads the options `check` and `replay` share (see `CheckCommand.options`), and the
    /// environment's `ZOOMCHECK_SEED`, `ZOOMCHECK_CASES` and `ZOOMCHECK_BOUNDARIES`, naming the
    /// option or the variable in every message. `replayProgram` is how printed replay lines
    /// run zoomcheck (the running binary's own path).
    static func from(
        _ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        location: RegressionsLocation.Search = .standard(), replayProgram: String = CommandIO.packageReplayProgram
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
        let libm: FloatLibm
        let gate: GateScope?
        switch (
            choice("--libm", in: arguments, as: FloatLibm.self), choice("--gate", in: arguments, as: GateScope.self)
        ) {
        case (.failure(let message), _), (_, .failure(let message)): return .failure(message)
        case (.success(let chosenLibm), .success(let chosenGate)): (libm, gate) = (chosenLibm ?? .portable, chosenGate)
        }
        // Each --impl word becomes a subject here, once: ZoomCheck's own cores keep (or are
        // pinned against) its conventions and are gated on every class; an exec: program is
        // held to the conventions it declared; a panel implementation may keep others.
        var selected: [(subject: CatalogueSubject, commandLineName: String)] = []
        for name in arguments.all("--impl") {
            if name == "all" {
                selected += CatalogueSubject.shipped(libm: libm).map { ($0, $0.name) }
            } else if name == "controls" || name == "mutants" {
                let panel = name == "controls" ? ControlPanel.all : MutantPanel.all
                selected += panel.map { (CatalogueSubject($0, gate: .defects), $0.name) }
            } else if let panel = (ControlPanel.all + MutantPanel.all).first(where: { $0.name == name }) {
                selected.append((CatalogueSubject(panel, gate: .defects), name))
            } else if name.hasPrefix("exec:") {
                let command = String(name.dropFirst("exec:".count))
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return .failure(UsageMessage("exec: needs a command, as in --impl 'exec:./my-mercator'"))
                }
                let external = ExternalImplementation(command: command, answerTimeout: timeout, window: window)
                selected.append((CatalogueSubject(external, gate: .declared), name))
            } else if let subject = CatalogueSubject.shipped(libm: libm).first(where: { $0.name == name }) {
                selected.append((subject, name))
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
        if selected.isEmpty { selected = [(.corrected, "corrected"), (.seedPort(.original, libm: libm), "seed")] }
        var notes: [String] = []
        if libm == .platform {
            notes.append(
                """
                libm: the seed ports call sinf and logf from \(FloatLibm.platformLibraryName), judged by the \
                properties only (pinned counterexamples are not compared)
                """)
            notes.append("libm: \(LibmDeparture.measure())")
        }
        var labels = Set<String>()
        for (subject, _) in selected where !labels.insert(subject.name).inserted {
            return .failure(
                UsageMessage(
                    """
                    implementation '\(subject.name)' is given twice (through 'all', a panel, or two exec: \
                    programs with the same file name); give it once
                    """))
        }
        let properties: [CatalogueProperty]
        switch Self.properties(arguments.all("--property")) {
        case .failure(let message): return .failure(message)
        case .success(let value): properties = value
        }
        let settings: RunSettings
        switch Self.settings(arguments, environment: environment) {
        case .failure(let message): return .failure(message)
        case .success(let value): settings = value
        }
        let directory: String?
        let explicitRegressions = arguments.value("--regressions") != nil
        switch RegressionsLocation.resolve(explicit: arguments.value("--regressions"), search: location) {
        case .failure(let message): return .failure(message)
        case .success(let found):
            directory = found.directory
            notes.append(found.note)
        }
        // Replay lines select again whatever this run selected, with its settings, from any
        // directory (an exec: command may name paths relative to this one).
        var replayArguments: [String] = []
        if let timeout = arguments.value("--exec-timeout") { replayArguments += ["--exec-timeout", timeout] }
        let workingDirectory = FileSystem.currentDirectory()
        var subjects: [CatalogueSubject] = []
        for (subject, commandLineName) in selected {
            var subject = subject
            if let gate { subject.gate = gate }
            let external = subject.implementation as? ExternalImplementation
            if let external, !explicitRegressions {
                // An external program's counterexamples never go into the checkout.
                let cache = cacheDirectory(for: external, environment: environment)
                subject.regressions = cache.map { .directory($0) } ?? .nowhere
                notes.append(
                    """
                    regressions of \(subject.name): \
                    \(cache ?? "none (neither XDG_CACHE_HOME nor HOME is set): not saved")
                    """)
            }
            // The line names --regressions only when the run was given one (else replay finds
            // the same place by itself).
            subject.replayLine = replayLine(
                program: replayProgram, implementation: commandLineName,
                regressions: explicitRegressions ? directory : nil,
                // A seed port calling the platform's libm (whose pins are not compared) is
                // replayed with it.
                arguments: (subject.comparesPins ? [] : ["--libm", "platform"]) + replayArguments,
                workingDirectory: external == nil ? nil : workingDirectory)
            subjects.append(subject)
        }
        return .success(
            CheckOptions(
                properties: properties, subjects: subjects,
                runner: CatalogueRunner(settings: settings, regressionDirectory: directory), settings: settings,
                notes: notes))
    }

    /// The value of `option`, one of `T`'s cases by raw value (nil when not given), or a
    /// message listing them, with a "did you mean" for a near miss.
    static func choice<T: RawRepresentable & CaseIterable>(_ option: String, in arguments: CommandArguments, as: T.Type)
        -> Result<T?, UsageMessage> where T.RawValue == String
    {
        guard let text = arguments.value(option) else { return .success(nil) }
        if let chosen = T(rawValue: text) { return .success(chosen) }
        let names = T.allCases.map(\.rawValue)
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        return .failure(
            UsageMessage("\(option) takes \(list), not '\(text)'" + Suggestion.didYouMean(text, among: names)))
    }

    /// The seed, case count, boundary search and observation directory of the run: `--seed`,
    /// `--cases` and `--observe`, else `ZOOMCHECK_SEED`, `ZOOMCHECK_CASES` and
    /// `ZOOMCHECK_OBSERVE`, else the defaults; `ZOOMCHECK_BOUNDARIES`.
    static func settings(_ arguments: CommandArguments, environment: [String: String]) -> Result<
        RunSettings, UsageMessage
    > {
        var seed: Seed?
        if let text = arguments.value("--seed") {
            guard let parsed = Seed(parsing: text) else {
                return .failure(UsageMessage("--seed takes a decimal or 0x-hexadecimal 64-bit number, not '\(text)'"))
            }
            seed = parsed
        }
        var cases: Int?
        if let text = arguments.value("--cases") {
            switch WholeNumber.parse(text, minimum: 1) {
            case .failure(let reason): return .failure(UsageMessage("--cases \(reason.text)"))
            case .success(let value): cases = value
            }
        } else if let text = environment[RunSettings.caseCountVariable] {
            // Read here, once, for the CLI's rule (at least 1) and its message.
            switch WholeNumber.parse(text.trimmingCharacters(in: .whitespaces), minimum: 1) {
            case .failure(let reason):
                return .failure(
                    UsageMessage(
                        """
                        the environment variable \(RunSettings.caseCountVariable) \(reason.text) (unset it, or \
                        fix it)
                        """))
            case .success(let value): cases = value
            }
        }
        if let text = arguments.value("--observe"), text.isEmpty {
            return .failure(UsageMessage("--observe needs a directory path"))
        }
        do {
            let settings = try RunSettings.resolve(
                seed: seed, caseCount: cases, observationDirectory: arguments.value("--observe"),
                environment: environment, fallbackCaseCount: CatalogueRunner.defaultCaseCount)
            if let directory = settings.observationDirectory, let problem = observationProblem(directory) {
                let source = arguments.value("--observe") != nil ? "--observe" : RunSettings.observeVariable
                return .failure(UsageMessage("\(source) \(directory): \(problem)"))
            }
            return .success(settings)
        } catch {
            if case .invalidEnvironment(let variable, let text) = error, variable == RunSettings.seedVariable {
                return .failure(
                    UsageMessage(
                        """
                        the environment variable \(RunSettings.seedVariable) is '\(text)', not a decimal or \
                        0x-hexadecimal 64-bit number or 'random' (unset it, or fix it)
                        """))
            }
            return .failure(UsageMessage(error.description))
        }
    }

    /// Why `what` (the observations, `--html`'s page) cannot go into `directory` (which is
    /// created if missing), or nil: it exists and is not a directory, or it cannot be created.
    static func observationProblem(_ directory: String, holding what: String = "the observations") -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "exists and is not a directory; give a directory for \(what)"
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return nil
        } catch { return "cannot be created (\(error.localizedDescription))" }
    }

    /// The `zoomcheck replay` line of a subject: `program replay --property P --impl NAME
    /// --seed S --cases N`, then `--regressions DIR` when the run was given one, then the run's
    /// other settings; in a subshell that changes to `workingDirectory` first when one is given.
    static func replayLine(
        program: String, implementation: String, regressions: String?, arguments: [String], workingDirectory: String?
    ) -> @Sendable (String, Seed, Int) -> String {
        let rest = (regressions.map { ["--regressions", $0] } ?? []) + arguments
        return { property, seed, caseCount in
            let all =
                [
                    "replay", "--property", property, "--impl", implementation, "--seed", seed.description, "--cases",
                    String(caseCount),
                ] + rest
            let line = ([program] + all.map(ReplayCommand.shellQuotedIfNeeded)).joined(separator: " ")
            return workingDirectory.map { "(cd \(ReplayCommand.shellQuotedIfNeeded($0)) && \(line))" } ?? line
        }
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
