import Testing
import MercatorCore
@testable import ZoomPanels

/// Each control agrees with the corrected core on fixed inputs, within bounds that allow for
/// its route's rounding and nothing more.
@Suite("Controls agree with the corrected core") struct ControlPanelTests {
    static let core = WebMercator()
    static let names = ControlPanel.all.map(\.name)

    static let coordinates: [Coordinate] = [-85.0511, -85, -60, -30, -1e-9, 0, 1e-7, 12.5, 45, 60, 80, 85.05].flatMap {
        latitude in
        [-180, -179.99, -90, 0, 1e-9, 33.3, 179.999, 180].map { Coordinate(latitude: latitude, longitude: $0) }
    }
    static let centres = [
        Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 37.3, longitude: -122),
        Coordinate(latitude: -70, longitude: 179.5), Coordinate(latitude: 85, longitude: 10),
    ]
    static let viewports = [
        Viewport(widthInPoints: 320, heightInPoints: 480),
        Viewport(widthInPoints: 1024, heightInPoints: 768, pixelsPerPoint: 2),
    ]
    static let zooms: [Double] = [0, 1, 3, 7, 12, 17, 20, 25, 28]

    static let pixels = Tolerance(
        .absolute(2e-6),
        because: """
            px in a 2^29-px world: routes that cancel near 85° (1 − sin φ; asin of tanh ψ) lose about \
            1e-14 of ψ, \
            times W/2π ≈ 8.5e7 px; worst measured 1.6e-6 px (map points)
            """)
    static let degrees = Tolerance(
        .degrees(1e-13),
        because: "a few ulps of 85° or 180° (1.4e-14°, 2.8e-14°) per coordinate; worst measured 5.7e-14°")
    static let longitudeDelta = Tolerance.ulps(
        4,
        because: """
            a product of powers of two, 360 and at most 2πR and its inverse: a few roundings; worst \
            measured 1 ulp
            """)
    static let documentsLongitudeDelta = Tolerance(
        .relative(1e-7),
        because: """
            maxLng − minLng of two edges each within ulp(2^28) = 6e-8 zoom-20 px: at zoom 28 a 320-pt view \
            is 1.25 \
            zoom-20 px; measured 3.4e-8
            """)
    static let latitudeDelta = Tolerance(
        .degrees(2e-13),
        because: "a difference of two latitudes each within a few ulps of 85° (1.4e-14°); worst measured 8.5e-14°")
    static let zoom = Tolerance(
        .absolute(4e-15),
        because: """
            log2 of a ratio within a few ulps, or three logs of about 10 each within an ulp (1.8e-15); \
            worst measured \
            8.9e-16
            """)
    static let fitted = Tolerance(
        .degrees(1e-12),
        because: """
            the same midpoints and × 1.15 as the core; the arc's centre by another algorithm may round \
            differently by \
            an ulp of 180°
            """)

    static func control(_ name: String) -> any ZoomImplementation { ControlPanel.named(name)! }
    static func conventions(_ control: any ZoomImplementation) -> [ZoomConvention] {
        ZoomConvention.allCases.filter(control.capabilities.conventions.contains)
    }

    @Test("Controls have unique, plain names starting with control-") func uniqueNames() {
        #expect(Set(Self.names).count == Self.names.count)
        #expect(Self.names.count >= 6)
        for name in Self.names {
            #expect(name.hasPrefix("control-") && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
        }
    }

    @Test("project and unproject agree with the corrected core", arguments: names) func projection(_ name: String)
        throws
    {
        let control = Self.control(name), space = control.capabilities.pixelSpace
        for coordinate in Self.coordinates {
            let expected = try Self.core.project(coordinate, zoom: space.zoom, convention: space.convention)
            let observed = try control.project(coordinate, zoom: space.zoom, convention: space.convention)
            #expect(
                Self.pixels.check(observed.x, against: expected.x).passed,
                "x of \(coordinate): \(observed.x) vs \(expected.x)")
            #expect(
                Self.pixels.check(observed.y, against: expected.y).passed,
                "y of \(coordinate): \(observed.y) vs \(expected.y)")
            let back = try control.unproject(expected), coreBack = try Self.core.unproject(expected)
            #expect(Self.degrees.check(back.latitude, against: coreBack.latitude).passed, "latitude of \(expected)")
            #expect(Self.degrees.check(back.longitude, against: coreBack.longitude).passed, "longitude of \(expected)")
        }
    }

    @Test("Spans and zoom readings agree with the corrected core", arguments: names) func spansAndZoom(_ name: String)
        throws
    {
        let control = Self.control(name)
        let lonTolerance = control is DocumentsControl ? Self.documentsLongitudeDelta : Self.longitudeDelta
        for convention in Self.conventions(control) {
            for zoom in Self.zooms {
                for centre in Self.centres {
                    for viewport in Self.viewports {
                        let expected = try Self.core.region(
                            centeredAt: centre, zoom: zoom, viewport: viewport, convention: convention)
                        let observed = try control.region(
                            centeredAt: centre, zoom: zoom, viewport: viewport, convention: convention)
                        #expect(observed.center == centre && observed.isValid)
                        #expect(
                            lonTolerance.check(observed.span.longitudeDelta, against: expected.span.longitudeDelta)
                                .passed,
                            """
                            \(name) Δλ at zoom \(zoom) \(convention) \(centre): \(observed.span) \
                            vs \
                            \(expected.span)
                            """)
                        #expect(
                            Self.latitudeDelta.check(observed.span.latitudeDelta, against: expected.span.latitudeDelta)
                                .passed,
                            """
                            \(name) Δφ at zoom \(zoom) \(convention) \(centre): \(observed.span) \
                            vs \
                            \(expected.span)
                            """)
                        // A tall view, so that Leaflet's getBoundsZoom reads the longitude extent too.
                        let tall = Viewport(
                            widthInPoints: viewport.widthInPoints, heightInPoints: viewport.heightInPoints * 10)
                        let reading = try control.zoom(of: expected, viewport: tall, convention: convention)
                        let coreReading = try Self.core.zoom(of: expected, viewport: tall, convention: convention)
                        #expect(
                            Self.zoom.check(reading.zoom, against: coreReading.zoom).passed,
                            "\(name) reads \(reading), core \(coreReading)")
                        #expect(reading.level == coreReading.level, "\(name) reads \(reading), core \(coreReading)")
                    }
                }
            }
        }
    }

    @Test("Fits agree with the corrected core (with the control's own padding)", arguments: names) func fits(
        _ name: String
    ) throws {
        let control = Self.control(name)
        let padding =
            control.capabilities.fitPadding
            ?? Capabilities.FitPadding(
                factor: HalfAngleControl.padding.factor, minimumDelta: HalfAngleControl.padding.minimumDelta)
        let core = WebMercator(fitOptions: .init(padFactor: padding.factor, minimumDelta: padding.minimumDelta))
        let sets: [[Coordinate]] = [
            [Coordinate(latitude: 51.5, longitude: -0.12)],
            [Coordinate(latitude: 10, longitude: 20), Coordinate(latitude: 12, longitude: 25)],
            [Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 1, longitude: -179)],
            [
                Coordinate(latitude: -80, longitude: -90), Coordinate(latitude: 85, longitude: 90),
                Coordinate(latitude: 0, longitude: 0),
            ], [Coordinate(latitude: 89, longitude: 0), Coordinate(latitude: 90, longitude: 10)],
        ]
        for points in sets {
            let expected = try core.fit(points), observed = try control.fit(points)
            #expect(observed.isValid && points.allSatisfy { observed.contains($0, slack: 1e-12) })
            for (a, b) in [
                (observed.center.latitude, expected.center.latitude),
                (observed.center.longitude, expected.center.longitude),
                (observed.span.latitudeDelta, expected.span.latitudeDelta),
                (observed.span.longitudeDelta, expected.span.longitudeDelta),
            ] {
                #expect(
                    Self.fitted.check(a, against: b).passed, "\(name) fits \(points) as \(observed), core \(expected)")
            }
        }
    }

    @Test("Leaflet's getter reads the latitude extent when it is the one that binds") func leafletReadsLatitude() throws
    {
        let region = try Self.core.region(
            centeredAt: Coordinate(latitude: 60, longitude: 0), zoom: 5,
            viewport: Viewport(widthInPoints: 320, heightInPoints: 480), convention: .tile256)
        let wide = Viewport(widthInPoints: 3200, heightInPoints: 480)
        let leaflet = try LeafletControl().zoom(of: region, viewport: wide, convention: .tile256)
        let core = try Self.core.zoom(of: region, viewport: wide, convention: .tile256)
        #expect(core.level == 8)
        #expect(
            leaflet.level == 4, "the 480-pt height holds the region's latitude extent at zoom 5 − a little: \(leaflet)")
    }

    @Test("Bad input is refused with the protocol's codes, or the control's declared ones") func refusals() {
        func code(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch { return (error as? ProjectionError)?.code }
        }
        let view = Viewport(widthInPoints: 320, heightInPoints: 480)
        for control in ControlPanel.all where control.capabilities.badInput == .errorCodes {
            let convention = Self.conventions(control)[0]
            #expect(
                code {
                    _ = try control.project(Coordinate(latitude: .nan, longitude: 0), zoom: 20, convention: convention)
                } == "invalid-latitude")
            #expect(
                code {
                    _ = try control.region(
                        centeredAt: Coordinate(latitude: 0, longitude: 181), zoom: 3, viewport: view,
                        convention: convention)
                } == "invalid-longitude")
            #expect(
                code {
                    _ = try control.region(
                        centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: -1, viewport: view,
                        convention: convention)
                } == "invalid-zoom")
            #expect(code { _ = try control.fit([]) } == "empty-input")
        }
        #expect(
            code {
                _ = try HalfAngleControl().project(
                    Coordinate(latitude: 0, longitude: .infinity), zoom: 3, convention: .seed512)
            } == "invalid-latitude")
        #expect(
            code {
                _ = try MapPointControl().region(
                    centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 3.5, viewport: view, convention: .tile256)
            } == "unsupported")
        #expect(
            code {
                _ = try MapPointControl().region(
                    centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 3, viewport: view, convention: .seed512)
            } == "unsupported")
    }
}
