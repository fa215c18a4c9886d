import MercatorCore

/// Realistic defective implementations: the corrected core with one deliberate bug each, of
/// the kinds found in public ports of the zoom-level category and in hand-written Mercator
/// code.
///
/// Each should be killed by at least one defect-class property; one that survives every
/// defect property marks a gap in the catalogue. Names start with `mutant-`.
package enum MutantPanel {
    /// The panel, grouped by the operation the defect is in.
    package static let all: [any ZoomImplementation] = spans + getters + projections + fits + badInput

    static let spans: [any ZoomImplementation] = [
        SpanHeightEqualsWidth(), LatitudeDeltaHalved(), WidthHeightSwapped(), LongitudeFromAspectRatio(),
        LatitudeDeltaTwiceNorthHalf(), LongitudeDeltaNotClamped(), NoPoleClamp(), ValidFlagAlwaysTrue(),
        SpanFromWrappedEdges(), SpanUsesPixelsPerPoint(), SpanIgnoresConvention(), UnsignedZoomExponent(),
    ]
    static let getters: [any ZoomImplementation] = [
        GetterPlusOne(), GetterIgnoresConvention(), GetterUsesPixelsPerPoint(), GetterReadsLatitude(),
        LevelFloorWithoutTolerance(), BothSpansLatitudeLinear(), BothSpansLatitudeAgainstWidth(),
    ]
    static let projections: [any ZoomImplementation] = [
        ProjectXYSwapped(), YNorthDown(), SinOfDegrees(), YLnTanPhi(), Float32Y(), UnprojectXUses180(),
        UnprojectLatitudeInRadians(),
    ]
    static let fits: [any ZoomImplementation] = [
        BoundingBoxFit(), FitDropsNaN(), FitLatLonSwapped(), FitMercatorMidpoint(), FitCentreIsMean(), FitNoPoleLimit(),
        FitLongitudeNotClamped(),
    ]
    static let badInput: [any ZoomImplementation] = [CentreClampSwallowsNaN(), ZoomClampSwallowsNaN()]

    /// The mutant called `name`, or nil.
    package static func named(_ name: String) -> (any ZoomImplementation)? { all.first { $0.name == name } }
}
