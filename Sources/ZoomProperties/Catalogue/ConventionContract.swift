import MercatorCore

/// Which declared conventions a convention-class property holds a program to.
///
/// A convention property checks one of ZoomCheck's conventions, or the one the program
/// declared in its place. When the program declared every convention the property reads, a
/// departure breaks the program's own word: the `declared` gate fails on it like a defect.
/// When it declared none of them, the property checks a convention ZoomCheck only assumed,
/// and a departure is reported, not gated.
///
/// - The refusal properties (the bad-input family, and the empty fit) read `badInput`;
///   `centre-beyond-the-band-is-refused` also reads `centreLimit`.
/// - `zoom-level-follows-its-rounding` reads `level`; `fit-is-padded` and `fit-single-point`
///   read `fitPadding`; `project-beyond-the-band-as-declared` reads `projectBeyondBand`;
///   `unproject-beyond-the-world-as-declared` reads `unprojectBeyondWorld`;
///   `positions-keep-the-declared-grid` reads `pixelGrid`.
/// - `zoom-level-matches-google` (Google's numbering) and `fit-covers-points-beyond-the-band`
///   (ZoomCheck's acceptance of points past the band) read nothing a program can declare:
///   never gated but by `--gate all`.
extension CatalogueProperty {
    public var contract: Set<DeclaredConvention> {
        guard verdictClass == .convention else { return [] }
        switch name {
        case "centre-beyond-the-band-is-refused": return [.badInput, .centreLimit]
        case "fit-of-nothing-is-an-error": return [.badInput]
        case "zoom-level-follows-its-rounding": return [.level]
        case "fit-is-padded", "fit-single-point": return [.fitPadding]
        case "project-beyond-the-band-as-declared": return [.projectBeyondBand]
        case "unproject-beyond-the-world-as-declared": return [.unprojectBeyondWorld]
        case "positions-keep-the-declared-grid": return [.pixelGrid]
        default: return family == .badInput ? [.badInput] : []
        }
    }

    /// Whether a departure from this property fails a gate of `scope` for a program that
    /// declared `declared`: defects always; conventions under `all`, or under `declared`
    /// when the program declared every convention the property reads.
    public func isGated(_ scope: GateScope, declared: Set<DeclaredConvention>) -> Bool {
        switch scope {
        case .all: true
        case .defects: verdictClass == .defect
        case .declared: verdictClass == .defect || (!contract.isEmpty && contract.isSubset(of: declared))
        }
    }
}
