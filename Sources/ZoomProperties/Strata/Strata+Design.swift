import MercatorCore
import PropertyCheck

extension Strata {
    /// The least share of a stratum that a generator's design guarantees, with its
    /// derivation; a property requires half of it (``requirement``).
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
        /// How the share follows from the generator's weights and special values.
        public let derivation: String

        /// The requirement a property declares: half the designed share.
        public var requirement: CoverageRequirement { .cover(label, atLeast: share / 2) }

        /// The share when the generator is one branch of weight `factor` of a larger one.
        func scaled(_ factor: Double, _ why: String) -> DesignedShare {
            DesignedShare(label: label, share: share * factor, derivation: "\(derivation); × \(why)")
        }
    }

    /// The designed shares of the generators, each derived in its `derivation` from the
    /// generator's frequency weights, the engine's special values (a double in `a...b` is one
    /// of its special values — the bounds, their neighbours, 0, ±1, the tiny magnitudes that
    /// lie in the range — with probability 1/8, each equally likely, and uniform on the range
    /// with probability at least 13/16; an integer in `a...b` is uniform with probability at
    /// least 15/16; `Gen.element` and `Gen.bool` are uniform; an array's length is its minimum
    /// with probability 1/8).
    public enum Design {
        /// `CoordinateGen.longitude`: weights 5 uniform, 2 within a degree of ±180, 1 the
        /// special values 0, −0, ±180 and their neighbours.
        public static let longitudes = [
            DesignedShare(
                label: Strata.nearAntimeridian, share: 1.0 / 3,
                derivation: "the near-±180 branch (2/8) always, the special values 4 of 6 (1/8 × 4/6): 1/4 + 1/12"),
            DesignedShare(
                label: Strata.atAntimeridian, share: 1.0 / 12,
                derivation: "the special values ±180 and their neighbours, 4 of 6 of the 1/8 branch"),
        ]

        /// `CoordinateGen.bandLatitude`: weights 5 uniform, 2 area-uniform, 2 80°…limit, 1 the
        /// special values 0, −0, ±limit, their inner neighbours, ±85.
        public static let bandLatitudes = [
            DesignedShare(
                label: Strata.beyond85, share: 1.0 / 20,
                derivation: "±limit and their inner neighbours, 4 of the 8 special values of the 1/10 branch"),
            DesignedShare(
                label: Strata.bandEdge, share: 1.0 / 20,
                derivation: "±limit and their inner neighbours, 4 of the 8 special values of the 1/10 branch"),
        ]

        /// `CoordinateGen.sphereLatitude`: weights 4 uniform, 2 area-uniform, 2 75°…90°, 1 the
        /// special values 0, −0, ±90 and their inner neighbours.
        public static let sphereLatitudes = [
            DesignedShare(
                label: Strata.beyond85, share: 2.0 / 27,
                derivation: "±90 and their inner neighbours, 4 of the 6 special values of the 1/9 branch"),
            DesignedShare(
                label: Strata.pole, share: 2.0 / 27,
                derivation: "±90 and their inner neighbours, 4 of the 6 special values of the 1/9 branch"),
        ]

        /// `ZoomAndViewportGen.integerZoom`: an integer in 0...28.
        public static let integerZooms = [
            DesignedShare(label: Strata.zoomZero, share: 15.0 / 464, derivation: "uniform on 29 levels 15/16 of draws"),
            DesignedShare(label: Strata.integerZoom, share: 1, derivation: "every draw is a whole level"),
            DesignedShare(
                label: Strata.deepZoom, share: 135.0 / 464, derivation: "9 of 29 levels, uniform 15/16 of draws"),
        ]

        /// `ZoomAndViewportGen.fractionalZoom`: a double in 0...28, whose special values are
        /// 0, 28, 1, 28's lower neighbour and two subnormal-range magnitudes.
        public static let fractionalZooms = [
            DesignedShare(label: Strata.zoomZero, share: 1.0 / 48, derivation: "0, one of the 6 special values (1/8)"),
            DesignedShare(
                label: Strata.integerZoom, share: 1.0 / 16, derivation: "0, 1 and 28, 3 of the 6 special values (1/8)"),
            DesignedShare(
                label: Strata.deepZoom, share: 13.0 / 56, derivation: "8/28 of the range, uniform 13/16 of draws"),
            DesignedShare(
                label: Strata.fractionalZoom, share: 3.0 / 4,
                derivation: "uniform 13/16 of draws, an integer with probability under 2^-40"),
        ]

        /// A viewport wider than the world: zoom 0 (a world of at most 512 px) with one of the
        /// 20 of 27 equally likely (size, scale) pairs wider than 512 px.
        static func widerViewport(zoomZero: Double, _ why: String) -> DesignedShare {
            DesignedShare(
                label: Strata.viewportWiderThanWorld, share: zoomZero * 20 / 27,
                derivation: "zoom 0 (\(why)) × 20 of 27 viewports wider than 512 px")
        }

        /// Span inputs at integer zooms (`SpanInput.integerZooms`): the centre's strata, the
        /// zoom's, a viewport wider than the world, a centre on a tile edge (longitude ±180:
        /// x = 0 or the whole world, 2 of the 6 special longitudes).
        public static let integerSpans =
            longitudes + bandLatitudes + integerZooms + [
                widerViewport(zoomZero: 15.0 / 464, "15/464"),
                DesignedShare(
                    label: Strata.tileEdge, share: 1.0 / 24,
                    derivation: "longitude ±180 (1/8 × 2/6): x = 0 or the world, a multiple of 256 at every level"),
            ]

        /// Span inputs at fractional zooms (`SpanInput.fractionalZooms`): as at integer zooms,
        /// with the fractional zoom's strata; only longitude −180 (x = 0) is sure to be a tile
        /// edge. Integer zooms' when the implementation takes no others.
        public static func fractionalSpans(for implementation: any ZoomImplementation) -> [DesignedShare] {
            guard implementation.capabilities.fractionalZooms else { return integerSpans }
            return longitudes + bandLatitudes + fractionalZooms + [
                widerViewport(zoomZero: 1.0 / 48, "1/48"),
                DesignedShare(label: Strata.tileEdge, share: 1.0 / 48, derivation: "longitude −180 (1/8 × 1/6): x = 0"),
            ]
        }

        /// The pixel spaces an implementation declares (`PixelSpaceGen.declared(by:)`): the
        /// zoom strata of integer zooms, or of integer and fractional ones half and half; none
        /// for the documents' fixed space.
        public static func pixelSpaces(for implementation: any ZoomImplementation) -> [DesignedShare] {
            let capabilities = implementation.capabilities
            guard capabilities.anyPixelZoom else { return [] }
            guard capabilities.fractionalZooms else { return integerZooms }
            let half = integerZooms.filter { $0.label != Strata.integerZoom }.map {
                $0.scaled(0.5, "1/2, integer zooms' branch")
            }
            return half + [
                integerZooms[1].scaled(0.5, "1/2, integer zooms' branch"),
                fractionalZooms[3].scaled(0.5, "1/2, fractional zooms' branch"),
            ]
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
        public static let worldPixel = [
            DesignedShare(label: Strata.tileEdge, share: 1.0 / 16, derivation: "a bound, 0 or 2^29, 1/16 of draws")
        ]

        /// `PixelSpaceGen.worldPixelX`: `worldPixel` in its uniform branch, 3 draws in 4.
        public static let worldPixelX = worldPixel.map { $0.scaled(3.0 / 4, "3/4, the uniform branch") }

        /// `AnnotationSetGen`'s sets: weights 3 spread (1...50 points), 2 clustered (1...50),
        /// 2 straddling ±180 (2...50 points within 10° of it, each side by a fair coin), 1 polar,
        /// 1 one point at the latitude limit.
        public static let annotationSets = [
            DesignedShare(
                label: Strata.onePointFit, share: 13.0 / 72,
                derivation: """
                    the spread and clustered branches (5/9) at their minimum length 1 (1/8), and the one-point \
                    branch (1/9)
                    """),
            DesignedShare(
                label: Strata.antimeridianFit, share: 1.0 / 9,
                derivation: "the straddling branch (2/9) with points on both sides (at least 1/2 for 2 or more)"),
        ]

        /// `AnnotationSetGen.beyondBand`: 1...10 points beyond the band, each magnitude a
        /// double in (limit, 90] whose special values are its bounds and their neighbours.
        public static let beyondBandSets = [
            DesignedShare(label: Strata.beyond85, share: 1, derivation: "every point lies beyond the band"),
            DesignedShare(
                label: Strata.pole, share: 1.0 / 16, derivation: "the first point 90 or its neighbour (1/8 × 2/4)"),
        ]
    }
}
