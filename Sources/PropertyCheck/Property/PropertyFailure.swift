/// The error a property's check throws to fail a case, saying why.
///
/// Any other error thrown by a check also fails the case; its `String(describing:)` becomes
/// the message.
public struct PropertyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the case failed, e.g. `"y is 3.2 px off at zoom 20"`.
    public let message: String
    /// How large the failure is, when the property can say (see ``FailureSize``).
    public let size: FailureSize?
    /// Which clause of the property failed: the one given, else the place that made this
    /// failure (see ``FailureSignature``).
    public let signature: FailureSignature

    /// A failure with the given explanation and, optionally, its size and signature (by
    /// default the caller's file and line: the clause that failed).
    public init(
        _ message: String, size: FailureSize? = nil, signature: FailureSignature? = nil, fileID: String = #fileID,
        line: Int = #line
    ) {
        self.message = message
        self.size = size
        self.signature = signature ?? FailureSignature(fileID: fileID, line: line)
    }

    /// The message.
    public var description: String { message }
}

/// Fails the current case with `message` unless `condition` holds.
///
/// ```swift
/// try ensure(abs(error) <= 0.5, "y is \(error) px off at zoom \(zoom)")
/// ```
///
/// The failure is signed by the caller's file and line (see ``FailureSignature``): each
/// `ensure` of a property is a clause of its own, reported and shrunk apart from the others.
@inlinable public func ensure(
    _ condition: Bool, _ message: @autoclosure () -> String, fileID: String = #fileID, line: Int = #line
) throws(PropertyFailure) { if !condition { throw PropertyFailure(message(), fileID: fileID, line: line) } }

/// Fails the current case with `message` and the failure's `size` unless `condition` holds.
@inlinable public func ensure(
    _ condition: Bool, _ message: @autoclosure () -> String, size: @autoclosure () -> FailureSize,
    fileID: String = #fileID, line: Int = #line
) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message(), size: size(), fileID: fileID, line: line) }
}
