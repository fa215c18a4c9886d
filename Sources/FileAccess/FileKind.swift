#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kind of file a `stat` mode describes, in words for error messages.
package enum FileKind {
    /// "a directory", "a FIFO", "a character device (such as /dev/null)", …; nil for a
    /// regular file.
    package static func nonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device (such as /dev/null)"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// What `path` is (links followed), in words, when it is there and not a regular file.
    package static func nonRegular(atPath path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return nonRegular(status.st_mode)
    }
}
