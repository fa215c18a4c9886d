#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file descriptor read with `read(2)`, retrying on `EINTR` and waiting on `EAGAIN`.
public final class FileDescriptorSource: ByteSource {
    /// The descriptor read from.
    public let descriptor: Int32
    /// Names the stream in error messages ("standard input").
    public let name: String

    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOFailure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(descriptor, base, buffer.count)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                FileDescriptorWaiting.wait(for: descriptor, events: Int16(POLLIN))
                continue
            }
            throw .fromErrno("read \(name)", code)
        }
    }
}

/// A file descriptor written with `write(2)`: partial writes continue, `EINTR` retries,
/// `EAGAIN` waits; anything else (`EPIPE` included, SIGPIPE being ignored) throws.
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written to.
    public let descriptor: Int32
    /// Names the stream in error messages ("standard output").
    public let name: String

    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = systemWrite(descriptor, next, remaining)
            if count > 0 {
                next += count
                remaining -= count
                continue
            }
            let code = count == 0 ? EIO : errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                FileDescriptorWaiting.wait(for: descriptor, events: Int16(POLLOUT))
                continue
            }
            throw .fromErrno("write \(name)", code)
        }
    }
}

/// `read(2)`, named apart from `ByteSource.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`, named apart from `ByteSink.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Blocking until a non-blocking descriptor is ready.
enum FileDescriptorWaiting {
    /// Waits with `poll(2)` until `descriptor` reports one of `events` (or an error, which
    /// the next read or write then reports).
    static func wait(for descriptor: Int32, events: Int16) {
        var request = pollfd(fd: descriptor, events: events, revents: 0)
        _ = poll(&request, 1, -1)
    }
}
