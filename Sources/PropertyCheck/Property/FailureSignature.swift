/// Which clause of a property a failure broke: what makes two failures of one property
/// distinct.
///
/// A run reports every distinct failure it meets (up to ``RunConfiguration/distinctFailureLimit``),
/// each shrunk only through cases that fail the same way, as Hypothesis does with a test's
/// "interesting origin". Two failures are the same when their signatures are equal:
///
/// - A ``PropertyFailure`` (``ensure(_:_:fileID:line:)`` included) is signed by the place in
///   the source that threw it, `#fileID:#line`, unless it was given a signature: the check's
///   identity, never its numbers. "Off by 3 px" and "off by 80 px" from one `ensure` are one
///   failure; the same `ensure` failing and another one failing are two. A helper that checks
///   for its callers takes their `fileID` and `line`, so that each call is a clause.
/// - A failure may be signed by the kind of answer that broke it instead (an error code:
///   ``init(_:)``), so that every error of one kind is one failure wherever it was met.
/// - Any other error is signed by its type.
///
/// A signature is compared, never shown: a line number moves with every edit, so reports and
/// files print messages, not signatures.
public struct FailureSignature: Sendable, Hashable, CustomStringConvertible {
    /// The identity: `Module/File.swift:line`, or a kind given by the check.
    public let identity: String

    /// A signature of the check's choosing: a kind of answer, say (`"error invalid-latitude"`).
    public init(_ identity: String) { self.identity = identity }

    /// The signature of a clause at `line` of `fileID` (`#fileID`, `#line`).
    public init(fileID: String, line: Int) { identity = "\(fileID):\(line)" }

    /// The signature of whatever a check threw: a ``PropertyFailure``'s own, else the error's type.
    public init(of error: any Error) {
        if let failure = error as? PropertyFailure {
            self = failure.signature
        } else {
            identity = "threw " + String(reflecting: type(of: error))
        }
    }

    /// The identity.
    public var description: String { identity }
}
