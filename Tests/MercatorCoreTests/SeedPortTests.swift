import Testing
import TestSupport
@testable import MercatorCore

/// The seed port against an independent step-by-step evaluation of the documents' C code
/// (`Reference/seed_reference.py`: Python doubles, numpy float32 arithmetic, the platform's
/// `sinf`/`logf` through ctypes, C `round`). Printed values are pasted from that script.
@Suite("Seed port reproduces the documents' code") struct SeedPortTests {
    let seed = SeedPort()

    @Test(
        "Pixel x of the documents' longitudes",
        arguments: [
            (0.0, 268_435_456.0), (180, 536_870_912), (-180, 0), (-84.397348, 142_573_008), (-149.826082, 44_998_608),
        ]) func pixelX(longitude: Double, expected: Double)
    { #expect(SeedPort.longitudeToPixelSpaceX(longitude) == expected) }

    /// The latitude path goes through ZoomCheck's correctly rounded `sinf`/`logf`
    /// (`FloatLibm.portable`), so these values hold on every platform; the reference script
    /// computed them with glibc's, which agrees with the correctly rounded pair at these five.
    @Test(
        "Pixel y of the documents' latitudes through the single-precision path",
        arguments: [
            (0.0, 268_435_456.0), (33.777328, 214_863_041), (61.189556, 152_293_499), (85, 879_098),
            (-33.777328, 322_007_871),
        ]) func pixelY(latitude: Double, expected: Double)
    { #expect(SeedPort.latitudeToPixelSpaceY(latitude) == expected) }

    @Test("sinf rounds to 1 near the pole, so y is −∞ from about 89.99° on and +∞ at −90°", .tags(.finding))
    func poleInfinities() {
        #expect(SeedPort.latitudeToPixelSpaceY(89.99) == -.infinity)
        #expect(SeedPort.latitudeToPixelSpaceY(90) == -.infinity)
        #expect(SeedPort.latitudeToPixelSpaceY(-90) == .infinity)
        #expect(SeedPort.latitudeToPixelSpaceY(.nan).isNaN)
    }

    @Test("Georgia Tech at zoom 14 on the 320×460 phone (002, 'Test the Code')") func georgiaTech() throws {
        let region = try seed.region(
            centeredAt: Coordinate(latitude: 33.777328, longitude: -84.397348), zoom: 14,
            viewport: SharedInputs.documentsPhone, convention: .seed512)
        #expect(region.span.latitudeDelta == 0.016408857201462013)
        #expect(region.span.longitudeDelta == 0.01373291015625)
        #expect(region.isValid)
    }

    @Test("Zoom 0 on a phone reaches past the north pole; zoom 1 does too for Georgia Tech", .tags(.finding))
    func zoomZeroInvalid() throws {
        let phone = SharedInputs.documentsPhone
        let centre = Coordinate(latitude: 33.777328, longitude: -84.397348)
        let zero = try seed.region(centeredAt: centre, zoom: 0, viewport: phone, convention: .seed512)
        #expect(zero.span.longitudeDelta == 225)
        #expect(zero.span.latitudeDelta == 163.66014119680412)
        #expect(zero.violations == [.reachesPastNorthPole])
        let one = try seed.region(centeredAt: centre, zoom: 1, viewport: phone, convention: .seed512)
        #expect(one.span.latitudeDelta == 116.08888120215329)
        #expect(one.violations == [.reachesPastNorthPole])
    }

    @Test("The commenter's recomputation: Anchorage at zoom 17 on 1280×1840 (001, comment 25)")
    func anchorageRecomputation() throws {
        let region = try seed.region(
            centeredAt: Coordinate(latitude: 61.189556, longitude: -149.826082), zoom: 17,
            viewport: Viewport(widthInPoints: 1280, heightInPoints: 1840), convention: .seed512)
        #expect(region.span.latitudeDelta == 0.004756740285827732)
        #expect(region.span.longitudeDelta == 0.006866455078153422)
    }

    @Test("Zoom levels: −1 wraps to 2^64 − 1 and clamps to 28; 13.7 truncates to 13; NaN is an error")
    func unsignedZoom() throws {
        #expect(try SeedPort.zoomLevel(fromProtocolZoom: -1) == UInt.max)
        #expect(try SeedPort.zoomLevel(fromProtocolZoom: 13.7) == 13)
        #expect(try SeedPort.zoomLevel(fromProtocolZoom: -0.5) == 0)
        #expect(throws: ProjectionError.self) { try SeedPort.zoomLevel(fromProtocolZoom: .nan) }
        #expect(throws: ProjectionError.self) { try SeedPort.zoomLevel(fromProtocolZoom: -1.5) }
        // Whole numbers beyond what NSUInteger or NSInteger hold: undefined in C, an error here
        // (not a trap: every double ≥ 2^53 is a whole number).
        for zoom in [18_446_744_073_709_551_616.0, 1e30, 1e300, -9_223_372_036_854_777_856.0] {
            #expect(throws: ProjectionError.self, "\(zoom)") { try SeedPort.zoomLevel(fromProtocolZoom: zoom) }
        }
        #expect(try SeedPort.zoomLevel(fromProtocolZoom: 18_446_744_073_709_549_568) == 18_446_744_073_709_549_568)
        #expect(try SeedPort.zoomLevel(fromProtocolZoom: -9_223_372_036_854_775_808) == 9_223_372_036_854_775_808)
        let phone = SharedInputs.documentsPhone
        let centre = Coordinate(latitude: 10, longitude: 10)
        let minusOne = try seed.region(centeredAt: centre, zoom: -1, viewport: phone, convention: .seed512)
        let twentyEight = try seed.region(centeredAt: centre, zoom: 28, viewport: phone, convention: .seed512)
        let thirty = try seed.region(centeredAt: centre, zoom: 30, viewport: phone, convention: .seed512)
        #expect(minusOne == twentyEight && thirty == twentyEight)
    }

    @Test("The getter reads one level more than the setter set: the hidden × 2 (002, comment 8)", .tags(.finding))
    func getterOffByOne() throws {
        let phone = SharedInputs.documentsPhone
        let region = try seed.region(
            centeredAt: Coordinate(latitude: 33.777328, longitude: -84.397348), zoom: 14, viewport: phone,
            convention: .seed512)
        let reading = try seed.zoom(of: region, viewport: phone, convention: .seed512)
        #expect(reading.level == 15)
        #expect(reading.zoom == 15)
        // The commenter's 1280-pt span reads 18 through the × 2 getter (17 without it).
        let commenter = Region(
            center: Coordinate(latitude: 61.189556, longitude: -149.826082),
            span: Span(latitudeDelta: 0.00475692749023438, longitudeDelta: 0.006866455078125))
        #expect(
            try seed.zoom(
                of: commenter, viewport: Viewport(widthInPoints: 1280, heightInPoints: 1840), convention: .seed512
            ).level == 18)
        // (int) of +∞ is undefined behaviour in C: a typed error, not a trap.
        let empty = Region(
            center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 0, longitudeDelta: 0))
        #expect(throws: ProjectionError.self) { try seed.zoom(of: empty, viewport: phone, convention: .seed512) }
    }

