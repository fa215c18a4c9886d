#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why reading from or writing to a stream failed: the operation and the `errno` text.
public struct IOFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done ("read standard input").
    public var operation: String
    /// The system's explanation (`strerror`), or a description for in-memory streams.
    public var reason: String

    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// A failure described by the current `errno`.
    static func fromErrno(_ operation: String, _ code: Int32) -> IOFailure {
        IOFailure(operation: operation, reason: String(cString: strerror(code)))
    }

    public var description: String { "cannot \(operation): \(reason)" }
}

/// Somewhere bytes come from: standard input, or a buffer in tests.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at end of input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOFailure) -> Int
}

/// Somewhere bytes go: standard output or error, or a buffer in tests.
public protocol ByteSink: AnyObject {
    /// Writes every byte of `bytes`, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure)
}

extension ByteSink {
    /// Writes the UTF-8 of `text`.
    public func write(_ text: String) throws(IOFailure) {
        var text = text
        let result: Result<Void, IOFailure> = text.withUTF8 { utf8 in
            do throws(IOFailure) {
                try write(UnsafeRawBufferPointer(utf8))
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes the UTF-8 of `text` and ignores failure (for diagnostics on standard error).
    public func writeIgnoringFailure(_ text: String) { _ = try? write(text) }
}

/// A sink that remembers its first write failure and then drops everything: commands write
/// their reports through it, and the dispatcher turns a failure into exit status 74.
package final class RecordingSink: ByteSink {
    private let base: any ByteSink
    /// The first failure, if a write failed.
    package private(set) var failure: IOFailure?
    /// Set by a command that told the user of ``failure`` itself, so that it is said once.
    package var reported = false

    package init(_ base: any ByteSink) { self.base = base }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
        if let failure { throw failure }
        do { try base.write(bytes) } catch {
            failure = error
            throw error
        }
    }
}
