/// Why a projection, span, zoom or fit computation refused its input.
///
/// Each case carries a message that names the offending value; `code` is the matching
/// error code of the JSON-lines protocol (PROTOCOL.md).
public enum ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidLatitude(String)
    case invalidLongitude(String)
    case invalidZoom(String)
    case invalidViewport(String)
    case invalidSpan(String)
    case emptyInput(String)
    case unsupported(String)

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
        }
    }

    /// The human-readable message, naming the value.
    public var message: String {
        switch self {
        case .invalidLatitude(let m), .invalidLongitude(let m), .invalidZoom(let m),
            .invalidViewport(let m), .invalidSpan(let m), .emptyInput(let m), .unsupported(let m):
            m
        }
    }

    public var description: String { "\(code): \(message)" }
}
