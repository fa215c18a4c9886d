import MercatorCore
import PropertyCheck

extension Strata {
    /// The least share of a stratum that a generator's design guarantees; a property requires
    /// half of it (``requirement``). Each share is stated beside the generator branch that
    /// guarantees it (`Strata.Branch`, as hedgehog's `cover` is), and ``Strata/Design`` composes them.
    ///
    /// Half, not all: the design's share is a lower bound that ignores every other way the
    /// generator reaches the stratum, and requiring half leaves the test (at 10,000 cases,
    /// the gate's count) no chance of failing a generator that keeps its design, while a
    /// generator that never draws the stratum is still proven under-covered (with `k = 0`,
    /// the bound is `(1 − p)^n`: for the smallest required share here, 0.0104 at 10,000 cases,
    /// e^-104, far below the catalogue's significance, e^-29).
    public struct DesignedShare: Sendable, Equatable {
        /// The stratum.
        public let label: String
        /// The least share of generated cases the design puts in the stratum.
        public let share: Double

        /// The requirement a property declares: half the designed share.
        public var requirement: CoverageRequirement { .cover(label, atLeast: share / 2) }

        /// The share when the generator is one branch, taken `factor` of the time, of a larger one.
        func scaled(_ factor: Double) -> DesignedShare { DesignedShare(label: label, share: share * factor) }
    }

    /// One branch of a weighted generator (`Gen.frequency`) and the strata it guarantees: for
    /// each, the share of the branch's own draws that land in it, as a fraction.
    struct Branch<Value>: Sendable {
        let weight: Int
        let generator: Gen<Value>
        let covers: [(label: String, numerator: Int, denominator: Int)]

        init(_ weight: Int, _ generator: Gen<Value>, covers: [(label: String, numerator: Int, denominator: Int)] = []) {
            self.weight = weight
            self.generator = generator
            self.covers = covers
        }
    }

    /// A weighted generator whose strata shares follow from its weights: a stratum's share is
    /// the sum over the branches of weight / total × the branch's own share, in exact
    /// fractions, rounded once. Change a weight and the requirements follow.
    struct Weighted<Value>: Sendable {
        let branches: [Branch<Value>]

        init(_ branches: [Branch<Value>]) { self.branches = branches }

        /// `Gen.frequency` over the branches, in their order (the first shrinks first).
        var generator: Gen<Value> { Gen.frequency(branches.map { (weight: $0.weight, generator: $0.generator) }) }

        /// Each stratum some branch covers, in the order the branches first name them.
        var shares: [DesignedShare] {
            let total = branches.reduce(0) { $0 + $1.weight }
            var labels: [String] = []
            for branch in branches {
                for cover in branch.covers where !labels.contains(cover.label) { labels.append(cover.label) }
            }
            return labels.map { label in
                // Σ weight · numerator / (total · denominator), over a common denominator.
                let covering = branches.flatMap { branch in
                    branch.covers.filter { $0.label == label }.map { (branch.weight * $0.numerator, $0.denominator) }
                }
                let common = covering.reduce(1) { lcm($0, $1.1) }
                let numerator = covering.reduce(0) { $0 + $1.0 * (common / $1.1) }
                return DesignedShare(label: label, share: Double(numerator) / Double(total * common))
            }
        }

        private func lcm(_ a: Int, _ b: Int) -> Int {
            var (x, y) = (a, b)
            while y != 0 { (x, y) = (y, x % y) }
            return a / x * b
        }
    }

    /// The designed shares of the catalogue's inputs: each generator's own (beside it, in
    /// ZoomProperties/Generators), and their compositions for the properties' inputs.
    public enum Design {
        /// `CoordinateGen.longitude`'s.
        public static let longitudes = CoordinateGen.longitudeDesign.shares
        /// `CoordinateGen.bandLatitude`'s.
        public static let bandLatitudes = CoordinateGen.bandLatitudeDesign.shares
        /// `CoordinateGen.sphereLatitude`'s.
        public static let sphereLatitudes = CoordinateGen.sphereLatitudeDesign.shares
        /// `ZoomAndViewportGen.integerZoom`'s.
        public static let integerZooms = ZoomAndViewportGen.integerZoomStrata
        /// `ZoomAndViewportGen.fractionalZoom`'s.
        public static let fractionalZooms = ZoomAndViewportGen.fractionalZoomStrata

        /// A viewport wider than the world: zoom 0 (a world of at most 512 px) with one of the
        /// 20 of 27 equally likely (size, scale) pairs wider than 512 px.
        static func widerViewport(zoomZero: Double) -> DesignedShare {
            DesignedShare(label: Strata.viewportWiderThanWorld, share: zoomZero * 20 / 27)
        }

