/// What a property's failure means: a defect of the arithmetic, or a departure from one of
/// ZoomCheck's conventions.
///
/// - A *defect* property states something any correct Web-Mercator zoom arithmetic
///   satisfies, whatever its conventions: order, round trips within the error budget of any
///   correct computation route (`ErrorBudget`), spans that match the viewport, fits that
///   cover their points, regions a map view accepts. A failure is a bug.
/// - A *convention* property states a rule ZoomCheck's corrected core keeps and other code
///   may legitimately not keep: exact refusal codes, the documents' fit padding, the centre
///   limit, how `level` rounds. A failure is a difference of policy, reported apart.
///
/// `zoomcheck check` gates on defects by default for implementations it does not ship, and
/// on both classes for its own.
public enum VerdictClass: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case defect
    case convention

    public var description: String { rawValue }
}
