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
        // FNV-1a, 64 bits: stable across runs and machines; the whole command, however long.
        let hash = SafeName.fnv1a(implementation.command)
        let label = ExternalImplementation.label(for: implementation.command).map {
            $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_"
        }
        return "\(base)/zoomcheck/regressions/\(labelPrefix(String(label)))-\(String(hash, radix: 16))"
    }

    /// The most bytes of a program's label in its cache directory's name: with `-` and the
    /// 16 hex digits of the hash, far below `NAME_MAX` (255 bytes), which a 240-character
    /// program file name passed (its counterexamples were never saved).
    static let cacheLabelByteLimit = 64

    /// `label` cut, at a character, to ``cacheLabelByteLimit`` bytes of UTF-8.
    static func labelPrefix(_ label: String) -> String {
        var kept = ""
        for character in label {
            guard kept.utf8.count + String(character).utf8.count <= cacheLabelByteLimit else { break }
            kept.append(character)
        }
        return kept
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

    /// Reads the options `check` and `replay` share (``RunOption``), and the run's settings from
    /// them and the environment (``settings(_:environment:)``), naming the option or the
    /// variable in every message. `replayProgram` is how printed replay lines run zoomcheck
    /// (the running binary's own path).
    static func from(
        _ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        location: RegressionsLocation.Search = .standard(), replayProgram: String = CommandIO.packageReplayProgram
    ) -> Result<CheckOptions, UsageMessage> {
        do throws(UsageMessage) {
            let program = try ProgramOptions.from(arguments).get()
            let libm = try choice(RunOption.libm, in: arguments, as: FloatLibm.self).get() ?? .portable
            let gate = try choice(RunOption.gate, in: arguments, as: GateScope.self).get()
            let selected = try selection(arguments.all(RunOption.impl), libm: libm, program: program).get()
            let properties = try Self.properties(arguments.all(RunOption.property)).get()
            let settings = try Self.settings(arguments, environment: environment).get()
            let explicit = arguments.value(RunOption.regressions)
            let found = try RegressionsLocation.resolve(explicit: explicit, search: location).get()
            var notes = libmNotes(libm) + [found.note]
            // Replay lines select again whatever this run selected, with its settings, from any
            // directory (an exec: command may name paths relative to this one).
            let replay = ReplaySelection(
                program: replayProgram, regressions: explicit == nil ? nil : found.directory,
                arguments: arguments.value(RunOption.execTimeout).map { [RunOption.execTimeout.name, $0] } ?? [],
                workingDirectory: FileSystem.currentDirectory())
            let subjects = selected.map { selected in
                subject(
                    selected.subject, commandLineName: selected.commandLineName, gate: gate,
                    savesToCache: explicit == nil, replay: replay, environment: environment, notes: &notes)
            }
            return .success(
                CheckOptions(
                    properties: properties, subjects: subjects,
                    runner: CatalogueRunner(settings: settings, regressionDirectory: found.directory),
                    settings: settings, notes: notes))
        } catch { return .failure(error) }
    }

    /// How an `exec:` program is run: `--exec-timeout` and `--window`.
    struct ProgramOptions {
        var timeout = Duration.seconds(10)
        var window = ExternalImplementation.defaultWindow

        static func from(_ arguments: CommandArguments) -> Result<ProgramOptions, UsageMessage> {
            var options = ProgramOptions()
            if let text = arguments.value(RunOption.execTimeout) {
                // The timeout is kept in whole milliseconds: less than one would truncate to 0.
                guard let seconds = Double(text), seconds >= 0.001, seconds <= 86_400 else {
                    return .failure(
                        UsageMessage(
                            """
                            \(RunOption.execTimeout.name) takes seconds, at least 0.001 (its resolution is 1 ms) and \
                            at most 86400, not '\(text)'
                            """))
                }
                options.timeout = .milliseconds(Int64(seconds * 1000))
            }
            if let text = arguments.value(RunOption.window) {
                guard let count = Int(text), (1...maximumWindow).contains(count) else {
                    return .failure(
                        UsageMessage(
                            """
                            \(RunOption.window.name) takes a count of requests from 1 to \(maximumWindow), not \
                            '\(text)'
                            """))
                }
                options.window = count
            }
            return .success(options)
        }
    }

    /// The subjects the `--impl` words name, each with the word that selects it again
    /// (default: the corrected core, then the seed). Each word becomes a subject here, once:
    /// ZoomCheck's own cores keep (or are pinned against) its conventions and are gated on
    /// every class; an exec: program is held to the conventions it declared; a panel
    /// implementation may keep others.
    static func selection(_ words: [String], libm: FloatLibm, program: ProgramOptions) -> Result<
        [(subject: CatalogueSubject, commandLineName: String)], UsageMessage
    > {
        var selected: [(subject: CatalogueSubject, commandLineName: String)] = []
        for name in words {
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
                let external = ExternalImplementation(
                    command: command, answerTimeout: program.timeout, window: program.window)
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
        var labels = Set<String>()
        for (subject, _) in selected where !labels.insert(subject.name).inserted {
            return .failure(
                UsageMessage(
                    """
                    implementation '\(subject.name)' is given twice (through 'all', a panel, or two exec: \
                    programs with the same file name); give it once
                    """))
        }
        return .success(selected)
    }

    /// What a run with the platform's libm says before anything runs.
    static func libmNotes(_ libm: FloatLibm) -> [String] {
        guard libm == .platform else { return [] }
        return [
            """
            libm: the seed ports call sinf and logf from \(FloatLibm.platformLibraryName), judged by the \
            properties only (pinned counterexamples are not compared)
            """, "libm: \(LibmDeparture.measure())",
        ]
    }

    /// What every replay line of the run repeats: the program, `--regressions` when the run
    /// was given one (else replay finds the same place by itself), the `exec:` options, and
    /// the directory an `exec:` command's relative paths are resolved from.
    struct ReplaySelection {
        let program: String
        let regressions: String?
        let arguments: [String]
        let workingDirectory: String
    }

    /// `subject` as the run holds it: under `gate` when one was given, with the command and
    /// notes of an `exec:` program, its counterexamples in the per-user cache (never the
    /// checkout) unless `--regressions` named a place, and its replay line.
    static func subject(
        _ subject: CatalogueSubject, commandLineName: String, gate: GateScope?, savesToCache: Bool,
        replay: ReplaySelection, environment: [String: String], notes: inout [String]
    ) -> CatalogueSubject {
        var subject = subject
        if let gate { subject.gate = gate }
        let external = subject.implementation as? ExternalImplementation
        if let external {
            subject.command = external.command
            subject.notesSource = { external.describeNotes + external.protocolDepartures }
            if savesToCache {
                let cache = cacheDirectory(for: external, environment: environment)
                subject.regressions = cache.map { .directory($0) } ?? .nowhere
                notes.append(
                    """
                    regressions of \(subject.name): \
                    \(cache ?? "none (neither XDG_CACHE_HOME nor HOME is set): not saved")
                    """)
                if let cache { notes += CacheEntries.setAsideUnreadable(in: cache) }
            }
        }
        subject.replayLine = replayLine(
            program: replay.program, implementation: commandLineName, regressions: replay.regressions,
            // A seed port calling the platform's libm (whose pins are not compared) is
            // replayed with it.
            arguments: (subject.comparesPins ? [] : [RunOption.libm.name, FloatLibm.platform.rawValue])
                + replay.arguments, workingDirectory: external == nil ? nil : replay.workingDirectory)
        return subject
    }

    /// The value of `option`, one of `T`'s cases by raw value (nil when not given), or a
    /// message listing them, with a "did you mean" for a near miss.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ option: OptionSpec, in arguments: CommandArguments, as: T.Type
    ) -> Result<T?, UsageMessage> where T.RawValue == String {
        guard let text = arguments.value(option) else { return .success(nil) }
        if let chosen = T(rawValue: text) { return .success(chosen) }
        let names = T.allCases.map(\.rawValue)
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        return .failure(
            UsageMessage("\(option.name) takes \(list), not '\(text)'" + Suggestion.didYouMean(text, among: names)))
    }

    /// The seed, case count, boundary search and observation directory of the run: `--seed`,
    /// `--cases` and `--observe`, else `ZOOMCHECK_SEED`, `ZOOMCHECK_CASES` and
    /// `ZOOMCHECK_OBSERVE`, else the defaults; `ZOOMCHECK_BOUNDARIES`.
    static func settings(_ arguments: CommandArguments, environment: [String: String]) -> Result<
        RunSettings, UsageMessage
    > {
        var given = RunSettings.catalogueDefaults
        var keeping: RunSettings.Fields = []
        if let text = arguments.value(RunOption.seed) {
            guard let parsed = Seed(parsing: text) else {
                return .failure(
                    UsageMessage(
                        "\(RunOption.seed.name) takes a decimal or 0x-hexadecimal 64-bit number, not '\(text)'"))
            }
            given.seed = parsed
            keeping.insert(.seed)
        }
        if let text = arguments.value(RunOption.cases) {
            switch WholeNumber.parse(text, minimum: 1) {
            case .failure(let reason): return .failure(UsageMessage("\(RunOption.cases.name) \(reason.text)"))
            case .success(let value): given.caseCount = value
            }
            keeping.insert(.caseCount)
        }
        if let text = arguments.value(RunOption.observe) {
            guard !text.isEmpty else {
                return .failure(UsageMessage("\(RunOption.observe.name) needs a directory path"))
            }
            given.observationDirectory = text
            keeping.insert(.observationDirectory)
        }
        let settings: RunSettings
        do {
            settings = try RunSettings.fromEnvironment(defaults: given, keeping: keeping, environment: environment)
        } catch {
            guard case .invalidEnvironment(let variable, let text) = error else {
                return .failure(UsageMessage(error.description))
            }
            return .failure(environmentMessage(variable, text))
        }
        if settings.caseCount < 1 {
            return .failure(environmentMessage(RunSettings.caseCountVariable, String(settings.caseCount)))
        }
        if let directory = settings.observationDirectory, let problem = observationProblem(directory) {
            let source = keeping.contains(.observationDirectory) ? RunOption.observe.name : RunSettings.observeVariable
            return .failure(UsageMessage("\(source) \(directory): \(problem)"))
        }
        return .success(settings)
    }

    /// The usage message for an environment variable whose value `text` a run cannot use.
    static func environmentMessage(_ variable: String, _ value: String) -> UsageMessage {
        // Shown escaped: a value holding ESC or a line feed must not recolour the terminal
        // nor start a line of a CI log (`::error`).
        let text = ProgramText.escaped(value)
        if variable == RunSettings.boundariesVariable {
            return UsageMessage(
                """
                the environment variable \(variable) is '\(text)', not on or off (or 1/0, true/false, yes/no) \
                (unset it, or fix it)
                """)
        }
        if variable == RunSettings.seedVariable {
            return UsageMessage(
                """
                the environment variable \(RunSettings.seedVariable) is '\(text)', not a decimal or \
                0x-hexadecimal 64-bit number or 'random' (unset it, or fix it)
                """)
        }
        let reason: String
        switch WholeNumber.parse(value.trimmingCharacters(in: .whitespaces), minimum: 1) {
        case .failure(let failure): reason = ProgramText.escaped(failure.text)
        case .success: reason = "is '\(text)'"
        }
        return UsageMessage("the environment variable \(variable) \(reason) (unset it, or fix it)")
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
        let rest = (regressions.map { [RunOption.regressions.name, $0] } ?? []) + arguments
        return { property, seed, caseCount in
            let all =
                [
                    "replay", RunOption.property.name, property, RunOption.impl.name, implementation,
                    RunOption.seed.name, seed.description, RunOption.cases.name, String(caseCount),
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
