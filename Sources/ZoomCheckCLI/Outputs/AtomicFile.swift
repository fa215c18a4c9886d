import Foundation
import PropertyCheck
import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole file the user named (`--json`, `--junit`, the HTML report), so that a
/// regular file's readers see the old contents or the new, never a part, and nothing that is
/// not a regular file is ever replaced (see `OutputPath`):
///
/// - a regular file or a missing path: a temporary file beside it (same directory, so the
///   rename does not cross file systems), then a rename over it; the temporary file is
///   removed however zoomcheck ends (`ExitCleanup`), so no `.NAME.tmp-PID` is left behind;
/// - a symbolic link: the same, on the file the link leads to; the link stays;
/// - a device, a FIFO, `/dev/stdout`: opened and written in place;
/// - a directory: refused.
enum AtomicFile {
    /// Why a file could not be written, naming it.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path`, creating missing parent directories.
    static func write(_ text: String, to path: String) throws(WriteError) {
        let resolved: OutputPath
        do { resolved = try OutputPath.resolve(path) } catch { throw WriteError(path: path, reason: error.reason) }
        switch resolved {
        case let .writeThrough(target, append):
            if let reason = OutputPath.writeInPlace(Array(text.utf8), to: target, append: append) {
                throw WriteError(path: path, reason: reason)
            }
        case let .replace(target): try replace(target, with: text, named: path)
        }
    }

    /// Writes `text` to a temporary file beside `target` and renames it over `target`.
    private static func replace(_ target: String, with text: String, named path: String) throws(WriteError) {
        let directory = (target as NSString).deletingLastPathComponent
        let temporary = ((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent(
            ".\((target as NSString).lastPathComponent).tmp-\(getpid())")
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            let cause =
                ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
                ?? error.localizedDescription
            throw WriteError(path: path, reason: "cannot create the directory \(directory): \(cause)")
        }
        let slot = ExitCleanup.removeOnExit(temporary)
        defer { ExitCleanup.forget(slot) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var failure = OutputPath.writeAll(Array(text.utf8), to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }
}
