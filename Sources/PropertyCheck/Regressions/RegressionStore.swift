import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of regressions files, one per property (the package uses `Corpus/regressions/`).
///
/// Reading a missing file gives no entries. Appending never loses an existing entry: it
/// reads the file, adds the entry if its choices are absent, writes the whole text to a
/// temporary file in the same directory and renames it over the original (atomic on POSIX).
/// A malformed file is reported, never overwritten. Appends within one process are
/// serialised; concurrent appends from different processes may lose one of the new entries
/// (never an old one).
public struct RegressionStore: Sendable {
    /// The directory holding the files.
    public let directory: String

    /// A store in `directory` (created on first append).
    public init(directory: String) {
        self.directory = directory
    }

    /// The file for `propertyName`: the name with characters other than letters, digits,
    /// `-`, `_` and `.` replaced by `_`, then `-` and 8 hex digits of the name's FNV-1a hash
    /// (so that names differing only in punctuation get different files), then `.regressions`.
    public func path(propertyName: String) -> String {
        let safe = String(propertyName.unicodeScalars.map { scalar -> Character in
            let allowed = (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "-" || scalar == "_" || scalar == "."
            return allowed ? Character(scalar) : "_"
        }.prefix(80))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in propertyName.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash & 0xFFFF_FFFF, radix: 16)
        let suffix = String(repeating: "0", count: 8 - digits.count) + digits
        return (directory as NSString).appendingPathComponent("\(safe)-\(suffix).regressions")
    }

    /// The saved entries for `propertyName`, oldest first; none if the file does not exist.
    public func load(propertyName: String) throws(RegressionError) -> [RegressionEntry] {
        let file = path(propertyName: propertyName)
        guard FileManager.default.fileExists(atPath: file) else { return [] }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .unreadable(file: file, reason: "the file could not be opened")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: file, reason: "the file is not UTF-8")
        }
        let parsed = try RegressionFile.parse(text, file: file)
        guard parsed.propertyName == propertyName else {
            throw .propertyMismatch(file: file, line: 0, expected: propertyName, found: parsed.propertyName)
        }
        return parsed.entries
    }

    /// Adds `entry` to `propertyName`'s file unless an entry with the same choices exists.
    ///
    /// - Returns: Whether the entry was added.
    @discardableResult
    public func append(_ entry: RegressionEntry, propertyName: String) throws(RegressionError) -> Bool {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let entries = try load(propertyName: propertyName)
        guard !entries.contains(where: { $0.choices == entry.choices }) else { return false }
        let file = path(propertyName: propertyName)
        // Keep what is in the file byte for byte (a user's comments and blank lines
        // included) and add the new case line at the end.
        let fresh = try RegressionFile.render(propertyName: propertyName, entries: [entry])
        var text = fresh
        if let existing = FileManager.default.contents(atPath: file), !existing.isEmpty {
            let caseLine = fresh.split(separator: "\n").last.map(String.init) ?? ""
            var kept = String(decoding: existing, as: UTF8.self)
            if !kept.hasSuffix("\n") { kept += "\n" }
            text = kept + caseLine + "\n"
        }
        try writeAtomically(text, to: file)
        return true
    }

    /// Writes `text` to a fresh temporary file beside `file`, then renames it over `file`.
    func writeAtomically(_ text: String, to file: String) throws(RegressionError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(file: file, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        let temporary = (directory as NSString).appendingPathComponent(
            ".\((file as NSString).lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(Self.nextTemporaryNumber())")
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
            // Flush before the rename, so a crash never leaves a half-written file under the name.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .unwritable(file: file, reason: "cannot write \(temporary): \(error.localizedDescription)")
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .unwritable(file: file, reason: "cannot rename \(temporary): \(reason)")
        }
    }

    /// Serialises appends within this process.
    static let lock = NSLock()
    nonisolated(unsafe) static var temporaryCounter = 0

    /// A number unique within this process for temporary file names (call under ``lock``).
    static func nextTemporaryNumber() -> Int {
        temporaryCounter += 1
        return temporaryCounter
    }
}