        /// Span inputs at integer zooms (`SpanInput.integerZooms`): the centre's strata, the
        /// zoom's, a viewport wider than the world, a centre on a tile edge (longitude ±180:
        /// x = 0 or the whole world, 2 of the 6 special longitudes).
        public static let integerSpans =
            longitudes + bandLatitudes + integerZooms + [
                // Longitude ±180 (1/8 × 2/6): x = 0 or the world, a multiple of 256 at every level.
                widerViewport(zoomZero: 15.0 / 464), DesignedShare(label: Strata.tileEdge, share: 1.0 / 24),
            ]

        /// Span inputs at fractional zooms (`SpanInput.fractionalZooms`): as at integer zooms,
        /// with the fractional zoom's strata; only longitude −180 (x = 0) is sure to be a tile
        /// edge. Integer zooms' when the implementation takes no others.
        public static func fractionalSpans(for implementation: any ZoomImplementation) -> [DesignedShare] {
            guard implementation.capabilities.fractionalZooms else { return integerSpans }
            return longitudes + bandLatitudes + fractionalZooms + [
                // Longitude −180 (1/8 × 1/6): x = 0.
                widerViewport(zoomZero: 1.0 / 48), DesignedShare(label: Strata.tileEdge, share: 1.0 / 48),
            ]
        }

        /// The pixel spaces an implementation declares (`PixelSpaceGen.declared(by:)`): the
        /// zoom strata of integer zooms, or of integer and fractional ones half and half; none
        /// for the documents' fixed space.
        public static func pixelSpaces(for implementation: any ZoomImplementation) -> [DesignedShare] {
            let capabilities = implementation.capabilities
            guard capabilities.anyPixelZoom else { return [] }
            guard capabilities.fractionalZooms else { return integerZooms }
            // Integer and fractional zooms, half the draws each.
            let half = integerZooms.filter { $0.label != Strata.integerZoom }.map { $0.scaled(0.5) }
            return half + [integerZooms[1].scaled(0.5), fractionalZooms[3].scaled(0.5)]
        }

        /// `shares` less the strata a check that discards clamped spans (`assume`, "clamped at
        /// 360°", or a filter to spans under 360°) cannot reach in its judged cases: every
        /// viewport wider than the world, and zoom 0 with all but the one-point viewport. Coverage
        /// counts judged cases only, so a property requires no stratum its check discards.
        public static func unclamped(_ shares: [DesignedShare]) -> [DesignedShare] {
            shares.filter { $0.label != Strata.zoomZero && $0.label != Strata.viewportWiderThanWorld }
        }

        /// `shares` less the strata a check that discards spans whose rows leave the world
        /// (`latitude-span-matches-height`, `zoom-round-trip-latitude`) cannot reach in its judged
        /// cases: centres beyond 85° and at the band's edge (half the view lies past the edge),
        /// viewports wider than the world, and the low whole levels (0 and 1, whose worlds are
        /// shorter than most viewports), which are most of the integer zooms a fractional
        /// generator draws.
        public static func rowsInWorld(_ shares: [DesignedShare]) -> [DesignedShare] {
            let discarded = [
                Strata.beyond85, Strata.bandEdge, Strata.zoomZero, Strata.integerZoom, Strata.viewportWiderThanWorld,
            ]
            return shares.filter { !discarded.contains($0.label) }
        }

        /// `shares` for an implementation that serves a zoom range of its own (`zoomRange`):
        /// less the strata of zooms, whose shares are derived for 0...28 (zoom 0, deep zooms, a
        /// viewport wider than the world at zoom 0). Its zooms are drawn uniformly from its own
        /// levels, which need not hold 0 or 20...28 at all.
        public static func served(_ shares: [DesignedShare], by implementation: any ZoomImplementation)
            -> [DesignedShare]
        {
            guard implementation.capabilities.servedZooms != .protocolRange else { return shares }
            let zoomStrata = [Strata.zoomZero, Strata.deepZoom, Strata.viewportWiderThanWorld]
            return shares.filter { !zoomStrata.contains($0.label) }
        }

        /// Pixel x or y in the documents' 2^29-px world (`Gen.int(in: 0...2^29)`).
        public static let worldPixel = PixelSpaceGen.worldPixelStrata

        /// `PixelSpaceGen.worldPixelX`'s.
        public static let worldPixelX = PixelSpaceGen.worldPixelXDesign.shares

        /// `AnnotationSetGen`'s sets.
        public static let annotationSets = AnnotationSetGen.design(latitudeLimit: MercatorMath.latitudeLimit).shares

        /// `AnnotationSetGen.beyondBand`'s.
        public static let beyondBandSets = AnnotationSetGen.beyondBandStrata
    }
}
