import Testing
@testable import MercatorCore

@Suite("Constants, world sizes and conventions") struct ConstantsAndConventionsTests {
    @Test("MERCATOR_OFFSET is 268,435,456 = 2^28, half the seed's zoom-20 world") func offset() {
        #expect(SeedPort.mercatorOffset == 268_435_456)
        #expect(SeedPort.mercatorOffset == Double(1 << 28))
        #expect(ZoomConvention.seed512.worldWidth(atZoom: 20) == 2 * SeedPort.mercatorOffset)
    }

    @Test("MERCATOR_RADIUS as printed is 2^28/π rounded to the nearest double") func radius() {
        #expect(SeedPort.mercatorRadius == 268_435_456 / Double.pi)
        // And the product RADIUS · π rounds back to the offset.
        #expect(SeedPort.mercatorRadius * Double.pi == SeedPort.mercatorOffset)
    }

    @Test("The two worlds at zoom 20: 536,870,912 (seed512) and 268,435,456 (tile256, MKMapSizeWorld)") func worlds() {
        #expect(ZoomConvention.seed512.worldWidth(atZoom: 20) == 536_870_912)
        #expect(ZoomConvention.tile256.worldWidth(atZoom: 20) == 268_435_456)
        #expect(MapKitGeometry.worldWidth == ZoomConvention.tile256.worldWidth(atZoom: 20))
        #expect(ZoomConvention.tile256.worldWidth(atZoom: 0) == 256)
        #expect(ZoomConvention.tile256.worldWidth(atZoom: 1) == 512)
    }

    @Test("seed512 zoom z is tile256 zoom z + 1, exactly", arguments: [0.0, 1, 13, 19.75, 27]) func equivalence(
        zoom: Double
    ) {
        let tile = ZoomConvention.seed512.equivalentZoom(zoom, in: .tile256)
        #expect(tile == zoom + 1)
        #expect(ZoomConvention.tile256.equivalentZoom(tile, in: .seed512) == zoom)
        #expect(ZoomConvention.seed512.worldWidth(atZoom: zoom) == ZoomConvention.tile256.worldWidth(atZoom: tile))
    }

    /// MapKit's conversion is modelled exactly (double-double, rounded once), so doubling the
    /// world doubles it bit for bit; the corrected core computes the same row through the
    /// platform's libm, within its budget of a few ulps (`MercatorMathTests`).
    @Test("Map points are half of seed pixels at zoom 20") func mapPointFactorTwo() throws {
        for coordinate in [
            Coordinate(latitude: 33.777328, longitude: -84.397348), Coordinate(latitude: -60, longitude: 170),
        ] {
            let point = MapKitGeometry.mapPoint(for: coordinate)
            let pixel = try WebMercator().project(coordinate, zoom: 20, convention: .seed512)
            #expect(pixel.x == 2 * point.x)
            #expect(AccurateMercator.y(latitude: coordinate.latitude, world: 0x1p29) == 2 * point.y)
            #expect(abs(pixel.y - 2 * point.y) <= 4 * pixel.y.ulp, "\(pixel.y) against \(2 * point.y)")
        }
    }

    @Test("Region for a map rect and the 180th-meridian test") func mapRects() {
        let world = MapRect(
            origin: MapPoint(x: 0, y: 0),
            size: MapSize(width: MapKitGeometry.worldWidth, height: MapKitGeometry.worldWidth))
        let region = MapKitGeometry.region(for: world)
        #expect(region.span.longitudeDelta == 360)
        #expect(abs(region.span.latitudeDelta - 2 * MercatorMath.latitudeLimit) < 1e-12)
        #expect(!MapKitGeometry.spans180thMeridian(world))
        let straddling = MapRect(
            origin: MapPoint(x: MapKitGeometry.worldWidth - 10, y: 0), size: MapSize(width: 20, height: 20))
        #expect(MapKitGeometry.spans180thMeridian(straddling))
    }

    @Test(
        "Shortest number text round-trips bit for bit",
        arguments: [
            0.0, -0.0, 268_435_456, 0.014, 1e-300, -1.5, 85.05112877980659, 1e300, Double.leastNonzeroMagnitude,
        ]) func numberText(value: Double)
    {
        let text = NumberText.shortest(value)
        #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
        #expect(NumberText.shortest(268_435_456) == "268435456")
        #expect(NumberText.shortest(.nan) == "nan" && NumberText.shortest(-.infinity) == "-inf")
    }

    @Test("Tolerances settle sign, NaN and infinity before measuring") func tolerances() {
        let exact = Tolerance.exact()
        #expect(!exact.check(-0.0, against: 0.0).passed)
        #expect(exact.check(.nan, against: .nan).passed)
        #expect(!Tolerance.ulps(1e9, because: "huge").check(.infinity, against: 1e308).passed)
        #expect(Tolerance.ulps(1, because: "one rounding").check(1.0.nextUp, against: 1).observedError == 1)
        #expect(
            Tolerance(.pixels(1, atZoom: 20, convention: .seed512), because: "one round()").check(
                180.0 / 536_870_912 * 3, against: 0
            ).observedError == 1.5)
    }

    @Test("Region validity names each broken rule") func validity() {
        let region = Region(
            center: Coordinate(latitude: 80, longitude: 190), span: Span(latitudeDelta: 30, longitudeDelta: 400))
        #expect(region.violations == [.centerLongitudeOutOfRange, .longitudeDeltaOutOfRange, .reachesPastNorthPole])
        #expect(
            Region(center: Coordinate(latitude: .nan, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: 1))
                .violations == [.notFinite])
        #expect(
            Region(center: Coordinate(latitude: -90, longitude: 180), span: Span(latitudeDelta: 0, longitudeDelta: 360))
                .isValid)
    }
}
