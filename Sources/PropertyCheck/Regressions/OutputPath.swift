import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a file the user named must be written so that it is written, never replaced.
///
/// Only a regular file or a missing path may be replaced by a rename (a temporary file
/// beside it, renamed over it: readers see the old text or the new, never a part).
/// Anything else is written through, in place:
///
/// - A symbolic link is followed to its target (a dangling link to the path it names), and
///   the target is what gets written; the link stays a link.
/// - A device (`/dev/null`, a terminal), a FIFO or a socket is opened and written; renaming
///   over it would replace, say, the machine's `/dev/null` with a regular file.
/// - A link into `/proc` (`/dev/stdout` → `/proc/self/fd/1` → `pipe:[…]`) names an open
///   file of this process, not a path: it is opened and written in place (appending, when it
///   is a regular file, so that a redirected report is not overwritten).
/// - A directory is refused.
package enum OutputPath: Equatable, Sendable {
    /// Write a temporary file in the same directory and rename it over this path (a regular
    /// file, or nothing yet).
    case replace(String)
    /// Open this path and write in place; `append` when it reaches a regular file.
    case writeThrough(String, append: Bool)

    /// Why a path cannot be written.
    package struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// Symbolic links followed before giving up (`MAXSYMLINKS` on Linux is 40).
    static let linkLimit = 40

    /// How to write `path`, following its links.
    package static func resolve(_ path: String) throws(Refusal) -> OutputPath {
        var current = path
        for _ in 0...linkLimit {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw Refusal(path: path, reason: String(cString: strerror(errno))) }
                return .replace(current)
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .replace(current)
            case S_IFDIR:
                throw Refusal(
                    path: path, reason: current == path ? "it is a directory" : "it leads to the directory \(current)")
            case S_IFLNK:
                if current.hasPrefix("/proc/") {
                    var target = stat()
                    let regular = stat(current, &target) == 0 && target.st_mode & S_IFMT == S_IFREG
                    return .writeThrough(current, append: regular)
                }
                guard let destination = readLink(current) else {
                    throw Refusal(path: path, reason: String(cString: strerror(errno)))
                }
                current =
                    destination.hasPrefix("/")
                    ? destination
                    : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
            default: return .writeThrough(current, append: false)
            }
        }
        throw Refusal(path: path, reason: "more than \(linkLimit) symbolic links")
    }

    /// The target of the link at `path`, or nil with `errno` set.
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens `path` for writing in place and writes every byte of `bytes`; the `errno` text
    /// on failure. No `O_CREAT`: the path exists (it was just looked at).
    package static func writeInPlace(_ bytes: [UInt8], to path: String, append: Bool) -> String? {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (append ? O_APPEND : 0))
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes every byte to `descriptor`, retrying after EINTR; the `errno` text on failure.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        return bytes.withUnsafeBytes { buffer -> String? in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count > 0 {
                    written += count
                    continue
                }
                if count < 0, errno == EINTR { continue }
                return String(cString: strerror(count < 0 ? errno : EIO))
            }
            return nil
        }
    }
}