    @Test("'21 − zoomLevel' shows at z what the original shows at z − 1 (001, comment 17)") func zoomExponent21() throws
    {
        let phone = SharedInputs.documentsPhone
        let centre = Coordinate(latitude: 33.777328, longitude: -84.397348)
        let proposed = try SeedPort(variant: .zoomExponent21).region(
            centeredAt: centre, zoom: 14, viewport: phone, convention: .tile256)
        let original = try seed.region(centeredAt: centre, zoom: 13, viewport: phone, convention: .seed512)
        #expect(proposed == original)
        #expect(proposed.span.latitudeDelta == 0.0328177142169892)
        #expect(proposed.span.longitudeDelta == 0.02746582031251421)
    }

    @Test("The map-point variant is invalid at zoom 0 and 1 on a phone (001, comments 20–22)", .tags(.finding))
    func mapPointVariant() throws {
        let variant = SeedPort(variant: .mapPointSpan)
        let phone = SharedInputs.documentsPhone
        let centre = Coordinate(latitude: 33.777328, longitude: -84.397348)
        let zero = try variant.region(centeredAt: centre, zoom: 0, viewport: phone, convention: .tile256)
        #expect(zero.span.longitudeDelta == 450)
        #expect(!zero.isValid)
        #expect(!(try variant.region(centeredAt: centre, zoom: 1, viewport: phone, convention: .tile256)).isValid)
        // At Georgia Tech zoom 2 still reaches past the pole (it is the original's zoom 1); zoom 3 is valid.
        #expect(!(try variant.region(centeredAt: centre, zoom: 2, viewport: phone, convention: .tile256)).isValid)
        #expect(try variant.region(centeredAt: centre, zoom: 3, viewport: phone, convention: .tile256).isValid)
    }

    @Test(
        """
        Two pins a few degrees apart across ±180° fit as the whole world, centred on the prime meridian (004, \
        comment 2)
        """, .tags(.finding)) func antimeridianFit() throws
    {
        let region = try seed.fit([Coordinate(latitude: 10, longitude: 179), Coordinate(latitude: 12, longitude: -179)])
        #expect(region.span.longitudeDelta == 360)
        #expect(abs(region.center.longitude) < 1e-9)
    }

    @Test(
        "Fit: one annotation gets 0.014°; none is an error; far-apart polar points exceed 180° of latitude",
        .tags(.finding)) func fitEdgeCases() throws
    {
        let one = try seed.fit([Coordinate(latitude: 51.5, longitude: -0.12)])
        #expect(one.span == Span(latitudeDelta: 0.014, longitudeDelta: 0.014))
        #expect(throws: ProjectionError.emptyInput("no annotations: the original returns without setting a region")) {
            try seed.fit([])
        }
        let polar = try seed.fit([Coordinate(latitude: 84, longitude: 0), Coordinate(latitude: -84, longitude: 1)])
        #expect(polar.span.latitudeDelta > 180)
        #expect(polar.violations.contains(.latitudeDeltaOutOfRange))
    }

    @Test("Seed projections exist only at zoom 20 in seed512") func unsupported() {
        #expect(throws: ProjectionError.self) {
            try seed.project(Coordinate(latitude: 0, longitude: 0), zoom: 19, convention: .seed512)
        }
        #expect(throws: ProjectionError.self) {
            try seed.project(Coordinate(latitude: 0, longitude: 0), zoom: 20, convention: .tile256)
        }
        #expect(throws: ProjectionError.self) {
            try seed.region(
                centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 3,
                viewport: Viewport(widthInPoints: 1, heightInPoints: 1), convention: .tile256)
        }
    }
}
