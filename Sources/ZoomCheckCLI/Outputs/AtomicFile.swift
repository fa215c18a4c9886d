import FileAccess
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
/// - a regular file or a missing path: a temporary file beside it (``TemporaryFile``: same
///   directory, a random name, created exclusively and never through a planted link, mode
///   0600 until renamed), then a rename over it; the temporary file is removed however
///   zoomcheck ends (`ExitCleanup`), so no `.NAME.tmp-…` is left behind;
/// - a symbolic link: the same, on the file the link leads to; the link stays;
/// - a device, a FIFO, `/dev/stdout`: opened and written in place;
/// - a directory: refused.
enum AtomicFile {
    /// Why a file could not be written, naming it; a control character in the path (a line
    /// feed, ESC) is shown escaped (`ProgramText`), so the message stays one line of text.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { ProgramText.escaped("cannot write \(path): \(reason)") }
    }

    /// Writes `text` to `path`, creating missing parent directories. With `regularOnly` (a
    /// file zoomcheck names inside a directory it was given: the findings page's
    /// `index.html`, `report --svg`'s plots), a path that is not a regular file is refused
    /// instead of written through: a FIFO there would wait for a reader forever.
    static func write(_ text: String, to path: String, regularOnly: Bool = false) throws(WriteError) {
        let resolved: OutputPath
        do { resolved = try OutputPath.resolve(path) } catch { throw WriteError(path: path, reason: error.reason) }
        switch resolved {
        case let .writeThrough(target, _) where regularOnly:
            let kind = FileKind.nonRegular(atPath: target) ?? "a special file"
            throw WriteError(path: path, reason: "it is \(kind), not a regular file")
        case let .writeThrough(target, append):
            if let reason = OutputPath.writeInPlace(Array(text.utf8), to: target, append: append) {
                throw WriteError(path: path, reason: reason)
            }
        case let .replace(target): try replace(target, with: text, named: path)
        }
    }

    /// Writes `text` to a temporary file beside `target` (``TemporaryFile``: a random name,
    /// created exclusively, never through a link) and renames it over `target`.
    private static func replace(_ target: String, with text: String, named path: String) throws(WriteError) {
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            let cause =
                ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
                ?? error.localizedDescription
            throw WriteError(path: path, reason: "cannot create the directory \(directory): \(cause)")
        }
        let failure = TemporaryFile.replace(
            target, with: Array(text.utf8),
            track: { temporary in
                let slot = ExitCleanup.removeOnExit(temporary)
                return { ExitCleanup.forget(slot) }
            })
        if let failure { throw WriteError(path: path, reason: failure) }
    }
}
