import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary file behind every whole-file replacement (`--json`, `--junit`, the HTML
/// report, regressions files): created in the target's own directory (so the rename does
/// not cross file systems) under a name no one can guess, `.NAME.tmp-` and 16 random hex
/// digits, with `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600. A name already taken —
/// by a file, or by a link someone planted to make us write elsewhere — is never opened:
/// another random name is tried, up to ``attempts`` times. The file gets its final mode
/// (the replaced file's, else 0644 less the umask) just before the rename.
package enum TemporaryFile {
    /// Names tried before giving up; 16 random hex digits make a second one rare already.
    package static let attempts = 32

    /// 16 random hex digits.
    package static func randomSuffix() -> String {
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Writes `bytes` to a fresh temporary file beside `target` and renames it over
    /// `target`; the temporary file is removed on failure. Nil, or why it failed.
    ///
    /// - Parameters:
    ///   - target: The file to replace (created if it does not exist).
    ///   - bytes: Its new contents.
    ///   - flush: `fsync` the file before the rename (a crash never leaves a half-written
    ///     file under the name).
    ///   - track: Called with the temporary file's path before it is created; returns what
    ///     to call once it is renamed or removed (zoomcheck's signal handlers remove it).
    ///   - suffixes: The names' random part (a test plants links at the ones it will give).
    package static func replace(
        _ target: String, with bytes: [UInt8], flush: Bool = false, track: (String) -> () -> Void = { _ in {} },
        suffixes: () -> String = randomSuffix
    ) -> String? {
        let created: (path: String, descriptor: Int32, untrack: () -> Void)
        switch create(beside: target, track: track, suffixes: suffixes) {
        case .success(let file): created = file
        case .failure(let reason): return reason.text
        }
        let temporary = created.path
        defer { created.untrack() }
        var failure = OutputPath.writeAll(bytes, to: created.descriptor).map { "cannot write \(temporary): \($0)" }
        if failure == nil, flush, fsync(created.descriptor) != 0 {
            failure = "cannot flush \(temporary): \(String(cString: strerror(errno)))"
        }
        if failure == nil, fchmod(created.descriptor, finalMode(of: target)) != 0 {
            failure = "cannot set the mode of \(temporary): \(String(cString: strerror(errno)))"
        }
        if close(created.descriptor) != 0, failure == nil {
            failure = "cannot close \(temporary): \(String(cString: strerror(errno)))"
        }
        if failure == nil, rename(temporary, target) != 0 {
            failure = "cannot rename \(temporary) to \(target): \(String(cString: strerror(errno)))"
        }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Why no temporary file could be made.
    package struct Failure: Error, Equatable { package let text: String }

    /// Registers a temporary file for removal if the process ends before it is renamed or
    /// removed: what ``setExitTracking(_:)`` set (zoomcheck's signal handlers), else nothing.
    /// Returns what to call once it is renamed or removed.
    package static func trackedUntilExit(_ path: String) -> () -> Void { exitTracking.track(path) }

    /// Sets how ``trackedUntilExit(_:)`` registers files (once, at a process's entry point).
    package static func setExitTracking(_ track: @escaping @Sendable (String) -> @Sendable () -> Void) {
        exitTracking.set(track)
    }

    private static let exitTracking = ExitTracking()

    private final class ExitTracking: @unchecked Sendable {
        private let lock = NSLock()
        private var registered: (@Sendable (String) -> @Sendable () -> Void)?

        func set(_ track: @escaping @Sendable (String) -> @Sendable () -> Void) { lock.withLock { registered = track } }

        func track(_ path: String) -> () -> Void {
            guard let registered = lock.withLock({ registered }) else { return {} }
            return registered(path)
        }
    }

    /// The longest file name a temporary file gets, in bytes: below `NAME_MAX` (255 on Linux
    /// and macOS), so that a target whose own name is near the limit (`--json` naming a
    /// 240-character file) can still be replaced.
    static let nameByteLimit = 240

    /// `.NAME.tmp-`, the target's name cut (at a scalar) so that the whole name with its 16
    /// random digits stays within ``nameByteLimit``.
    static func prefix(for name: String) -> String {
        let room = nameByteLimit - ".".utf8.count - ".tmp-".utf8.count - 16
        var kept = ""
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += String(scalar).utf8.count
            guard bytes <= room else { break }
            kept.unicodeScalars.append(scalar)
        }
        return ".\(kept).tmp-"
    }

    /// A new, empty temporary file for `target`, open for writing, mode 0600.
    package static func create(
        beside target: String, track: (String) -> () -> Void = { _ in {} }, suffixes: () -> String = randomSuffix
    ) -> Result<(path: String, descriptor: Int32, untrack: () -> Void), Failure> {
        let directory = (target as NSString).deletingLastPathComponent
        let prefix = (directory.isEmpty ? "" : directory + "/") + prefix(for: (target as NSString).lastPathComponent)
        for _ in 0..<attempts {
            let path = prefix + suffixes()
            let untrack = track(path)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return .success((path, descriptor, untrack)) }
            let code = errno
            untrack()
            guard code == EEXIST else {
                return .failure(Failure(text: "cannot create \(path): \(String(cString: strerror(code)))"))
            }
        }
        return .failure(
            Failure(text: "cannot create a temporary file beside \(target): \(attempts) random names were all taken"))
    }

    /// The mode the file gets before its rename: the replaced file's permissions, else
    /// 0644 less the process's umask (what `open` with 0644 would have given).
    static func finalMode(of target: String) -> mode_t {
        var status = stat()
        if stat(target, &status) == 0 { return status.st_mode & 0o7777 }
        return 0o644 & ~processUmask
    }

    /// The umask, read from `/proc/self/status` where it is there (reading it with
    /// `umask(2)` means setting it, which other threads could observe).
    static let processUmask: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        {
            return value
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}
