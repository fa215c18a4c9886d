import FileAccess
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory of regressions files, one per property (the package uses `Corpus/regressions/`).
///
/// Reading a missing file gives no entries. Appending never loses an entry, old or new, even
/// with several processes appending to the same file at once, and never leaves a
/// half-written file under the final name:
///
/// 1. Take an exclusive `flock(2)` on the directory itself (no lock file to clean up; the
///    kernel releases it when the holder exits, even by SIGKILL). Appends within one process
///    are serialised by a lock first, since `flock` is per open file description.
/// 2. Under the lock, remove every temporary file left by an earlier writer
///    (`.NAME.regressions.tmp-` and random hex digits): a writer only creates one while holding the lock, so
///    any found now belongs to a writer that died mid-write.
/// 3. Read the file, add the entry if its choices are absent (keeping every byte a user
///    wrote), write the whole text to a fresh temporary file, `fsync` it, rename it over the
///    file (atomic on POSIX), `fsync` the directory, release the lock.
///
/// A malformed file is reported, never overwritten.
public struct RegressionStore: Sendable {
    /// The directory holding the files.
    public let directory: String

    /// A store in `directory` (created on first append).
    public init(directory: String) { self.directory = directory }

    /// Whether `name` is the name of a temporary file this store writes (`.X.regressions.tmp-…`).
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".regressions.tmp-")
    }

    /// The file for `propertyName`: the name with characters other than letters, digits,
    /// `-`, `_` and `.` replaced by `_`, then `-` and 8 hex digits of the name's FNV-1a hash
    /// (so that names differing only in punctuation get different files), then `.regressions`.
    public func path(propertyName: String) -> String {
        let safe = String(
            propertyName.unicodeScalars.map { scalar -> Character in
                let allowed =
                    (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || scalar == "-" || scalar == "_" || scalar == "."
                return allowed ? Character(scalar) : "_"
            }.prefix(80))
        let suffix = SafeName.hex8(SafeName.fnv1a(propertyName))
        return (directory as NSString).appendingPathComponent("\(safe)-\(suffix).regressions")
    }

    /// The saved entries for `propertyName`, oldest first; none if the file does not exist.
    public func load(propertyName: String) throws(RegressionError) -> [RegressionEntry] {
        reclaimOnce()
        return try entries(propertyName: propertyName)
    }

    /// ``load(propertyName:)`` without the reclaiming (``append`` holds the locks already).
    func entries(propertyName: String) throws(RegressionError) -> [RegressionEntry] {
        let file = path(propertyName: propertyName)
        guard let data = try Self.contents(of: file) else { return [] }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: file, reason: "the file is not UTF-8")
        }
        let parsed = try RegressionFile.parse(text, file: file)
        guard parsed.propertyName == propertyName else {
            throw .propertyMismatch(file: file, line: 0, expected: propertyName, found: parsed.propertyName)
        }
        return parsed.entries
    }

    /// The largest regressions file read, in bytes: far above any real file (a thousand
    /// shrunk cases of a thousand 20-digit choices is about 21 MB), far below what would
    /// exhaust memory (a 1 GB file once cost 2.66 GB of memory and 26 s).
    public static let maximumFileSize = 32 << 20

    /// The bytes of `file`; nil when nothing is there (see `RegularFile`).
    static func contents(of file: String) throws(RegressionError) -> Data? {
        do { return try RegularFile.read(file, limit: maximumFileSize).map { Data($0) } } catch {
            throw .unreadable(file: file, reason: error.reason)
        }
    }

    /// Adds `entry` to `propertyName`'s file unless an entry with the same choices exists.
    ///
    /// - Returns: Whether the entry was added.
    @discardableResult public func append(_ entry: RegressionEntry, propertyName: String) throws(RegressionError)
        -> Bool
    {
        let file = path(propertyName: propertyName)
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let directoryLock = try lockDirectory(for: file)
        defer { directoryLock.release() }
        reclaimTemporaries()
        let entries = try entries(propertyName: propertyName)
        guard !entries.contains(where: { $0.choices == entry.choices }) else { return false }
        // Keep what is in the file byte for byte (a user's comments and blank lines
        // included) and add the new case line at the end.
        let fresh = try RegressionFile.render(propertyName: propertyName, entries: [entry])
        var text = fresh
        if let existing = try Self.contents(of: file), !existing.isEmpty {
            let caseLine = fresh.split(separator: "\n").last.map(String.init) ?? ""
            var kept = String(decoding: existing, as: UTF8.self)
            if !kept.hasSuffix("\n") { kept += "\n" }
            text = kept + caseLine + "\n"
        }
        try writeAtomically(text, to: file, directoryDescriptor: directoryLock.descriptor)
        return true
    }

    /// An exclusive `flock` on the store's directory, held until `release`.
    struct DirectoryLock {
        let descriptor: Int32
        func release() {
            _ = flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Creates the directory if needed and locks it.
    func lockDirectory(for file: String) throws(RegressionError) -> DirectoryLock {
        if let failure = Self.makeDirectories(directory) {
            throw .unwritable(file: file, reason: "cannot create the directory \(directory): \(failure)")
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unwritable(
                file: file, reason: "cannot open the directory \(directory): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            throw .unwritable(
                file: file, reason: "cannot lock the directory \(directory): \(String(cString: strerror(code)))")
        }
        return DirectoryLock(descriptor: descriptor)
    }

    /// Removes what writers that died left (``reclaimTemporaries()``) the first time this
    /// process reads the directory, not only at the next append, so a clean run leaves no
    /// `.NAME.regressions.tmp-…` behind; skipped while another process holds the lock (its
    /// temporary file is live).
    func reclaimOnce() {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard Self.reclaimed.insert(directory).inserted else { return }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        reclaimTemporaries()
        _ = flock(descriptor, LOCK_UN)
    }

    /// Directories this process has reclaimed (guarded by ``lock``).
    nonisolated(unsafe) static var reclaimed: Set<String> = []

    /// Creates `path` and its missing parents with mode 0700 (the XDG convention for a cache;
    /// the umask can only narrow it), with `mkdir(2)`, which never follows a link: a
    /// dangling link on the way is an error, never a directory created at its target. Nil,
    /// or why not.
    static func makeDirectories(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            var status = stat()
            if code == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            if code == EEXIST, lstat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                return "\(prefix) is a link to nothing that is a directory"
            }
            return code == EEXIST ? "\(prefix) is not a directory" : "\(prefix): \(String(cString: strerror(code)))"
        }
        return nil
    }

    /// Removes temporary files left by writers that died mid-write (call under the
    /// directory lock, when no live writer can have one open); returns how many.
    @discardableResult func reclaimTemporaries() -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names where Self.isTemporaryName(name) {
            if unlink((directory as NSString).appendingPathComponent(name)) == 0 { removed += 1 }
        }
        return removed
    }

    /// Writes `text` to a fresh temporary file beside `file` (`TemporaryFile`: a random
    /// name, created exclusively, never through a planted link), flushes it, renames it over
    /// `file` and flushes the directory (call under the directory lock).
    ///
    /// A symbolic link is followed: its target is what gets replaced (the temporary file
    /// goes beside the target), and the link stays a link. Anything that is not a regular
    /// file is written in place, never replaced (see `OutputPath`).
    func writeAtomically(_ text: String, to file: String, directoryDescriptor: Int32) throws(RegressionError) {
        let resolved: OutputPath
        do { resolved = try OutputPath.resolve(file) } catch { throw .unwritable(file: file, reason: error.reason) }
        let target: String
        switch resolved {
        case let .replace(path): target = path
        case let .writeThrough(path, append):
            if let failure = OutputPath.writeInPlace(Array(text.utf8), to: path, append: append) {
                throw .unwritable(file: file, reason: failure)
            }
            return
        }
        if let failure = TemporaryFile.replace(target, with: Array(text.utf8), flush: true) {
            throw .unwritable(file: file, reason: failure)
        }
        _ = fsync(directoryDescriptor)
    }

    /// Serialises appends within this process (`flock` is per open file description, so it
    /// does not order two threads of one process by itself).
    static let lock = NSLock()
}
