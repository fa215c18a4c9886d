import Testing
import MercatorCore
@testable import ZoomPanels

@Suite("Fit and bad-input mutants differ from the corrected core") struct FitMutantsTests {
    static func fit(_ name: String, _ points: [(Double, Double)]) throws -> Region {
        try Fixed.mutant(name).fit(points.map { Coordinate(latitude: $0.0, longitude: $0.1) })
    }

    @Test("Bounding box: two points across ±180° are fitted as the whole world, centred on 0°") func boundingBox()
        throws
    {
        let region = try Self.fit("mutant-bounding-box-fit", [(0, 179), (0, -179)])
        #expect(region.span.longitudeDelta == 360 && region.center.longitude == 0)
    }

    @Test("NaN dropped: a NaN point beside (10, 20) gets a valid region") func dropsNaN() throws {
        let region = try Self.fit("mutant-fit-drops-nan", [(.nan, 0), (10, 20)])
        #expect(region.isValid && region.center == Coordinate(latitude: 10, longitude: 20))
    }

    @Test("Swapped centre: (10, 20) and (12, 25) are fitted around (22.5, 11)") func swapped() throws {
        #expect(
            try Self.fit("mutant-fit-lat-lon-swapped", [(10, 20), (12, 25)]).center
                == Coordinate(latitude: 22.5, longitude: 11))
    }

    @Test("Mercator midpoint: (0, 0) is outside the fit of 0° and 80°") func mercatorMidpoint() throws {
        #expect(
            try !Self.fit("mutant-fit-mercator-midpoint", [(0, 0), (80, 0)]).contains(
                Coordinate(latitude: 0, longitude: 0)))
    }

    @Test("Mean centre: (10, 0) is outside the fit of three points at 0° and one at 10°") func meanCentre() throws {
        let region = try Self.fit("mutant-fit-centre-is-mean", [(0, 0), (0, 0), (0, 0), (10, 0)])
        #expect(region.center.latitude == 2.5 && !region.contains(Coordinate(latitude: 10, longitude: 0)))
    }

    @Test("No pole limit: 80° and 90° give a region past the north pole") func noPoleLimit() throws {
        #expect(try Self.fit("mutant-fit-no-pole-limit", [(80, 0), (90, 0)]).violations == [.reachesPastNorthPole])
    }

    @Test("Longitude not clamped: nine points 40° apart (a 320° arc) × 1.15 give 368°") func longitudeNotClamped()
        throws
    {
        let region = try Self.fit(
            "mutant-fit-longitude-not-clamped", stride(from: -160.0, through: 160, by: 40).map { (0, $0) })
        #expect(abs(region.span.longitudeDelta - 368) < 1e-9 && !region.isValid)
    }

    @Test("Centre clamp: a NaN centre latitude becomes the southern band limit, with a valid region") func centreClamp()
        throws
    {
        let region = try Fixed.region("mutant-centre-clamp-swallows-nan", Coordinate(latitude: .nan, longitude: 0))
        #expect(region.isValid && region.center.latitude == -MercatorMath.latitudeLimit)
    }

    @Test("Zoom clamp: a NaN zoom gives the zoom-0 region") func zoomClamp() throws {
        #expect(try Fixed.region("mutant-zoom-clamp-swallows-nan", zoom: .nan) == Fixed.coreRegion(zoom: 0))
    }
}
