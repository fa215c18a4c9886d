import MercatorCore

/// An error response: the protocol's code and a message.
struct EvalFailure: Error, Hashable, Sendable {
    /// The protocol's error code (`invalid-request`, `invalid-latitude`, ...).
    var code: String
    /// What was wrong, naming the field or value.
    var message: String

    init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The code of every request the protocol cannot read.
    static let invalidRequestCode = "invalid-request"

    /// An `invalid-request` failure.
    static func invalidRequest(_ message: String) -> EvalFailure {
        EvalFailure(code: invalidRequestCode, message: message)
    }

    /// `missing field "lat"`.
    static func missing(_ field: EvalField) -> EvalFailure { .invalidRequest("missing field \"\(field.name)\"") }

    /// `field "lat" must be EXPECTED, got FOUND`.
    static func mistyped(_ field: EvalField, expected: String, found: String) -> EvalFailure {
        .invalidRequest("field \"\(field.name)\" must be \(expected), got \(found)")
    }

    /// `duplicate field "lat"`.
    static func duplicate(_ field: EvalField) -> EvalFailure { .invalidRequest("duplicate field \"\(field.name)\"") }

    /// The response for a computation the implementation refused.
    init(_ error: ProjectionError) { self.init(code: error.code, message: error.message) }
}
