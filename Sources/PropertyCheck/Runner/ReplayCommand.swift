import Foundation

/// Builds the one-line shell command that replays a property run with a given seed.
///
/// Reports end with this command. Callers that run properties some other way (for example
/// `zoomcheck check`) supply their own.
public struct ReplayCommand: Sendable {
    let make: @Sendable (_ propertyName: String, _ seed: Seed) -> String
    /// The command replaying one case (its choices) of a run, when the command can select one.
    let makeForCase: (@Sendable (_ propertyName: String, _ seed: Seed, _ choices: ChoiceSequence) -> String)?
    /// Whether this is the default ``swiftTest`` command, which filters by the property's
    /// name (tools that know the running test, such as `expectProperty`, replace it).
    public let isDefault: Bool

    /// A command computed from the property's name and the seed; with `forCase`, a command
    /// that also replays one case of the run, its choices given (the replay line of a later
    /// distinct failure: ``PropertyReport/otherFailures``).
    public init(
        _ make: @escaping @Sendable (_ propertyName: String, _ seed: Seed) -> String,
        forCase: (@Sendable (_ propertyName: String, _ seed: Seed, _ choices: ChoiceSequence) -> String)? = nil
    ) {
        self.make = make
        makeForCase = forCase
        isDefault = false
    }

    init(isDefault: Bool, _ make: @escaping @Sendable (_ propertyName: String, _ seed: Seed) -> String) {
        self.make = make
        makeForCase = nil
        self.isDefault = isDefault
    }

    /// The default: `ZOOMCHECK_SEED=<seed> swift test --disable-xctest --filter '<name>'`,
    /// with the name's regular-expression metacharacters escaped (the filter is a regex)
    /// and the whole argument single-quoted for the shell. It selects a test only when the
    /// test's name contains the property's; ``swiftTest(selecting:packagePath:environment:)`` always selects.
    public static let swiftTest = ReplayCommand(isDefault: true) { name, seed in
        "ZOOMCHECK_SEED=\(seed) swift test --disable-xctest --filter \(shellQuoted(regexEscaped(name)))"
    }

    /// What `zoomcheck test` prints when its filter selected no test (exit 125: could not run).
    public static let selectedNothingMessage =
        "replay: the filter selected no test (was the test renamed, moved or disabled?): could not run"
    /// What `zoomcheck test` prints when the test failed again (exit 1).
    public static let reproducedMessage =
        "replay: the test failed again with this seed: the failure reproduces (its report is above)"
    /// What `zoomcheck test` prints when the selected test passed (exit 0).
    public static let passedMessage = "replay: the test passed with this seed"
    /// What `zoomcheck test` prints when the selected test passed with known issues
    /// (`withKnownIssue`): the known failure reproduced (exit 1, as any reproduced failure).
    public static let knownIssueMessage = """
        replay: the test passed with this seed, its known issues recorded again: the failure reproduces \
        (their reports are above)
        """
    /// What `zoomcheck test` prints when `swift test` printed no run summary (exit 125: could
    /// not run).
    public static let noSummaryMessage = """
        replay: swift test printed no test-run summary: the package did not build, or this is not the \
        test's package (run the line in it, or add --package-path DIR): could not run
        """

    /// The widest replay line ``swiftTest(selecting:packagePath:environment:)`` lengthens with
    /// `--package-path`: one screen line.
    public static let lineWidth = 120

    /// Replays the Swift Testing test with identifier `testID` (Swift Testing's form:
    /// `Module.Suite/test(arguments:)`; a trailing `/File.swift:line:column` and the module
    /// are dropped): `ZOOMCHECK_SEED=0x2a zoomcheck test 'Suite/test()'`, run in the package.
    /// `environment` adds settings before the seed (`ZOOMCHECK_CASES=…`); `packagePath`, the
    /// package's root, is added as `--package-path` when the line stays within ``lineWidth``
    /// characters, so that it runs from any directory.
    ///
    /// `zoomcheck test` runs `swift test --disable-xctest --filter` for that one test, passes
    /// its output on and reads Swift Testing's run summary, then exits as every replay line
    /// does: 1 the failure reproduced (``reproducedMessage``; ``knownIssueMessage`` when the
    /// test passed with its known issues recorded again), 0 it held (``passedMessage``), 125
    /// it could not run (``selectedNothingMessage`` for 0 tests, which `swift test` alone
    /// reports with exit 0; ``noSummaryMessage`` for a build error or a line run outside its
    /// package), `git bisect run`'s "skip".
    public static func swiftTest(
        selecting testID: String, packagePath: String? = nil, environment: [(String, String)] = []
    ) -> ReplayCommand {
        var components = testID.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if components.count > 1, let last = components.last, last.contains(".swift:") { components.removeLast() }
        if components.count > 1, let dot = components[0].firstIndex(of: ".") {
            components[0] = String(components[0][components[0].index(after: dot)...])
        }
        let selection = shellQuoted(components.joined(separator: "/"))
        let settings = environment.map { "\($0.0)=\(shellQuotedIfNeeded($0.1)) " }.joined()
        return ReplayCommand { _, seed in
            let line = "\(settings)ZOOMCHECK_SEED=\(seed.abbreviated) zoomcheck test \(selection)"
            guard let packagePath else { return line }
            let located = line + " --package-path " + shellQuotedIfNeeded(packagePath)
            return located.count <= lineWidth ? located : line
        }
    }

