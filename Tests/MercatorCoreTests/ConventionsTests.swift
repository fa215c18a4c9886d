import MercatorCore
import Testing

/// ZoomCheck's conventions as public values (`MercatorCore/Conventions/`), and a user's route
/// (`OwnRoute`) that reuses them answering as the corrected core does.
@Suite("Conventions") struct ConventionsTests {
    static let latitudes: [Double] = [
        0, 1e-300, 33.777328, -45, 60.000000000000014, MercatorMath.latitudeLimit, 89.999999, -89.99999999999999, 90,
        -90,
    ]

    @Test("The pole limit keeps centre ± delta / 2 within ±90 and is the room between centre and pole, to 2 ulps")
    func poleLimit() {
        for latitude in Self.latitudes {
            let delta = PoleLimit.delta(centeredAt: latitude)
            let room = Swift.min(180, PoleLimit.room(centeredAt: latitude))
            #expect(latitude + delta / 2 <= 90 && latitude - delta / 2 >= -90, "\(latitude)")
            // The ulp steps only undo the rounding of `latitude ± delta / 2`: at most 2 ulps of the room.
            #expect(delta <= room && room - delta <= 2 * room.ulp, "\(latitude): \(delta) vs room \(room)")
            #expect(PoleLimit.clamp(-1, centeredAt: latitude) == 0)
            #expect(PoleLimit.clamp(200, centeredAt: latitude) == delta)
        }
        #expect(PoleLimit.room(centeredAt: 45) == 90)
        #expect(PoleLimit.delta(centeredAt: 90) == 0)
    }

    @Test("The fitting level is the largest level whose span holds, whatever the starting guess") func fittingLevel() {
        for guess in [16.3, 17, 17.999999999999996, 30, -5, .nan] {
            #expect(FittingLevel.largest(near: guess) { $0 <= 17 } == 17, "\(guess)")
        }
        #expect(FittingLevel.largest(near: 12) { _ in false } == FittingLevel.lowest)
        #expect(FittingLevel.largest(near: 12) { _ in true } == FittingLevel.highest)
        #expect(FittingLevel.lowest == 0 && FittingLevel.highest == 28)
    }

