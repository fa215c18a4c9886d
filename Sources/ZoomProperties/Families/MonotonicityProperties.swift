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

    /// Order may be broken by no more than one position's budget: a correct route's libm
    /// calls need not be monotonic to the last ulp.
    static let orderSlack = CheckSupport.seedPositionBudget

    static let xIncreases = CatalogueProperty.define(
        "x-increases-with-longitude", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: "λ₁ ≤ λ₂ implies x(λ₁) ≤ x(λ₂) (x at 180° read as W, at −180° as 0: one meridian).",
        bound: """
            order, broken by at most the position budget (9.5e-7 px: rounding may merge or swap neighbours by ulps)
            """, strata: { _ in Strata.Design.longitudes },
        generator: { _ in
            Gen.zip(CoordinateGen.longitude, CoordinateGen.longitude).map { ($0 < $1 ? $0 : $1, $0 < $1 ? $1 : $0) }
        }
    ) { implementation, pair, _ in
        let west = try project(implementation, 0, pair.0).x, east = try project(implementation, 0, pair.1).x
        try ensure(
            west <= east + orderSlack,
            "x(\(pair.0)) = \(NumberText.shortest(west)) > x(\(pair.1)) = \(NumberText.shortest(east))")
    }

    static let yDecreases = CatalogueProperty.define(
        "y-decreases-with-latitude", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: """
            φ₁ ≤ φ₂ implies y(φ₁) ≥ y(φ₂), the single-precision path included (y grows southward).
            """, bound: "order, broken by at most the row budget at the latitude (9.5e-7 px × (1 + 1/cos²φ))",
        coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
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
        let slack = CheckSupport.seedRowBudget(atLatitude: Swift.max(abs(pair.0), abs(pair.1)))
        try ensure(
            south + slack >= north,
            "y(\(pair.0)) = \(NumberText.shortest(south)) < y(\(pair.1)) = \(NumberText.shortest(north))")
    }

    /// Two rounded pixels may each move 0.5 px the same way (round half up is not odd), and
    /// each side carries a position's budget.
    static let symmetry = Tolerance(
        .absolute(1 + 2 * CheckSupport.seedPositionBudget),
        because: """
            two rounded pixels (0.5 px each) plus two positions' budget (9.5e-7 px each)
            """)

    static let xOdd = CatalogueProperty.define(
        "x-odd-about-prime-meridian", .monotonicityAndSymmetry, .defect, operations: [.project],
        statement: "x(−λ) − W/2 = −(x(λ) − W/2) in the 2^29-px world.",
        bound: """
            1 px + 2 × 9.5e-7 px: each side may be rounded to a whole pixel (round half up is not odd at ties), plus \
            each side's budget
            """, strata: { _ in Strata.Design.longitudes.map { $0.scaled(2.0 / 3, "2/3, the longitude branch") } },
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
            1 px + 2 × the row budget (9.5e-7 px × (1 + 1/cos²φ)): each side may be rounded to a whole pixel, plus \
            each side's budget
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes }, pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, context in
        let north = try project(implementation, latitude, 0).y, south = try project(implementation, -latitude, 0).y
        let asymmetry = (north - CheckSupport.seedWorld / 2) + (south - CheckSupport.seedWorld / 2)
        let rows = Tolerance(
            .absolute(1 + 2 * CheckSupport.seedRowBudget(atLatitude: latitude)),
            because: "two rounded pixels (0.5 px each) plus two rows' budget at the latitude")
        try rows.require(
            asymmetry, near: 0, "y(φ) + y(−φ) − W = \(NumberText.shortest(asymmetry)) px", screenPoints: { $0 },
            in: context)
    }
}
