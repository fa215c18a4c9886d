/// What a property is expected to conclude for one implementation.
public enum ExpectedVerdict: Sendable, Hashable, CustomStringConvertible {
    /// Every case passes.
    case holds
    /// The property fails, and its shrunk minimal counterexample renders as `pin` (or, for a
    /// property whose counterexample depends on the platform's libm, its stable class does).
    case fails(pin: String)
    /// The property does not apply: the implementation cannot express its inputs.
    case notApplicable(String)

    public var description: String {
        switch self {
        case .holds: "holds"
        case .fails(let pin): "fails with \(pin)"
        case .notApplicable(let reason): "n/a (\(reason))"
        }
    }
}
