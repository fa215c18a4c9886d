import Testing
import MercatorCore
@testable import ZoomPanels

@Suite("Span axis mutants differ from the corrected core") struct SpanAxisMutantsTests {
    @Test("Height = width: the latitude span of a 320×480 view is that of a 320×320 view") func heightEqualsWidth()
        throws
    {
        let observed = try Fixed.region("mutant-span-height-equals-width")
        let square = try Fixed.coreRegion(viewport: Viewport(widthInPoints: 320, heightInPoints: 320))
        #expect(observed.span.latitudeDelta == square.span.latitudeDelta)
        #expect(try observed.span.latitudeDelta < Fixed.coreRegion().span.latitudeDelta)
    }

    @Test("Halved: the latitude span is half the corrected one") func halved() throws {
        #expect(
            try Fixed.region("mutant-latitude-delta-halved").span.latitudeDelta == Fixed.coreRegion().span.latitudeDelta
                / 2)
    }

    @Test("Swapped: the longitude span follows the 480-pt height (360 · 480 / (512 · 2^10))") func swapped() throws {
        #expect(try Fixed.region("mutant-width-height-swapped").span.longitudeDelta == 360.0 * 480 / 524_288)
    }

    @Test("Aspect ratio: at 60° N the longitude span is the latitude span × 2/3, about half the true one")
    func aspectRatio() throws {
        let centre = Coordinate(latitude: 60, longitude: 0)
        let observed = try Fixed.region("mutant-longitude-from-aspect-ratio", centre),
            expected = try Fixed.coreRegion(centre)
        #expect(observed.span.longitudeDelta == expected.span.latitudeDelta * 320 / 480)
        #expect(observed.span.longitudeDelta < 0.6 * expected.span.longitudeDelta)
    }

    @Test("Twice the northern half: at 60° N, zoom 3, the span is smaller than the visible rows' extent")
    func twiceNorthHalf() throws {
        let centre = Coordinate(latitude: 60, longitude: 0)
        let observed = try Fixed.region("mutant-latitude-delta-twice-north-half", centre, zoom: 3)
        let expected = try Fixed.coreRegion(centre, zoom: 3)
        #expect(observed.span.latitudeDelta < expected.span.latitudeDelta - 1)
    }
}
