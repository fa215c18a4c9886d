import MercatorCore
import PropertyCheck

/// Family 2: order and symmetry of the pixel conversions in the 2^29-px world. All defects.
enum MonotonicityProperties {
    static let all: [CatalogueProperty] = [xIncreases, yDecreases, xOdd, yOdd]

    /// The pixel of a coordinate in the 2^29-px world, its x unwrapped at ±180° (x = 0 and
    /// x = W are one meridian: `CheckSupport.unwrappedX`).
    static func project(_ implementation: any ZoomImplementation, _ latitude: Double, _ longitude: Double) throws
        -> PixelPoint
    {
        var pixel = try CheckSupport.project(implementation, Coordinate(latitude: latitude, longitude: longitude))
        pixel.x = CheckSupport.unwrappedX(pixel.x, longitude: longitude, world: CheckSupport.seedWorld)
        return pixel
    }

    /// How far a correct program may put `a` past `b` when the exact positions are in order
    /// and `gap` apart, each carrying `budget`: an order reversed is a broken contract, not a
    /// matter of pixels. A correct route's libm calls need not be monotonic to the last ulp, so
    /// its doubles may swap two positions within 2 × `budget` of each other; a whole pixel
    /// taken after that (round or floor, both monotonic) turns such a swap into at most one
    /// pixel, never more, and a swap of positions farther apart into none.
    static func orderSlack(gap: Double, budget: Double) -> Double {
        gap <= 2 * budget ? MapPixel.pixels + 2 * budget : 2 * budget
    }

    static let xIncreases = CatalogueProperty.define(
        "x-increases-with-longitude", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: "λ₁ ≤ λ₂ implies x(λ₁) ≤ x(λ₂) (x at 180° read as W, at −180° as 0: one meridian).",
        bound: """
            order, broken by at most two positions' budget (9.5e-7 px each), and by a whole pixel only between \
            positions within that of each other (a rounding of a swap of ulps)
            """, strata: { _ in Strata.Design.longitudes },
        generator: { _ in
            Gen.zip(CoordinateGen.longitude, CoordinateGen.longitude).map { ($0 < $1 ? $0 : $1, $0 < $1 ? $1 : $0) }
        }
    ) { implementation, pair, _ in
        let west = try project(implementation, 0, pair.0).x, east = try project(implementation, 0, pair.1).x
        let gap = (pair.1 - pair.0) / 360 * CheckSupport.seedWorld
        try ensure(
            west <= east + orderSlack(gap: gap, budget: CheckSupport.seedPositionBudget),
            "x(\(pair.0)) = \(NumberText.shortest(west)) > x(\(pair.1)) = \(NumberText.shortest(east))")
    }

    static let yDecreases = CatalogueProperty.define(
        "y-decreases-with-latitude", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: """
            φ₁ ≤ φ₂ implies y(φ₁) ≥ y(φ₂), the single-precision path included (y grows southward).
            """,
        bound: """
            order, broken by at most two rows' budget at the latitude (9.5e-7 px × (1 + 1/cos²φ) each), and by a \
            whole pixel only between rows within that of each other (a rounding of a swap of ulps)
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes },
        generator: { _ in
            // Half the pairs are close neighbours, where a non-monotonic rounding would show.
            Gen.frequency([
                (
                    weight: 1,
                    generator: Gen.zip(CoordinateGen.bandLatitude, CoordinateGen.bandLatitude).map {
                        (Swift.min($0, $1), Swift.max($0, $1))
                    }
                ),
                (
                    weight: 1,
                    generator: Gen.zip(CoordinateGen.bandLatitude, Gen.double(in: 0...1e-5)).map {
                        ($0, Swift.min(MercatorMath.latitudeLimit, $0 + $1))
                    }
                ),
            ])
        }
    ) { implementation, pair, _ in
        let south = try project(implementation, pair.0, 0).y, north = try project(implementation, pair.1, 0).y
        let budget = CheckSupport.seedRowBudget(atLatitude: Swift.max(abs(pair.0), abs(pair.1)))
        let gap = CheckSupport.exactSeedY(pair.0) - CheckSupport.exactSeedY(pair.1)
        try ensure(
            south + orderSlack(gap: gap, budget: budget) >= north,
            "y(\(pair.0)) = \(NumberText.shortest(south)) < y(\(pair.1)) = \(NumberText.shortest(north))")
    }

    /// Two whole pixels may each move a pixel the same way (round half up is not odd, nor is a
    /// floor: ⌊W/2 + d⌋ + ⌊W/2 − d⌋ − W = −1), and each side carries a position's budget.
    static let symmetry = Tolerance(
        .absolute(2 * MapPixel.pixels + 2 * CheckSupport.seedPositionBudget),
        because: """
            two whole pixels (1 px each, rounded or floored) plus two positions' budget (9.5e-7 px each)
            """)

    static let xOdd = CatalogueProperty.define(
        "x-odd-about-prime-meridian", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: "x(−λ) − W/2 = −(x(λ) − W/2) in the 2^29-px world.",
        bound: """
            2 px + 2 × 9.5e-7 px: each side may be a whole pixel, rounded or floored (neither is odd), plus each \
            side's budget
            """, strata: { _ in Strata.Design.longitudes.map { $0.scaled(2.0 / 3) } },
        generator: { _ in
            // A third of the cases sit exactly on half-pixel ties of the seed's x, where a
            // rounding that is not symmetric about W/2 would show.
            Gen.frequency([
                (weight: 2, generator: CoordinateGen.longitude),
                (
                    weight: 1,
                    generator: Gen.int(in: 0...1_000_000).map { pixels in
                        (Double(pixels) + 0.5) / SeedPort.mercatorRadius * 180 / Double.pi
                    }
                ),
            ])
        }
    ) { implementation, longitude, context in
        let east = try project(implementation, 0, longitude).x, west = try project(implementation, 0, -longitude).x
        let asymmetry = (east - CheckSupport.seedWorld / 2) + (west - CheckSupport.seedWorld / 2)
        try symmetry.require(
            asymmetry, near: 0, "x(λ) + x(−λ) − W = \(NumberText.shortest(asymmetry)) px", screenPoints: { $0 },
            in: context)
    }

    static let yOdd = CatalogueProperty.define(
        "y-odd-about-equator", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: "y(−φ) − W/2 = −(y(φ) − W/2) in the 2^29-px world, the single-precision path included.",
        bound: """
            2 px + 2 × the row budget (9.5e-7 px × (1 + 1/cos²φ)): each side may be a whole pixel, rounded or \
            floored, plus each side's budget
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes }, pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, context in
        let north = try project(implementation, latitude, 0).y, south = try project(implementation, -latitude, 0).y
        let asymmetry = (north - CheckSupport.seedWorld / 2) + (south - CheckSupport.seedWorld / 2)
        let rows = Tolerance(
            .absolute(2 * MapPixel.pixels + 2 * CheckSupport.seedRowBudget(atLatitude: latitude)),
            because: "two whole pixels (1 px each) plus two rows' budget at the latitude")
        try rows.require(
            asymmetry, near: 0, "y(φ) + y(−φ) − W = \(NumberText.shortest(asymmetry)) px", screenPoints: { $0 },
            in: context)
    }
}
