import Foundation

/// Builds the one-line shell command that replays a property run with a given seed.
///
/// Reports end with this command. Callers that run properties some other way (for example
/// `zoomcheck check`) supply their own.
public struct ReplayCommand: Sendable {
    let make: @Sendable (_ propertyName: String, _ seed: UInt64) -> String
    /// Whether this is the default ``swiftTest`` command, which filters by the property's
    /// name (tools that know the running test, such as `expectProperty`, replace it).
    public let isDefault: Bool

    /// A command computed from the property's name and the seed.
    public init(_ make: @escaping @Sendable (_ propertyName: String, _ seed: UInt64) -> String) {
        self.make = make
        isDefault = false
    }

    init(isDefault: Bool, _ make: @escaping @Sendable (_ propertyName: String, _ seed: UInt64) -> String) {
        self.make = make
        self.isDefault = isDefault
    }

    /// The default: `ZOOMCHECK_SEED=<seed> swift test --disable-xctest --filter '<name>'`,
    /// with the name's regular-expression metacharacters escaped (the filter is a regex)
    /// and the whole argument single-quoted for the shell. It selects a test only when the
    /// test's name contains the property's; ``swiftTest(selecting:)`` always selects.
    public static let swiftTest = ReplayCommand(isDefault: true) { name, seed in
        "ZOOMCHECK_SEED=\(formatSeed(seed)) swift test --disable-xctest --filter \(shellQuoted(regexEscaped(name)))"
    }

    /// Text the replay prints, on standard error, when its filter selected no test.
    public static let selectedNothingMessage = "replay: the filter selected no test (was the test renamed, moved or disabled?)"

    /// Replays the Swift Testing test with identifier `testID` (Swift Testing's form:
    /// `Module.Suite/test(arguments:)`; a trailing `/File.swift:line:column` is dropped):
    /// `ZOOMCHECK_SEED=<seed> swift test --disable-xctest --filter '<escaped id>'`, piped
    /// through `awk`, which passes the output on, prints ``selectedNothingMessage`` and
    /// exits 69 when Swift Testing ran 0 tests, and otherwise exits 1 if the run failed.
    public static func swiftTest(selecting testID: String) -> ReplayCommand {
        var components = testID.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if components.count > 1, let last = components.last, last.contains(".swift:") { components.removeLast() }
        let filter = components.joined(separator: "/")
        let awk = "{print} /Test run with 0 tests/{n=1} /Test run with .* failed/{f=1} "
            + "END{if(n){print \"\(selectedNothingMessage)\" > \"/dev/stderr\"; exit 69} exit f}"
        return ReplayCommand { _, seed in
            "ZOOMCHECK_SEED=\(formatSeed(seed)) swift test --disable-xctest --filter \(shellQuoted(regexEscaped(filter)))"
                + " 2>&1 | awk \(shellQuoted(awk))"
        }
    }

    /// A template in which `{seed}` becomes the hexadecimal seed, `{name}` the raw name and
    /// `{quotedName}` the shell-quoted name, e.g.
    /// `"ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName}"`.
    public static func template(_ template: String) -> ReplayCommand {
        ReplayCommand { name, seed in
            template
                .replacingOccurrences(of: "{seed}", with: formatSeed(seed))
                .replacingOccurrences(of: "{quotedName}", with: shellQuoted(name))
                .replacingOccurrences(of: "{name}", with: name)
        }
    }

    /// The command replaying `propertyName` with `seed`.
    public func command(propertyName: String, seed: UInt64) -> String {
        make(propertyName, seed)
    }

    /// A seed as `0x` followed by 16 lowercase hexadecimal digits (the form reports print
    /// and `ZOOMCHECK_SEED` accepts, along with plain decimal).
    public static func formatSeed(_ seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Parses a seed written in decimal or as `0x`-prefixed hexadecimal.
    public static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt64(trimmed.dropFirst(2), radix: 16)
        }
        return UInt64(trimmed, radix: 10)
    }

    /// `text` in single quotes, with embedded single quotes written as `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` with regular-expression metacharacters backslash-escaped.
    static func regexEscaped(_ text: String) -> String {
        let metacharacters: Set<Character> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        var escaped = ""
        for character in text {
            if metacharacters.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
