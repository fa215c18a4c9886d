import MercatorCore
import PropertyCheck

/// Family 3: the latitude path against the exact y, in seed512 pixels at zoom 20. Defects:
/// the one-pixel bound is met by any double-precision route; the envelope, looser still,
/// guards the seed port's single-precision error from growing.
enum SinglePrecisionProperties {
    static let all: [CatalogueProperty] = [withinOnePixel, withinEnvelope]

    /// |y(φ) − exact y(φ)| in seed512 px at zoom 20.
    static func error(_ implementation: any ZoomImplementation, _ latitude: Double) throws -> Double {
        let pixel = try CheckSupport.project(implementation, Coordinate(latitude: latitude, longitude: 0))
        return abs(pixel.y - CheckSupport.exactSeedY(latitude))
    }

    static let withinOnePixel = CatalogueProperty.define(
        "y-within-one-pixel", .singlePrecision, .defect, operations: [.project],
        statement: "y(φ) is within 1 px of the exact Mercator y at zoom 20.",
        bound: "1 px at zoom 20 seed512: 0.5 px for a rounded pixel, the rest far above the position budget (9.5e-7 px) any double route meets",
        coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, _ in
        let error = try error(implementation, latitude)
        try ensure(error <= 1, "y is \(CheckSupport.short(error)) px from the exact value")
    }

    /// The measured worst error per 5° band (`SinglePrecisionSurvey`, step 0.0001°, glibc's
    /// sinf/logf when measured; the correctly rounded pair stays within it), times 1.25: room
    /// for `--libm platform` with a libm whose `logf`/`sinf` differ by an ulp (one ulp of
    /// `logf` is worth up to 20.4 px; one of `sinf` up to 693 px near 85°, where the band
    /// maxima of 387 and 390 px leave 97 px of room).
    static let envelopeByBand: [Double] = [5.53, 6.15, 7.15, 9.22, 8.98, 11.52, 11.52, 12.62, 14.14, 16.05, 19.42, 25.38, 30.35, 41.23, 63.13, 119.08, 387.05, 390.29]
        .map { $0 * 1.25 }

    static let withinEnvelope = CatalogueProperty.define(
        "y-error-within-measured-envelope", .singlePrecision, .defect, operations: [.project],
        statement: "|y(φ) − exact y(φ)| at zoom 20 stays within the single-precision envelope measured for the seed: from 6.9 px near the equator to 488 px at the Mercator limit.",
        bound: "per 5° band: the measured worst error × 1.25 (room for a few ulps of another libm's logf/sinf)",
        coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, _ in
        let error = try error(implementation, latitude)
        let bound = envelopeByBand[Swift.min(envelopeByBand.count - 1, Int(abs(latitude) / 5))]
        try ensure(error <= bound, "y is \(CheckSupport.short(error)) px from exact, over the band's \(CheckSupport.short(bound)) px")
    }
}
