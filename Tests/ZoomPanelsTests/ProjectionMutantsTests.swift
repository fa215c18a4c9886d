import Testing
import MercatorCore
@testable import ZoomPanels

@Suite("Projection mutants differ from the corrected core") struct ProjectionMutantsTests {
    /// The seed512 zoom-20 world: 2^29 px.
    static let world = 536_870_912.0

    static func project(_ name: String, _ coordinate: Coordinate) throws -> PixelPoint {
        try Fixed.mutant(name).project(coordinate, zoom: 20, convention: .seed512)
    }
    static func coreProject(_ coordinate: Coordinate) throws -> PixelPoint {
        try Fixed.core.project(coordinate, zoom: 20, convention: .seed512)
    }

    @Test("x/y swapped: x is the corrected y") func swapped() throws {
        #expect(
            try Self.project("mutant-project-x-y-swapped", Fixed.cupertino).x == Self.coreProject(Fixed.cupertino).y)
    }

    @Test("North down: 37.3° N lands in the southern half, at W − y") func northDown() throws {
        let observed = try Self.project("mutant-y-north-down", Fixed.cupertino)
        #expect(try observed.y == Self.world - Self.coreProject(Fixed.cupertino).y && observed.y > Self.world / 2)
    }

    @Test("sin of degrees: 30° N (sin 30 rad < 0) lands in the southern half") func sinOfDegrees() throws {
        #expect(try Self.project("mutant-sin-of-degrees", Coordinate(latitude: 30, longitude: 0)).y > Self.world / 2)
    }

    @Test("ln tan φ: 10° S gives NaN") func lnTanPhi() throws {
        #expect(try Self.project("mutant-y-ln-tan-phi", Coordinate(latitude: -10, longitude: 0)).y.isNaN)
    }

    @Test("Single-precision y: more than a pixel off at 1° N") func float32Y() throws {
        let coordinate = Coordinate(latitude: 1, longitude: 0)
        #expect(try abs(Self.project("mutant-float32-y", coordinate).y - Self.coreProject(coordinate).y) > 1)
    }

    @Test("180 for 360: x at three quarters of the world reads 45° E, not 90°") func x180() throws {
        let pixel = PixelPoint(x: Self.world * 3 / 4, y: Self.world / 2, zoom: 20, convention: .seed512)
        #expect(try Fixed.mutant("mutant-unproject-x-uses-180").unproject(pixel).longitude == 45)
    }

    @Test("Radians: the row of 60° N reads about 1.047") func radians() throws {
        let pixel = try Self.coreProject(Coordinate(latitude: 60, longitude: 0))
        #expect(
            try abs(Fixed.mutant("mutant-unproject-latitude-in-radians").unproject(pixel).latitude - 1.0471975511965976)
                < 1e-12)
    }
}