    /// The root of the package holding `filePath` (a source file's absolute path): the
    /// nearest directory above it with a `Package.swift`, or nil.
    public static func packageRoot(containing filePath: String) -> String? {
        guard filePath.hasPrefix("/") else { return nil }
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.path
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// A template in which `{seed}` becomes the hexadecimal seed, `{name}` the raw name and
    /// `{quotedName}` the shell-quoted name, e.g.
    /// `"ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName}"`.
    public static func template(_ template: String) -> ReplayCommand {
        ReplayCommand { name, seed in
            template.replacingOccurrences(of: "{seed}", with: seed.description).replacingOccurrences(
                of: "{quotedName}", with: shellQuoted(name)
            ).replacingOccurrences(of: "{name}", with: name)
        }
    }

    /// The command replaying `propertyName` with `seed`.
    public func command(propertyName: String, seed: Seed) -> String { make(propertyName, seed) }

    /// The command replaying the case with `choices` of the run of `propertyName` with `seed`:
    /// the case alone when the command can select one, else the whole run, which finds the
    /// case again (the same seed gives the same cases and the same distinct failures).
    public func command(propertyName: String, seed: Seed, choices: ChoiceSequence) -> String {
        makeForCase?(propertyName, seed, choices) ?? make(propertyName, seed)
    }

    /// `text` in single quotes, with embedded single quotes written as `'\''`; text holding
    /// a character a terminal would not show as itself (ESC, CR, a line feed, a bidirectional
    /// override: a directory can be named so) in ANSI-C quotes instead,
    /// `$'…\x1B…'`, each such character written as its UTF-8 bytes (`\xE2\x80\xAE`), so
    /// that the line stays one line, shows nothing raw that could reorder or hide what is
    /// printed, and names the very bytes when bash (or zsh, ksh) runs it, in any locale.
    public static func shellQuoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where isHidden(scalar):
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    quoted += "\\x" + (hex.count == 1 ? "0" : "") + hex
                }
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// Whether a terminal would not show `scalar` as itself, so that a printed command
    /// could read as something other than what it runs: C0 and C1 controls and DEL; format
    /// characters (the bidirectional embeddings, overrides, isolates and marks, zero-width
    /// joiners, the byte order mark, soft hyphen); line and paragraph separators; spaces
    /// other than U+0020; private-use, surrogate and unassigned code points.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return true }
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
            .unassigned:
            return true
        default: return false
        }
    }

    /// The characters a shell word may hold unquoted: ASCII letters and digits and
    /// `@%+=:,./_-`, the set Python's `shlex.quote` leaves bare. Judged scalar by scalar,
    /// never by grapheme cluster: a combining or prepended mark glued to `;` or `>` must
    /// not pass for a letter.
    package static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "_", "-": true
        default: false
        }
    }

    /// `text` as it is when it is not empty and every scalar is plain ASCII (an ASCII letter,
    /// digit or one of `@%+=:,./_-`, the set Python's `shlex.quote` leaves bare), else
    /// ``shellQuoted(_:)``: the one function that writes a program path or an argument into
    /// a printed command (the text report, `--json`, JUnit, the HTML page, annotations and
    /// observations all print lines built with it).
    public static func shellQuotedIfNeeded(_ text: String) -> String {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isPlain) ? text : shellQuoted(text)
    }

    /// `text` with regular-expression metacharacters backslash-escaped.
    public static func regexEscaped(_ text: String) -> String {
        let metacharacters: Set<Character> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        var escaped = ""
        for character in text {
            if metacharacters.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
