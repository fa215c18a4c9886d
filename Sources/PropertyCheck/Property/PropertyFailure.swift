/// The error a property's check throws to fail a case, saying why.
///
/// Any other error thrown by a check also fails the case; its `String(describing:)` becomes
/// the message.
public struct PropertyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the case failed, e.g. `"y is 3.2 px off at zoom 20"`.
    public let message: String
    /// How large the failure is, when the property can say (see ``FailureSize``).
    public let size: FailureSize?

    /// A failure with the given explanation and, optionally, its size.
    public init(_ message: String, size: FailureSize? = nil) {
        self.message = message
        self.size = size
    }

    /// The message.
    public var description: String { message }
}

/// Fails the current case with `message` unless `condition` holds.
///
/// ```swift
/// try ensure(abs(error) <= 0.5, "y is \(error) px off at zoom \(zoom)")
/// ```
@inlinable public func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message()) }
}

/// Fails the current case with `message` and the failure's `size` unless `condition` holds.
@inlinable public func ensure(
    _ condition: Bool, _ message: @autoclosure () -> String, size: @autoclosure () -> FailureSize
) throws(PropertyFailure) { if !condition { throw PropertyFailure(message(), size: size()) } }
