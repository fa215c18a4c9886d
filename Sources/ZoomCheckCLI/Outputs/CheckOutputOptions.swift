import Foundation
import PropertyCheck
import ZoomProperties

/// What `check` writes besides its report: `--junit PATH`, `--json PATH`, GitHub
/// annotations, and which shard of the run it covers (`--shard K/N`).
struct CheckOutputOptions {
    static let valued: Set<String> = [CheckOption.junit.name, CheckOption.json.name, CheckOption.shard.name]

    var junitPath: String?
    var jsonPath: String?
    var shard = Shard.whole
    /// Whether to print GitHub workflow annotations (`GITHUB_ACTIONS=true`).
    var annotations = false

    static func from(_ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<CheckOutputOptions, UsageMessage>
    {
        var options = CheckOutputOptions()
        if let text = arguments.value(CheckOption.shard) {
            guard let shard = Shard(text) else {
                return .failure(
                    UsageMessage("\(CheckOption.shard.name) takes K/N with 1 ≤ K ≤ N, as in --shard 2/3, not '\(text)'")
                )
            }
            options.shard = shard
        }
        for option in [CheckOption.junit.name, CheckOption.json.name] {
            if let path = arguments.value(option), path.isEmpty {
                return .failure(UsageMessage("\(option) needs a file path"))
            }
        }
        options.junitPath = arguments.value(CheckOption.junit)
        options.jsonPath = arguments.value(CheckOption.json)
        if let junit = options.junitPath, let json = options.jsonPath, sameFile(junit, json) {
            return .failure(
                UsageMessage(
                    """
                    --junit and --json name the same file (\(junit), \(json)): the second would overwrite the first; \
                    give two paths
                    """))
        }
        options.annotations = environment["GITHUB_ACTIONS"] == "true"
        return .success(options)
    }

    /// Whether two paths name one file: the same spelling once standardised, or the same
    /// device and inode when both exist (`out.json` and `./dir/../out.json`, a link).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if (first as NSString).standardizingPath == (second as NSString).standardizingPath { return true }
        guard let one = RegularFile.identity(first), let other = RegularFile.identity(second) else { return false }
        return one == other
    }

    /// Writes the requested files (atomically) and annotations.
    func write(_ outcomes: [CatalogueOutcome], options: CheckOptions, elapsed: Duration, io: CommandIO)
        throws(AtomicFile.WriteError)
    {
        guard junitPath != nil || jsonPath != nil || annotations else { return }
        let seed = options.seed
        let results = outcomes.map { CheckResult($0, seed: seed) }
        if let junitPath {
            try AtomicFile.write(
                JUnitReport.document(
                    results, implementations: options.implementations.map(\.name), elapsedSeconds: elapsed.seconds),
                to: junitPath)
        }
        if let jsonPath {
            let document = CheckResultsJSON.document(
                results, subjects: options.subjects, seed: seed, caseCount: options.settings.caseCount, shard: shard,
                elapsedSeconds: elapsed.seconds)
            try AtomicFile.write(document.rendered(), to: jsonPath)
        }
        if annotations {
            let lines = GitHubAnnotations.lines(results)
            if !lines.isEmpty { io.output.writeIgnoringFailure(lines.joined(separator: "\n") + "\n") }
        }
    }
}
