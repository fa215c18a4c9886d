import MercatorCore

/// Correct programs for every meaningful combination of declared capabilities and
/// conventions: each varies the corrected core (or a control's route, where the core cannot
/// express the declaration) along one axis of `Capabilities`, or two where they interact.
///
/// A defect-class property means "wrong whatever the conventions": each of these must hold it
/// or find it not applicable (`ConventionMatrixTests`, in the gate). Names start with
/// `control-matrix-`. Not in `ControlPanel.all`: most answer exactly as the core does, and the
/// panel's measurements would count the same route many times.
package enum ConventionMatrix {
    static let defaults = Capabilities.zoomCheckDefaults
    /// seed512 only, integer zooms, pixels in the zoom-20 world only: the documents' code.
    static let seed512IntegerZooms = Capabilities(conventions: [.seed512], fractionalZooms: false, anyPixelZoom: false)

    /// The matrix, in a fixed order.
    package static let all: [any ZoomImplementation] = [
        // Conventions: one or the other.
        DeclaredControl("seed512-only", Capabilities(conventions: [.seed512])),
        DeclaredControl("tile256-only", Capabilities(conventions: [.tile256])),
        // Zooms: integers only; pixels in the zoom-20 world only; both.
        DeclaredControl("integer-zooms", Capabilities(fractionalZooms: false)),
        DeclaredControl("zoom20-pixels", Capabilities(anyPixelZoom: false)),
        DeclaredControl("tile256-zoom20-pixels", Capabilities(conventions: [.tile256], anyPixelZoom: false)),
        DeclaredControl("seed512-integer-zooms", seed512IntegerZooms),
        // The getter: each level rounding; both spans read.
        DeclaredControl("level-nearest", Capabilities(levelRounding: .nearest)),
        DeclaredControl("level-unspecified", Capabilities(levelRounding: .unspecified)),
        DeclaredControl("integer-getter", Capabilities(integerGetter: true)),
        DeclaredControl("integer-getter-nearest", Capabilities(levelRounding: .nearest, integerGetter: true)),
        DeclaredControl(
            "both-spans", route: LeafletControl(),
            Capabilities(levelRounding: .unspecified, zoomSource: .latitudeAndLongitude)),
        DeclaredControl(
            "both-spans-tile256", route: LeafletControl(),
            Capabilities(conventions: [.tile256], levelRounding: .unspecified, zoomSource: .latitudeAndLongitude)),
        // Bad input: refused somehow; not checked at all.
        DeclaredControl("bad-input-refuses", Capabilities(badInput: .refuses)),
        DeclaredControl("bad-input-unchecked", Capabilities(badInput: .unchecked)),
        DeclaredControl("unchecked-seed512-only", Capabilities(conventions: [.seed512], badInput: .unchecked)),
        // Unchecked and computing on: a centre beyond the band gets a span, not a refusal.
        DeclaredControl(
            "unchecked-any-centre", route: HalfAngleControl(), Capabilities(fitPadding: nil, badInput: .unchecked)),
        // Centres: no limit (a route that accepts centres up to the poles).
        DeclaredControl(
            "no-centre-limit", route: HalfAngleControl(),
            Capabilities(fitPadding: nil, badInput: .refuses, centreLimit: .none)),
        // Fits: padding not stated; no padding at all.
        DeclaredControl("padding-unstated", Capabilities(fitPadding: nil)),
        DeclaredControl("no-padding", route: TightFitRoute(), Capabilities(fitPadding: TightFitRoute.padding)),
    ]
}
