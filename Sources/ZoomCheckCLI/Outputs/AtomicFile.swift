import Foundation

/// Writes a whole file so that readers see the old contents or the new, never a part: a
/// temporary file beside it (same directory, so the rename does not cross file systems),
/// then a rename over the target.
enum AtomicFile {
    /// Why a file could not be written, naming it.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path`, creating missing parent directories.
    static func write(_ text: String, to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: (error as NSError).localizedDescription)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