    @Test("The documents' fit padding is × 1.15, at least 0.014°, capped by the limit given") func fitPadding() {
        let padding = Capabilities.FitPadding.documents
        #expect(padding == Capabilities.FitPadding(factor: 1.15, minimumDelta: 0.014))
        #expect(
            padding
                == Capabilities.FitPadding(
                    factor: SeedPort.annotationRegionPadFactor, minimumDelta: SeedPort.minimumZoomArc))
        #expect(padding.paddedDelta(0, atMost: 360) == 0.014)
        #expect(padding.paddedDelta(10, atMost: 360) == 1.15 * 10)
        #expect(padding.paddedDelta(400, atMost: 360) == 360)
        #expect(padding.paddedDelta(10, atMost: .nan).isNaN)
        #expect(WebMercator().fitOptions.padding == padding)
    }

    @Test("The input policy refuses each impossible input with the code PROTOCOL.md names") func inputPolicy() {
        func code(_ check: () throws -> Void) -> String? { Self.error(check)?.code }
        #expect(code { try InputPolicy.checkProjectable(Coordinate(latitude: 90, longitude: 0)) } == "invalid-latitude")
        #expect(
            code { try InputPolicy.checkProjectable(Coordinate(latitude: 0, longitude: 181)) } == "invalid-longitude")
        #expect(code { try InputPolicy.checkCentre(Coordinate(latitude: 85.06, longitude: 0)) } == "invalid-latitude")
        #expect(
            code { try InputPolicy.checkCentre(Coordinate(latitude: MercatorMath.latitudeLimit, longitude: 0)) } == nil)
        #expect(code { try InputPolicy.checkZoom(28.000000000000004) } == "invalid-zoom")
        #expect(code { try InputPolicy.checkZoom(.nan) } == "invalid-zoom")
        #expect(
            code { try InputPolicy.checkViewport(Viewport(widthInPoints: 0, heightInPoints: 1)) } == "invalid-viewport")
        #expect(
            code {
                try InputPolicy.checkReadable(
                    Region(
                        center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: 0)))
            } == "invalid-span")
        #expect(code { try InputPolicy.checkFitPoints([]) } == "empty-input")
        #expect(code { try InputPolicy.checkFitPoints([Coordinate(latitude: 90, longitude: 180)]) } == nil)
        #expect(
            code { try InputPolicy.checkPixel(PixelPoint(x: -1, y: 0, zoom: 0, convention: .tile256)) }
                == "invalid-longitude")
    }

    static let centres = [
        Coordinate(latitude: 33.777328, longitude: -84.397348), Coordinate(latitude: 0, longitude: 0),
        Coordinate(latitude: MercatorMath.latitudeLimit, longitude: 179), Coordinate(latitude: -60, longitude: -170),
    ]
    static let views = [
        Viewport(widthInPoints: 320, heightInPoints: 460),
        Viewport(widthInPoints: 1024, heightInPoints: 768, pixelsPerPoint: 2),
    ]

    @Test("A route built from the conventions answers as the corrected core: refusals, fits and levels equal")
    func ownRouteAgrees() throws {
        let core = WebMercator(), own = OwnRoute()
        for centre in Self.centres {
            for zoom in [0.0, 1, 3.5, 14, 28] {
                for view in Self.views {
                    for convention in ZoomConvention.allCases {
                        let mine = try own.region(
                            centeredAt: centre, zoom: zoom, viewport: view, convention: convention)
                        let theirs = try core.region(
                            centeredAt: centre, zoom: zoom, viewport: view, convention: convention)
                        #expect(mine.span.longitudeDelta == theirs.span.longitudeDelta)
                        // Own libm route against the core's cancellation-free forms: a few ulps of
                        // each latitude (≤ 90°, ulp 1.4e-14), far inside 1e-9° (0.1 mm).
                        #expect(abs(mine.span.latitudeDelta - theirs.span.latitudeDelta) <= 1e-9, "\(centre) z\(zoom)")
                        #expect(
                            try own.zoom(of: theirs, viewport: view, convention: convention)
                                == core.zoom(of: theirs, viewport: view, convention: convention))
                    }
                }
            }
        }
        let pointSets: [[Coordinate]] = [
            [Coordinate(latitude: 10, longitude: 179), Coordinate(latitude: -5, longitude: -178)],
            [Coordinate(latitude: 89.9, longitude: 0), Coordinate(latitude: 88, longitude: 90)],
            [Coordinate(latitude: -90, longitude: -180)], Self.centres,
        ]
        for points in pointSets { #expect(try own.fit(points) == core.fit(points)) }
        let bad = Coordinate(latitude: .nan, longitude: 0), view = Self.views[0]
        #expect(throws: ProjectionError.self) { try own.fit([bad]) }
        #expect(Self.error { try own.fit([bad]) } == Self.error { try core.fit([bad]) })
        #expect(
            Self.error { try own.region(centeredAt: Self.centres[0], zoom: 29, viewport: view, convention: .seed512) }
                == Self.error {
                    try core.region(centeredAt: Self.centres[0], zoom: 29, viewport: view, convention: .seed512)
                })
        #expect(
            Self.error { try own.region(centeredAt: bad, zoom: 3, viewport: view, convention: .seed512) }
                == Self.error { try core.region(centeredAt: bad, zoom: 3, viewport: view, convention: .seed512) })
    }

    /// The `ProjectionError` `body` throws, or nil (any other error is recorded as an issue).
    static func error<Value>(_ body: () throws -> Value) -> ProjectionError? {
        do {
            _ = try body()
            return nil
        } catch let error as ProjectionError { return error } catch {
            Issue.record("not a ProjectionError: \(error)")
            return nil
        }
    }
}
