import Foundation
import PropertyCheck

/// How the text report's replay lines name zoomcheck: the command the user ran, not the
/// build path. (`--json`, JUnit and annotations keep the binary's absolute path, which
/// replays from any directory.)
enum ReplayProgram {
    /// The name to print, in order: `zoomcheck` when the running binary is the one `PATH`
    /// finds (real paths compared); `swift run zoomcheck` (with `-c release` for a release
    /// build) when it sits in the `.build` directory of the package in `currentDirectory`;
    /// else `argv0` as given, quoted for the shell when it needs it
    /// (``ReplayCommand/shellQuotedIfNeeded(_:)``, scalar by scalar).
    static func shown(
        argv0: String, executable: String?, searchPath: String?, currentDirectory: String,
        isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) },
        realPath: (String) -> String = { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    ) -> String {
        if let executable {
            let binary = realPath(executable)
            for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
                let candidate = "\(directory)/zoomcheck"
                guard isExecutable(candidate) else { continue }
                // The first zoomcheck on PATH is the one a shell runs: this binary, or another.
                if realPath(candidate) == binary { return "zoomcheck" }
                break
            }
            let package = realPath(currentDirectory)
            if binary.hasPrefix(package + "/.build/"),
                FileManager.default.fileExists(atPath: package + "/Package.swift")
            {
                let configuration = ((binary as NSString).deletingLastPathComponent as NSString).lastPathComponent
                return configuration == "release" ? "swift run -c release zoomcheck" : "swift run zoomcheck"
            }
        }
        return ReplayCommand.shellQuotedIfNeeded(argv0)
    }

    /// Whether a line naming `program` replays only from the directory the run was in.
    static func dependsOnDirectory(_ program: String) -> Bool {
        program.hasPrefix("swift run") || (program.contains("/") && !program.hasPrefix("/"))
    }

    /// `line` with its first `program` (the absolute path replay lines are built with)
    /// replaced by `shown`, and the run's `seed` in its short form (`--seed 0x20100122`).
    static func line(_ line: String, program: String, shown: String, seed: Seed) -> String {
        var line = line
        // A replay line runs `replay`, or `diff` for a disagreement of two implementations.
        for command in [" replay ", " diff "] where program != shown {
            if let range = line.range(of: program + command) {
                line.replaceSubrange(range, with: shown + command)
                break
            }
        }
        return line.replacingOccurrences(of: " --seed \(seed.description)", with: " --seed \(seed.abbreviated)")
    }
}
