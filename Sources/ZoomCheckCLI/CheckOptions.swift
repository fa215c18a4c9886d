import Foundation
import MercatorCore
import PropertyCheck
import ZoomProperties

/// What `check` and `replay` run: properties, implementations, seed, cases, regressions.
struct CheckOptions {
    var properties: [CatalogueProperty]
    var implementations: [any ZoomImplementation]
    var runner: CatalogueRunner
    /// The seed the run uses, after `--seed`, `ZOOMCHECK_SEED` and the default.
    var seed: UInt64

    /// Options `check` and `replay` share.
    static let valued: Set<String> = ["--impl", "--property", "--seed", "--cases", "--regressions", "--exec-timeout"]

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
            } else if name.hasPrefix("exec:") {
                let command = String(name.dropFirst("exec:".count))
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { return .failure(UsageMessage("exec: needs a command, as in --impl 'exec:./my-mercator'")) }
                implementations.append(ExternalImplementation(command: command, answerTimeout: timeout))
            } else if let implementation = BuiltInImplementations.named(name) {
                implementations.append(implementation)
            } else {
                let known = BuiltInImplementations.all.map(\.name).joined(separator: ", ")
                return .failure(UsageMessage("unknown implementation '\(name)' (known: \(known), all, exec:COMMAND)"))
            }
        }
        if implementations.isEmpty { implementations = [BuiltInImplementations.corrected, BuiltInImplementations.seed] }

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
        var directory = arguments.value("--regressions")
        if directory == nil, FileManager.default.fileExists(atPath: "Corpus/regressions") { directory = "Corpus/regressions" }
        let runner = CatalogueRunner(caseCount: cases, seed: seed, regressionDirectory: directory)
        let resolvedSeed: UInt64
        do {
            resolvedSeed = try runner.resolved().seed
        } catch {
            return .failure(UsageMessage(error.message))
        }
        return .success(CheckOptions(properties: properties, implementations: implementations, runner: runner, seed: resolvedSeed))
    }
}
