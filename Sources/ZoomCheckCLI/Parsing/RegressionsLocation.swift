import Foundation

/// Where `check` and `replay` read and save counterexamples: `--regressions DIR`, else the
/// `Corpus/regressions` of the package that holds the working directory, else of the package
/// that holds the `zoomcheck` binary (`.build/…/zoomcheck`), else none — and a line for the
/// report's header that says which, so that a run never skips them silently.
enum RegressionsLocation {
    /// Where to look for the package root.
    struct Search {
        var workingDirectory: String
        /// The running binary's path (nil: unknown).
        var binary: String?

        static func standard() -> Search {
            Search(workingDirectory: FileSystem.currentDirectory(), binary: FileSystem.executablePath())
        }
    }

    /// The directory to use (nil: none) and the note that says where it came from.
    struct Found {
        let directory: String?
        let note: String
    }

    static func resolve(explicit: String?, search: Search) -> Result<Found, UsageMessage> {
        if let explicit {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: explicit, isDirectory: &isDirectory) else {
                return .success(
                    Found(
                        directory: explicit,
                        note: """
                            regressions: \(explicit) (does not exist yet: nothing to replay; created if a \
                            counterexample \
                            is saved)
                            """))
            }
            guard isDirectory.boolValue else {
                return .failure(UsageMessage("--regressions \(explicit) is not a directory"))
            }
            guard access(explicit, R_OK | X_OK) == 0 else {
                return .failure(
                    UsageMessage("--regressions \(explicit) cannot be read: \(String(cString: strerror(errno)))"))
            }
            return .success(Found(directory: explicit, note: "regressions: \(explicit)"))
        }
        if let root = packageRoot(above: search.workingDirectory) {
            return .success(
                Found(
                    directory: root + "/Corpus/regressions",
                    note: "regressions: \(root)/Corpus/regressions (the package above the working directory)"))
        }
        if let binary = search.binary, let root = packageRoot(above: (binary as NSString).deletingLastPathComponent) {
            return .success(
                Found(
                    directory: root + "/Corpus/regressions",
                    note: "regressions: \(root)/Corpus/regressions (the package of the zoomcheck binary)"))
        }
        return .success(
            Found(
                directory: nil,
                note: """
                    regressions: none found (no Package.swift with Corpus/regressions above \
                    \(search.workingDirectory)\(search.binary.map { " or \($0)" } ?? "")): nothing replayed, \
                    no \
                    counterexample saved; give --regressions DIR
                    """))
    }

    /// The nearest directory at or above `start` with `Package.swift` and the directory
    /// `holding` (`Corpus/regressions` by default; `Corpus/golden` for `corpus`).
    static func packageRoot(above start: String, holding: String = "Corpus/regressions") -> String? {
        var directory = (start as NSString).standardizingPath
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/Package.swift"),
                FileManager.default.fileExists(atPath: directory + "/" + holding, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return directory
            }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }
}

/// The process's place in the file system.
enum FileSystem {
    static func currentDirectory() -> String { FileManager.default.currentDirectoryPath }

    /// The running binary's absolute path (`/proc/self/exe`), or nil.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
