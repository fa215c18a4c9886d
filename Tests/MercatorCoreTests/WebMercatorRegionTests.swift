import Testing
@testable import MercatorCore

@Suite("Corrected spans, zoom readings and fits") struct WebMercatorRegionTests {
    let core = WebMercator()
    let phone = Viewport(widthInPoints: 320, heightInPoints: 460, pixelsPerPoint: 2)

    @Test("Longitude span is 360 · width / W exactly at integer zooms, and halves per level") func longitudeSpan()
        throws
    {
        let centre = Coordinate(latitude: 33.777328, longitude: -84.397348)
        let z14 = try core.region(centeredAt: centre, zoom: 14, viewport: phone, convention: .seed512)
        // 320 · 360 / (512 · 2^14) = 0.01373291015625 exactly (a power-of-two division).
        #expect(z14.span.longitudeDelta == 0.01373291015625)
        let z15 = try core.region(centeredAt: centre, zoom: 15, viewport: phone, convention: .seed512)
        #expect(z15.span.longitudeDelta * 2 == z14.span.longitudeDelta)
        // seed512 z equals tile256 z + 1.
        let tile = try core.region(centeredAt: centre, zoom: 15, viewport: phone, convention: .tile256)
        #expect(tile == z14)
    }

    @Test("Every region is valid, zoom 0 and the Mercator limit included", arguments: [0.0, 0.5, 1, 2, 28])
    func alwaysValid(zoom: Double) throws {
        for latitude in [0, 33.777328, -61.2, 85.05112877980659, -85.05112877980659, 84.9] {
            for viewport in [
                phone, Viewport(widthInPoints: 4096, heightInPoints: 4096),
                Viewport(widthInPoints: 1, heightInPoints: 1),
            ] {
                for convention in ZoomConvention.allCases {
                    let region = try core.region(
                        centeredAt: Coordinate(latitude: latitude, longitude: 179.5), zoom: zoom, viewport: viewport,
                        convention: convention)
                    #expect(region.isValid, "\(region) at zoom \(zoom) \(convention) \(viewport): \(region.violations)")
                }
            }
        }
    }

    @Test("A viewport wider than the world shows 360° of longitude, not more") func longitudeClamp() throws {
        let region = try core.region(
            centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 0,
            viewport: Viewport(widthInPoints: 1024, heightInPoints: 100), convention: .seed512)
        #expect(region.span.longitudeDelta == 360)
    }

    @Test(
        "Span errors name the value",
        arguments: [
            (86.0, 0.0, 3.0, 320.0, 460.0, "invalid-latitude"), (0, 181, 3, 320, 460, "invalid-longitude"),
            (0, 0, 29, 320, 460, "invalid-zoom"), (0, 0, -0.5, 320, 460, "invalid-zoom"),
            (0, 0, 3, 0, 460, "invalid-viewport"), (0, 0, 3, 320, -1, "invalid-viewport"),
            (0, 0, 3, .infinity, 460, "invalid-viewport"),
        ]) func spanErrors(
            latitude: Double, longitude: Double, zoom: Double, width: Double, height: Double, code: String
        )
    {
        do {
            _ = try core.region(
                centeredAt: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom,
                viewport: Viewport(widthInPoints: width, heightInPoints: height), convention: .seed512)
            Issue.record("expected \(code)")
        } catch { #expect(error.code == code, "\(error)") }
    }

    @Test(
        "zoom → span → zoom returns the zoom, integer and fractional, and the level fits",
        arguments: [0.0, 1, 3.25, 14, 17.9, 20, 27.5, 28]) func zoomRoundTrip(zoom: Double) throws
    {
        for viewport in [
            phone, Viewport(widthInPoints: 1280, heightInPoints: 1840),
            Viewport(widthInPoints: 4096, heightInPoints: 10),
        ] {
            for convention in ZoomConvention.allCases {
                let region = try core.region(
                    centeredAt: Coordinate(latitude: 12, longitude: 34), zoom: zoom, viewport: viewport,
                    convention: convention)
                // clamped: the world is narrower than the view
                guard region.span.longitudeDelta < 360 else { continue }
                let reading = try core.zoom(of: region, viewport: viewport, convention: convention)
                // log2 of a ratio with one rounding: |Δz| ≤ 1.6e-16 absolute, within 2 ulps of 1 at low zoom.
                #expect(
                    Tolerance.ulps(2, floor: 1, because: "one rounding in the ratio").check(reading.zoom, against: zoom)
                        .passed, "\(reading) vs \(zoom)")
                #expect(reading.level == Int(zoom.rounded(.down)))
            }
        }
    }

