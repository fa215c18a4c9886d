#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole input file the user named (a regressions file, a corpus file), refusing
/// what is not a regular file by name: a directory, a device (`/dev/null`), a FIFO (reading
/// one would wait for a writer) or a socket; and a file larger than a limit, by its size,
/// before reading it.
package enum RegularFile {
    /// Why a file could not be read, in words (without the file's name).
    package struct ReadError: Error, Sendable, Equatable {
        package let reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// The bytes of `path` (links followed); nil when nothing is there.
    package static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw ReadError(reason: String(cString: strerror(errno)))
        }
        if let kind = FileKind.nonRegular(status.st_mode) {
            throw ReadError(reason: "it is \(kind), not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw ReadError(reason: "it is \(status.st_size) bytes, more than the limit of \(limit >> 20) MiB")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: buffer[..<count])
            guard bytes.count <= limit else {
                throw ReadError(reason: "it grew past the limit of \(limit >> 20) MiB while being read")
            }
        }
    }

    /// The device and inode of `path` (links followed), which name the file whatever the
    /// spelling of the path; nil if it cannot be examined.
    package static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
