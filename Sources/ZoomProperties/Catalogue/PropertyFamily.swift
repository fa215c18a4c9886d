/// The property families (Documentation/findings.md, "What is checked"); every catalogue
/// property belongs to one.
public enum PropertyFamily: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case roundTrips = 1
    case monotonicityAndSymmetry
    case singlePrecision
    case zoomMonotonicity
    case zoomRoundTrip
    case viewportSpans
    case zoomZero
    case baseDisagreement
    case fit
    case badInput
    case sessions
    case reference

    public var description: String {
        switch self {
        case .roundTrips: "Round trips"
        case .monotonicityAndSymmetry: "Monotonicity and symmetry"
        case .singlePrecision: "Single-precision error"
        case .zoomMonotonicity: "Zoom monotonicity"
        case .zoomRoundTrip: "Zoom round trip"
        case .viewportSpans: "Spans match the viewport"
        case .zoomZero: "The zoom-0 edge case"
        case .baseDisagreement: "The 0-vs-1 base disagreement"
        case .fit: "Fit"
        case .badInput: "Bad input"
        case .sessions: "Map-view sessions"
        case .reference: "Answers match the reference"
        }
    }
}
