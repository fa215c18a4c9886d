/// The error a property's check throws to fail a case, saying why.
///
/// Any other error thrown by a check also fails the case; its `String(describing:)` becomes
/// the message.
public struct PropertyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the case failed, e.g. `"y is 3.2 px off at zoom 20"`.
    public let message: String

    /// A failure with the given explanation.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Fails the current case with `message` unless `condition` holds.
///
/// ```swift
/// try ensure(abs(error) <= 0.5, "y is \(error) px off at zoom \(zoom)")
/// ```
@inlinable
public func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message()) }
}
