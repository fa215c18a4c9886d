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
    /// Lines for the report's header about this run: where its regressions are read and
    /// saved (or why not), its libm.
    var notes: [String] = []
    /// The `exec:` programs of the run, each asked to start before anything runs.
    var programs: [ProgramStart] = []

    /// The run's seed.
    var seed: Seed { settings.seed }

    /// An `exec:` program as the run selected it: its command, and why it cannot start (nil:
    /// it starts), asked once, before anything runs.
    struct ProgramStart {
        let command: String
        let problem: () -> String?
    }

    /// Where an external program's counterexamples go unless `--regressions` says:
    /// `$XDG_CACHE_HOME/zoomcheck/regressions/<label>-<hash of the command>` (or under
    /// `~/.cache`), never the checkout's `Corpus/regressions`. A variable that is not an
    /// absolute path is ignored (the XDG rule), and so is one holding a control character
    /// (a line feed, ESC: ``ProgramText/needsEscape(_:)``), which the report, the annotations
    /// and every error naming a counterexample file would otherwise print raw.
    static func cacheDirectory(
        for implementation: ExternalImplementation, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], isCacheBase(cache) {
            base = cache
        } else if let home = environment["HOME"], isCacheBase(home) {
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

    /// Whether `value` of `XDG_CACHE_HOME` or `HOME` may hold the cache: an absolute path
    /// without control characters.
    static func isCacheBase(_ value: String) -> Bool {
        value.hasPrefix("/") && !value.unicodeScalars.contains(where: ProgramText.needsEscape)
    }

    /// The header's note when ``cacheDirectory(for:environment:)`` found no place: neither
    /// variable set, or which were ignored for a control character (shown escaped).
    static func noCacheNote(environment: [String: String]) -> String {
        let ignored = ["XDG_CACHE_HOME", "HOME"].compactMap { name in
            environment[name].flatMap { value in
                value.hasPrefix("/") && !isCacheBase(value) ? "\(name) '\(ProgramText.escaped(value))'" : nil
            }
        }
        guard !ignored.isEmpty else { return "none (neither XDG_CACHE_HOME nor HOME is set): not saved" }
        return "none (\(ignored.joined(separator: " and ")) ignored, holding a control character): not saved"
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
            switch property(named: name) {
            case .success(let property): properties.append(property)
            case .failure(let message): return .failure(message)
            }
        }
        return .success(properties.isEmpty ? ZoomCatalogue.all : properties)
    }

    /// The property `--property NAME` names, or a message with a "did you mean".
    static func property(named name: String) -> Result<CatalogueProperty, UsageMessage> {
        guard let property = ZoomCatalogue.named(name) else {
            return .failure(
                UsageMessage(
                    "unknown property '\(name)'" + Suggestion.didYouMean(name, among: ZoomCatalogue.all.map(\.name))
                        + " (see 'zoomcheck check --list')"))
        }
        return .success(property)
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
            let run = try Run.from(
                arguments, environment: environment, location: location, replayProgram: replayProgram)
            let selected = try selection(arguments.all(RunOption.impl), libm: run.libm, program: run.program).get()
            let properties = try Self.properties(arguments.all(RunOption.property)).get()
            var made = run.made
            let subjects = selected.map { run.subject($0.subject, commandLineName: $0.commandLineName, into: &made) }
            return .success(
                CheckOptions(
                    properties: properties, subjects: subjects, runner: run.runner, settings: run.settings,
                    notes: run.notes(made, subjects: subjects), programs: made.programs))
        } catch { return .failure(error) }
    }

    /// What every subject of a run shares, read once from the options `check` and `replay`
    /// share and from the environment; ``subject(_:commandLineName:into:)`` makes each subject.
    struct Run {
        let program: ProgramOptions
        let libm: FloatLibm
        let gate: GateScope?
        let settings: RunSettings
        /// `--regressions`, when given.
        let explicit: String?
        let found: RegressionsLocation.Found
        let replay: ReplaySelection
        let environment: [String: String]

        /// What making subjects adds to the run: header notes (an `exec:` program's cache),
        /// and the programs to start.
        struct Made {
            var notes: [String] = []
            var programs: [ProgramStart] = []
        }

        var made: Made { Made() }

        static func from(
            _ arguments: CommandArguments, environment: [String: String], location: RegressionsLocation.Search,
            replayProgram: String
        ) throws(UsageMessage) -> Run {
            let program = try ProgramOptions.from(arguments).get()
            let libm = try choice(RunOption.libm, in: arguments, as: FloatLibm.self).get() ?? .portable
            let gate = try choice(RunOption.gate, in: arguments, as: GateScope.self).get()
            let settings = try CheckOptions.settings(arguments, environment: environment).get()
            let explicit = arguments.value(RunOption.regressions)
            let found = try RegressionsLocation.resolve(explicit: explicit, search: location).get()
            // Replay lines select again whatever this run selected, with its settings, from any
            // directory (an exec: command may name paths relative to this one).
            let replay = ReplaySelection(
                program: replayProgram, regressions: explicit == nil ? nil : found.directory,
                arguments: arguments.value(RunOption.execTimeout).map { [RunOption.execTimeout.name, $0] } ?? [],
                workingDirectory: FileSystem.currentDirectory())
            return Run(
                program: program, libm: libm, gate: gate, settings: settings, explicit: explicit, found: found,
                replay: replay, environment: environment)
        }

        /// The runner: the settings, and the regressions directory found or given.
        var runner: CatalogueRunner { CatalogueRunner(settings: settings, regressionDirectory: found.directory) }

        /// One selected subject as the run holds it (`CheckOptions.subject`, with the run's gate,
        /// regressions, replay line and environment).
        func subject(_ subject: CatalogueSubject, commandLineName: String, into made: inout Made) -> CatalogueSubject {
            CheckOptions.subject(
                subject, commandLineName: commandLineName, gate: gate, savesToCache: explicit == nil, replay: replay,
                environment: environment, made: &made)
        }

        /// The header's notes about this run: the libm; where the subjects that use the
        /// run's regressions directory read and save them (only when one does, and naming
        /// them when others go elsewhere); then what making the subjects added.
        func notes(_ made: Made, subjects: [CatalogueSubject]) -> [String] {
            let users = subjects.filter { $0.regressions == .runnerDefault }.map(\.name)
            var notes = libmNotes(libm)
            if !users.isEmpty {
                notes.append(
                    users.count == subjects.count
                        ? found.note
                        : "regressions of \(users.joined(separator: ", ")): "
                            + found.note.dropFirst("regressions: ".count))
            }
            return notes + made.notes
        }
    }

    /// How an `exec:` program is run: `--exec-timeout` and `--window`.
    struct ProgramOptions {
        /// Seconds a program may take to answer one request unless `--exec-timeout` says.
        static let defaultTimeoutSeconds = 10
        var timeout = Duration.seconds(defaultTimeoutSeconds)
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
    /// notes of an `exec:` program (which `made` gets to start, and whose cache it notes), its
    /// counterexamples in the per-user cache (never the checkout) unless `--regressions` named
    /// a place, and its replay line. The one place a subject's implementation is read for
    /// its type, as it is selected.
    static func subject(
        _ subject: CatalogueSubject, commandLineName: String, gate: GateScope?, savesToCache: Bool,
        replay: ReplaySelection, environment: [String: String], made: inout Run.Made
    ) -> CatalogueSubject {
        var subject = subject
        if let gate { subject.gate = gate }
        let external = subject.implementation as? ExternalImplementation
        if let external {
            subject.command = external.command
            let declarations = ProbeDeclarations(external)
            subject.notesSource = { external.describeNotes + external.protocolDepartures + declarations.notes }
            subject.behaviourCard = { declarations.text }
            made.programs.append(ProgramStart(command: external.command) { external.startProblem })
            if savesToCache {
                let cache = cacheDirectory(for: external, environment: environment)
                subject.regressions = cache.map { .directory($0) } ?? .nowhere
                made.notes.append(
                    """
                    regressions of \(subject.name): \
                    \(cache ?? noCacheNote(environment: environment))
                    """)
                if let cache { made.notes += CacheEntries.setAsideUnreadable(in: cache) }
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
            switch RunSettings.caseCount(parsing: text, minimum: CatalogueRunner.minimumCaseCount) {
            case .failure(let problem): return .failure(UsageMessage("\(RunOption.cases.name) \(problem.text)"))
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
            settings = try RunSettings.fromEnvironment(
                defaults: given, keeping: keeping, minimumCaseCount: CatalogueRunner.minimumCaseCount,
                environment: environment)
        } catch {
            guard case .invalidEnvironment(let variable, let text) = error else {
                return .failure(UsageMessage(error.description))
            }
            return .failure(environmentMessage(variable, text))
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
        // The one reader of a case count says what is wrong with it.
        let reason: String
        switch RunSettings.caseCount(parsing: value, minimum: CatalogueRunner.minimumCaseCount) {
        case .failure(let problem): reason = ProgramText.escaped(problem.text)
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
    /// --seed S --cases N`, then `--choices C` for one case (a later distinct failure's), then
    /// `--regressions DIR` when the run was given one, then the run's other settings; in a
    /// subshell that changes to `workingDirectory` first when one is given.
    static func replayLine(
        program: String, implementation: String, regressions: String?, arguments: [String], workingDirectory: String?
    ) -> @Sendable (String, Seed, Int, ChoiceSequence?) -> String {
        let rest = (regressions.map { [RunOption.regressions.name, $0] } ?? []) + arguments
        return { property, seed, caseCount, choices in
            let all =
                [
                    "replay", RunOption.property.name, property, RunOption.impl.name, implementation,
                    RunOption.seed.name, seed.description, RunOption.cases.name, String(caseCount),
                ] + (choices.map { [RunOption.choices.name, $0.description] } ?? []) + rest
            let line = ([program] + all.map(ReplayCommand.shellQuotedIfNeeded)).joined(separator: " ")
            return workingDirectory.map { "(cd \(ReplayCommand.shellQuotedIfNeeded($0)) && \(line))" } ?? line
        }
    }
}