    @Test("The commenter's span reads zoom 17 on a 1280-pt view in seed512, and 18 in tile256") func commenterZoom()
        throws
    {
        let region = Region(
            center: Coordinate(latitude: 61.189556, longitude: -149.826082),
            span: Span(latitudeDelta: 0.00475692749023438, longitudeDelta: 0.006866455078125))
        let viewport = Viewport(widthInPoints: 1280, heightInPoints: 1840)
        #expect(try core.zoom(of: region, viewport: viewport, convention: .seed512) == ZoomReading(zoom: 17, level: 17))
        #expect(try core.zoom(of: region, viewport: viewport, convention: .tile256) == ZoomReading(zoom: 18, level: 18))
    }

    @Test("Zoom readings reject invalid and empty spans") func zoomErrors() {
        let viewport = Viewport(widthInPoints: 320, heightInPoints: 460)
        for span in [
            Span(latitudeDelta: 1, longitudeDelta: 0), Span(latitudeDelta: 1, longitudeDelta: 361),
            Span(latitudeDelta: 1, longitudeDelta: .nan), Span(latitudeDelta: -1, longitudeDelta: 1),
        ] {
            #expect(throws: ProjectionError.self) {
                try core.zoom(
                    of: Region(center: Coordinate(latitude: 0, longitude: 0), span: span), viewport: viewport,
                    convention: .seed512)
            }
        }
    }

    @Test("Fit takes the short way across the antimeridian and centres on it") func antimeridianFit() throws {
        let region = try core.fit([Coordinate(latitude: 10, longitude: 179), Coordinate(latitude: 12, longitude: -179)])
        #expect(abs(abs(region.center.longitude) - 180) < 1e-12)
        #expect(abs(region.span.longitudeDelta - 2 * 1.15) < 1e-12)
        #expect(region.center.latitude == 11)
        #expect(region.isValid)
    }

    @Test("Fit never reaches past a pole, and covers polar points") func polarFit() throws {
        let region = try core.fit([
            Coordinate(latitude: 89.5, longitude: 0), Coordinate(latitude: 80, longitude: 90),
            Coordinate(latitude: 90, longitude: -45),
        ])
        #expect(region.isValid)
        #expect(region.northEdge <= 90 && region.southEdge <= 80)
        let wide = try core.fit([Coordinate(latitude: 84, longitude: 0), Coordinate(latitude: -84, longitude: 1)])
        #expect(wide.isValid && wide.span.latitudeDelta <= 180)
    }

    @Test("Fit errors: no points, and a bad point named by index") func fitErrors() {
        #expect(throws: ProjectionError.emptyInput("fit needs at least one point")) { try core.fit([]) }
        #expect(throws: ProjectionError.invalidLatitude("latitude of point 1 91 is outside -90...90")) {
            try core.fit([Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 91, longitude: 0)])
        }
        #expect(throws: ProjectionError.self) { try core.fit([Coordinate(latitude: 0, longitude: .nan)]) }
    }

    @Test(
        "The shortest arc of longitudes",
        arguments: [
            ([179.0, -179.0], 2.0, 180.0), ([-10.0, 10.0], 20, 0), ([0.0, 120, -120], 240, 0), ([5.0], 0, 5),
            ([-180.0, 180.0], 0, 180),
        ] as [([Double], Double, Double)]) func shortestArc(longitudes: [Double], length: Double, center: Double)
    {
        let arc = WebMercator.shortestLongitudeArc(longitudes)
        #expect(abs(arc.length - length) < 1e-12)
        #expect(abs(arc.center - center) < 1e-12 || abs(abs(arc.center) - 180) < 1e-12 && abs(center) == 180)
    }
}
