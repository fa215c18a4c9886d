/// Why a projection, span, zoom or fit computation refused its input.
///
/// Each case carries a message that names the offending value; `code` is the matching
/// error code of the JSON-lines protocol (PROTOCOL.md), except `implementation-failure`,
/// which only `zoomcheck check --impl exec:` raises, about the external program itself.
public enum ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidLatitude(String)
    case invalidLongitude(String)
    case invalidZoom(String)
    case invalidViewport(String)
    case invalidSpan(String)
    case emptyInput(String)
    case unsupported(String)
    /// The implementation itself failed (an external program died, hung, or answered
    /// something that is not a protocol response). Never produced by `SeedPort` or
    /// `WebMercator`, and never a valid refusal of bad input.
    case implementationFailure(String)

    /// The protocol's error code for this case.
    public var code: String {
        switch self {
        case .invalidLatitude: "invalid-latitude"
        case .invalidLongitude: "invalid-longitude"
        case .invalidZoom: "invalid-zoom"
        case .invalidViewport: "invalid-viewport"
        case .invalidSpan: "invalid-span"
        case .emptyInput: "empty-input"
        case .unsupported: "unsupported"
        case .implementationFailure: "implementation-failure"
        }
    }

    /// The error codes of the JSON-lines protocol (PROTOCOL.md), in its order.
    /// `invalid-request` belongs to the protocol layer and has no case here.
    public static let protocolCodes = [
        "invalid-request", "invalid-latitude", "invalid-longitude", "invalid-zoom", "invalid-viewport", "invalid-span",
        "empty-input", "unsupported",
    ]

    /// The error a protocol response names with `code` (the inverse of `code`); nil for
    /// `invalid-request`, `implementation-failure` and anything not a protocol code.
    public init?(code: String, message: String) {
        switch code {
        case "invalid-latitude": self = .invalidLatitude(message)
        case "invalid-longitude": self = .invalidLongitude(message)
        case "invalid-zoom": self = .invalidZoom(message)
        case "invalid-viewport": self = .invalidViewport(message)
        case "invalid-span": self = .invalidSpan(message)
        case "empty-input": self = .emptyInput(message)
        case "unsupported": self = .unsupported(message)
        default: return nil
        }
    }

    /// The human-readable message, naming the value.
    public var message: String {
        switch self {
        case .invalidLatitude(let m), .invalidLongitude(let m), .invalidZoom(let m), .invalidViewport(let m),
            .invalidSpan(let m), .emptyInput(let m), .unsupported(let m), .implementationFailure(let m):
            m
        }
    }

    public var description: String { "\(code): \(message)" }
}
