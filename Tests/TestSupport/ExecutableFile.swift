import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes test scripts that another process is about to run.
///
/// A script written through Foundation (`write(toFile:atomically:)`) and run at once can fail
/// with "Text file busy" (ETXTBSY) when the suites run in parallel: a process another test
/// starts at that moment inherits the descriptor still open for writing, and Linux refuses to
/// run a file open for writing. Opened with `O_CLOEXEC`, the descriptor is never inherited past
/// a started program's `exec`, and it is closed before this returns.
package enum ExecutableFile {
    /// Writes `text` to `path` (created or truncated) with mode 0755.
    package static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            written += count
        }
        fchmod(descriptor, 0o755)
    }
}
