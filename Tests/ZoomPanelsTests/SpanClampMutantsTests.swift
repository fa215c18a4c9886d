import Testing
import MercatorCore
@testable import ZoomPanels

@Suite("Span clamp and scale mutants differ from the corrected core") struct SpanClampMutantsTests {
    @Test("Not clamped: a 1024-pt view at seed512 zoom 0 spans 720°") func notClamped() throws {
        let region = try Fixed.region(
            "mutant-longitude-delta-not-clamped", zoom: 0, viewport: Viewport(widthInPoints: 1024, heightInPoints: 768))
        #expect(region.span.longitudeDelta == 720)
        #expect(!region.isValid)
    }

    @Test("No pole clamp: centred at 60° N at zoom 0 the region reaches past the north pole") func noPoleClamp() throws
    {
        let region = try Fixed.region("mutant-no-pole-clamp", Coordinate(latitude: 60, longitude: 0), zoom: 0)
        #expect(region.violations == [.reachesPastNorthPole])
    }

    @Test("Valid flag: the same invalid region is reported valid") func validFlag() throws {
        let mutant = Fixed.mutant("mutant-valid-flag-always-true")
        let answer = try mutant.regionAnswer(
            centeredAt: Coordinate(latitude: 60, longitude: 0), zoom: 0, viewport: Fixed.phone, convention: .seed512)
        #expect(answer.reportedValid && !answer.region.isValid)
    }

    @Test("Wrapped edges: a view on 179° E at zoom 5 spans the true span − 360°") func wrappedEdges() throws {
        let centre = Coordinate(latitude: 0, longitude: 179)
        let observed = try Fixed.region("mutant-span-from-wrapped-edges", centre, zoom: 5)
        #expect(try observed.span.longitudeDelta == Fixed.coreRegion(centre, zoom: 5).span.longitudeDelta - 360)
    }

    @Test("Pixels per point: a 2× screen doubles the longitude span") func pixelsPerPoint() throws {
        let retina = Viewport(widthInPoints: 320, heightInPoints: 480, pixelsPerPoint: 2)
        #expect(
            try Fixed.region("mutant-span-uses-pixels-per-point", viewport: retina).span.longitudeDelta == 2
                * Fixed.coreRegion().span.longitudeDelta)
    }

    @Test("Mixed worlds: a seed512 span is twice the corrected one") func mixedWorlds() throws {
        #expect(
            try Fixed.region("mutant-span-ignores-convention").span.longitudeDelta == 2
                * Fixed.coreRegion().span.longitudeDelta)
    }

    @Test("Unsigned exponent: zoom 21 shows the whole world") func unsignedExponent() throws {
        #expect(try Fixed.region("mutant-unsigned-zoom-exponent", zoom: 21).span.longitudeDelta == 360)
        #expect(try Fixed.region("mutant-unsigned-zoom-exponent", zoom: 20) == Fixed.coreRegion(zoom: 20))
    }
}
