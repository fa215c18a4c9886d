import Testing
import TestSupport
@testable import MercatorCore

@Suite("Corrected projection: accuracy, round trips and typed errors") struct WebMercatorProjectionTests {
    let core = WebMercator()

    /// y = W/2 − Wψ/2π: ψ's ≤ 2 ulps plus the fused multiply-add's rounding. Near the top and
    /// bottom edges y is the difference of two numbers near W/2, so the absolute error is
    /// that of W/2's scale: the ulp scale is floored at W/2.
    static func yTolerance(world: Double) -> Tolerance {
        .ulps(3, floor: world / 2, because: "ψ within 3 ulps, one fma; scale floored at W/2 where y cancels")
    }

    @Test("y at zoom 20 matches mpmath in both conventions, a hair from the poles included", .tags(.accuracy))
    func yAccuracy() throws {
        var worst = 0.0
        for reference in MercatorReferenceValues.isometric where abs(reference.latitude) < 90 {
            let coordinate = Coordinate(latitude: reference.latitude, longitude: 0)
            for (convention, expected) in [
                (ZoomConvention.seed512, reference.ySeed512Zoom20), (.tile256, reference.yTile256Zoom20),
            ] {
                let y = try core.project(coordinate, zoom: 20, convention: convention).y
                let check = Self.yTolerance(world: convention.worldWidth(atZoom: 20)).check(y, against: expected)
                worst = max(worst, check.observedError)
                #expect(
                    check.passed,
                    "y(\(reference.latitude)) \(convention) = \(y), mpmath \(expected): \(check.observedError) ulps")
            }
        }
        print("worst y error: \(worst) ulps (scale floored at W/2)")
    }

    @Test("x matches mpmath at integer and fractional zooms", .tags(.accuracy)) func xAccuracy() throws {
        for reference in MercatorReferenceValues.longitudes {
            let coordinate = Coordinate(latitude: 0, longitude: reference.longitude)
            let x20 = try core.project(coordinate, zoom: 20, convention: .seed512).x
            let x13 = try core.project(coordinate, zoom: 13.5, convention: .tile256).x
            let tolerance = Tolerance.ulps(
                2, floor: 1, because: "one rounding in λ + 180, one in / 360, exp2 of a fraction ≤ 1 ulp")
            #expect(
                tolerance.check(x20, against: reference.xSeed512Zoom20).passed,
                "x(\(reference.longitude)) = \(x20), mpmath \(reference.xSeed512Zoom20)")
            #expect(
                tolerance.check(x13, against: reference.xTile256Zoom13_5).passed,
                "x(\(reference.longitude)) @13.5 = \(x13), mpmath \(reference.xTile256Zoom13_5)")
        }
    }

    @Test("The documented figures: world edges and centre at zoom 20 and zoom 0") func worldFigures() throws {
        let centre = try core.project(Coordinate(latitude: 0, longitude: 0), zoom: 20, convention: .seed512)
        #expect(centre.x == 268_435_456 && centre.y == 268_435_456)
        let east = try core.project(Coordinate(latitude: 0, longitude: 180), zoom: 20, convention: .seed512)
        #expect(east.x == 536_870_912)
        let tile = try core.project(Coordinate(latitude: 0, longitude: -180), zoom: 0, convention: .tile256)
        #expect(tile.x == 0 && tile.y == 128)
    }

    @Test(
        "project then unproject returns the coordinate within a few ulps",
        arguments: [
            (33.777328, -84.397348), (37.4419, -122.1419), (61.189556, -149.826082), (-33.8688, 151.2093), (0.0, 0.0),
            (85.0, 179.999), (-85.05, -180.0), (89.9999999, 12.0),
        ]) func roundTrip(latitude: Double, longitude: Double) throws
    {
        for convention in ZoomConvention.allCases {
            for zoom in [0.0, 13.5, 20, 28] {
                let pixel = try core.project(
                    Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, convention: convention)
                let back = try core.unproject(pixel)
                // Latitude: the y → φ map contracts errors (dφ/dy is small), but y itself
                // carries ≤ 2 ulps of W/2: at zoom 0 a pixel ulp is 2^-44 px ≈ 2e-11°, so a
                // bound of 1e-9° is ~50 ulps of latitude — the price of a rounded pixel.
                #expect(
                    abs(back.latitude - latitude) <= 1e-9, "\(convention) z\(zoom): \(back.latitude) vs \(latitude)")
                // Longitude: x carries a rounding at the scale of the whole world, i.e. of 180°
                // of longitude, and x − W/2 cancels near the prime meridian: ulps of 180°.
                #expect(
                    Tolerance.ulps(2, floor: 180, because: "x rounds at the world's scale (180°)").check(
                        back.longitude, against: longitude
                    ).passed, "\(convention) z\(zoom): \(back.longitude) vs \(longitude)")
            }
        }
    }

    @Test(
        "Bad input gets a typed error naming the value",
        arguments: [
            (Double.nan, 0.0, 20.0, "invalid-latitude"), (.infinity, 0, 20, "invalid-latitude"),
            (90, 0, 20, "invalid-latitude"), (-90, 0, 20, "invalid-latitude"), (91, 0, 20, "invalid-latitude"),
            (0, .nan, 20, "invalid-longitude"), (0, -.infinity, 20, "invalid-longitude"),
            (0, 180.00000000000003, 20, "invalid-longitude"), (0, 0, -1, "invalid-zoom"),
            (0, 0, 28.000000000000004, "invalid-zoom"), (0, 0, .nan, "invalid-zoom"), (0, 0, .infinity, "invalid-zoom"),
        ]) func projectErrors(latitude: Double, longitude: Double, zoom: Double, code: String)
    {
        do {
            _ = try core.project(Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, convention: .seed512)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            let named = [latitude, longitude, zoom].contains { error.message.contains(NumberText.shortest($0)) }
            #expect(named, "message should name the value: \(error.message)")
        }
    }

    @Test("unproject rejects x outside the world and non-finite y") func unprojectErrors() {
        #expect(throws: ProjectionError.self) {
            try core.unproject(PixelPoint(x: -1, y: 0, zoom: 20, convention: .seed512))
        }
        #expect(throws: ProjectionError.self) {
            try core.unproject(PixelPoint(x: 536_870_913, y: 0, zoom: 20, convention: .seed512))
        }
        #expect(throws: ProjectionError.self) {
            try core.unproject(PixelPoint(x: 0, y: .nan, zoom: 20, convention: .seed512))
        }
        #expect(throws: ProjectionError.self) {
            try core.unproject(PixelPoint(x: 0, y: 0, zoom: 29, convention: .seed512))
        }
        // Beyond the top edge is still a latitude (past 85.05°), not an error.
        #expect(
            (try? core.unproject(PixelPoint(x: 0, y: -1e6, zoom: 20, convention: .seed512)))?.latitude ?? 0
                > 85.0511287798066)
    }
}
