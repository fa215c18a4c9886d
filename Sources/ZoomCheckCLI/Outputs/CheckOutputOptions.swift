import FileAccess
import Foundation
import PropertyCheck
import ZoomProperties

/// What `check` writes besides its report: `--junit PATH`, `--json PATH`, `--html DIR`, GitHub
/// annotations, and which shard of the run it covers (`--shard K/N`).
struct CheckOutputOptions {
    static let valued: Set<String> = [
        CheckOption.junit.name, CheckOption.json.name, CheckOption.html.name, CheckOption.shard.name,
    ]

    var junitPath: String?
    var jsonPath: String?
    /// Where the findings page goes (`DIR/index.html`).
    var htmlDirectory: String?
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
        if let directory = arguments.value(CheckOption.html) {
            if directory.isEmpty { return .failure(UsageMessage("--html needs a directory path")) }
            if let problem = CheckOptions.observationProblem(directory, holding: "the findings page") {
                return .failure(UsageMessage("--html \(directory): \(problem)"))
            }
            options.htmlDirectory = directory
        }
        options.annotations = environment["GITHUB_ACTIONS"] == "true"
        return .success(options)
    }

    /// Whether two paths name one file: the same spelling once made absolute and
    /// standardised, or the same device and inode when both exist (`out.json` and
    /// `./dir/../out.json`, a link).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if absolute(first) == absolute(second) { return true }
        guard let one = RegularFile.identity(first), let other = RegularFile.identity(second) else { return false }
        return one == other
    }

    /// `path` from the root, standardised (`.` and `..` removed).
    static func absolute(_ path: String) -> String {
        ((path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path) as NSString).standardizingPath
    }

    /// The paths writing `path` reaches: itself and, when it is a symbolic link, the file at
    /// the end of its links (a dangling link's too), which the write replaces.
    static func spellings(_ path: String) -> [String] {
        let reached: String
        switch try? OutputPath.resolve(path) {
        case .replace(let file)?, .writeThrough(let file, _)?: reached = file
        case nil: return [path]
        }
        return reached == path ? [path] : [path, reached]
    }

    /// Writes the requested renderings of `run` (the files atomically) and its annotations;
    /// the page prints its replay lines through `replay`.
    func write(_ run: CheckRun, replay: ReplayDisplay, io: CommandIO) throws(AtomicFile.WriteError) {
        if let junitPath { try AtomicFile.write(JUnitReport.document(run), to: junitPath) }
        if let jsonPath { try AtomicFile.write(CheckResultsJSON.document(run).rendered(), to: jsonPath) }
        if let htmlDirectory {
            try AtomicFile.write(
                CheckPage.html(run, replay: replay), to: htmlDirectory + "/index.html", regularOnly: true)
            // On standard error, so that standard output stays the report alone.
            io.errors.writeIgnoringFailure("zoomcheck check: wrote \(htmlDirectory)/index.html\n")
        }
        if annotations {
            let lines = GitHubAnnotations.lines(run)
            if !lines.isEmpty { io.output.writeIgnoringFailure(lines.joined(separator: "\n") + "\n") }
        }
    }
}
