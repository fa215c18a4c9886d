import Testing

@testable import MercatorCore

/// `Capabilities` keeps its fields in one shared box: it must still behave as a value. A copy
/// changed leaves the original as it was, equal fields are equal (and hash alike) whichever
/// box holds them, and every field round-trips through its accessor.
@Suite("Capabilities are a value") struct CapabilitiesValueTests {
    @Test("A changed copy leaves the original unchanged, sets included") func copyOnWrite() {
        let original = Capabilities.zoomCheckDefaults
        var copy = original
        copy.operations.remove(.fit)
        copy.conventions = [.tile256]
        copy.fitAspect = .fixed
        copy.isDeclared = false
        #expect(original.operations == Set(Capabilities.Operation.allCases))
        #expect(original.conventions == Set(ZoomConvention.allCases))
        #expect(original.fitAspect == nil && original.isDeclared)
        #expect(copy.operations == Set(Capabilities.Operation.allCases).subtracting([.fit]))
        #expect(copy != original)
        #expect(Capabilities.zoomCheckDefaults == Capabilities())
    }

    @Test("Equal fields are equal and hash alike in different boxes") func equalityByFields() {
        var built = Capabilities(conventions: [.seed512], fractionalZooms: false)
        built.pixelGrid = .requestZoom
        var other = Capabilities()
        other.conventions = [.seed512]
        other.fractionalZooms = false
        other.pixelGrid = .requestZoom
        #expect(built == other)
        #expect(Set([built, other]).count == 1)
        other.zoomRangeOpenAbove = true
        #expect(built != other)
    }

    @Test("Every field reads back what was written") func fieldsRoundTrip() {
        var capabilities = Capabilities.assumed
        capabilities.operations = [.project]
        capabilities.conventions = [.tile256]
        capabilities.fractionalZooms = false
        capabilities.anyPixelZoom = false
        capabilities.levelRounding = .nearest
        capabilities.zoomSource = .latitudeAndLongitude
        capabilities.fitPadding = nil
        capabilities.badInput = .unchecked
        capabilities.centreLimit = .none
        capabilities.regionReading = .mercatorView
        capabilities.integerGetter = true
        capabilities.fitAspect = .free
        capabilities.projectBeyondBand = .clamps
        capabilities.zoomRange = Capabilities.ZoomRange(lowest: 2, highest: 18)
        capabilities.zoomRangeOpenAbove = true
        capabilities.zoomRangeOpenBelow = true
        capabilities.getterRange = Capabilities.ZoomRange(lowest: 0, highest: 17)
        capabilities.pixelGrid = .requestZoom
        capabilities.unprojectBeyondWorld = .refuses
        capabilities.viewConstraint = .world
        capabilities.pixelInput = .whole
        capabilities.isDeclared = true
        #expect(capabilities.operations == [.project] && capabilities.conventions == [.tile256])
        #expect(!capabilities.fractionalZooms && !capabilities.anyPixelZoom)
        #expect(capabilities.levelRounding == .nearest && capabilities.zoomSource == .latitudeAndLongitude)
        #expect(capabilities.fitPadding == nil && capabilities.badInput == .unchecked)
        #expect(capabilities.centreLimit == .none && capabilities.regionReading == .mercatorView)
        #expect(capabilities.integerGetter && capabilities.fitAspect == .free)
        #expect(capabilities.projectBeyondBand == .clamps)
        #expect(capabilities.zoomRange == Capabilities.ZoomRange(lowest: 2, highest: 18))
        #expect(capabilities.zoomRangeOpenAbove && capabilities.zoomRangeOpenBelow)
        #expect(capabilities.getterRange == Capabilities.ZoomRange(lowest: 0, highest: 17))
        #expect(capabilities.pixelGrid == .requestZoom && capabilities.unprojectBeyondWorld == .refuses)
        #expect(capabilities.viewConstraint == .world && capabilities.pixelInput == .whole)
        #expect(capabilities.isDeclared)
        #expect(!Capabilities.assumed.isDeclared && Capabilities.assumed.operations.count == 5)
    }
}
