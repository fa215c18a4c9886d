import Testing
import Foundation
import MercatorCore
@testable import ZoomPanels

@Suite("Getter mutants differ from the corrected core") struct GetterMutantsTests {
    static func reading(
        _ name: String, _ region: Region, viewport: Viewport = Fixed.phone, convention: ZoomConvention = .seed512
    ) throws -> ZoomReading { try Fixed.mutant(name).zoom(of: region, viewport: viewport, convention: convention) }

    /// log2 of twice a ratio is one more than log2 of the ratio up to one rounding of a value near 11.
    static let oneRounding = Tolerance(.absolute(4e-15), because: "one rounding of a zoom near 10 (ulp 1.8e-15), twice")

    @Test("Hidden × 2: a region set at zoom 10 reads zoom 11, level 11") func plusOne() throws {
        let reading = try Self.reading("mutant-getter-plus-one", Fixed.coreRegion())
        #expect(reading.level == 11 && Self.oneRounding.check(reading.zoom, against: 11).passed)
    }

    @Test("Ignores the convention: a seed512 region set at zoom 10 reads level 11 (the tile256 level)")
    func ignoresConvention() throws {
        #expect(try Self.reading("mutant-getter-ignores-convention", Fixed.coreRegion()).level == 11)
    }

    @Test("Pixels per point: on a 2× screen a region set at zoom 10 reads level 11") func pixelsPerPoint() throws {
        let retina = Viewport(widthInPoints: 320, heightInPoints: 480, pixelsPerPoint: 2)
        #expect(
            try Self.reading(
                "mutant-getter-uses-pixels-per-point", Fixed.coreRegion(viewport: retina), viewport: retina
            ).level == 11)
    }

    @Test("Reads latitude: at 60° N a region set at zoom 10 reads about zoom 11 (1 / cos 60° = 2)") func readsLatitude()
        throws
    {
        let region = try Fixed.coreRegion(Coordinate(latitude: 60, longitude: 0))
        let reading = try Self.reading("mutant-getter-reads-latitude", region)
        #expect(abs(reading.zoom - 11) < 0.01)
    }

    @Test("Floor without tolerance: on 180° W at zoom 10 the documents' route reads 9.9999999999998, level 9")
    func floorWithoutTolerance() throws {
        let mutant = Fixed.mutant("mutant-level-floor-without-tolerance")
        let region = try mutant.region(
            centeredAt: Coordinate(latitude: 0, longitude: -180), zoom: 10, viewport: Fixed.phone, convention: .seed512)
        let reading = try mutant.zoom(of: region, viewport: Fixed.phone, convention: .seed512)
        #expect(reading.zoom < 10 && reading.level == 9)
        #expect(try DocumentsControl().zoom(of: region, viewport: Fixed.phone, convention: .seed512).level == 10)
    }
}
