import MercatorCore

/// The longitude span not clamped at 360° (the documents' code at zoom 0 and 1 on a wide view).
struct LongitudeDeltaNotClamped: DelegatingMutant {
    var name: String { "mutant-longitude-delta-not-clamped" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try MutantSupport.region(center, zoom, viewport, convention) { span, world in
            Span(
                latitudeDelta: span.latitudeDelta,
                longitudeDelta: MutantSupport.rawLongitudeDelta(
                    widthInPoints: viewport.widthInPoints, worldWidth: world))
        }
    }
}

/// No pole clamp: the visible rows' latitude extent is used as the delta even where
/// `centre ± delta / 2` reaches past a pole (low zoom, high latitude; comment 22 of 001).
struct NoPoleClamp: DelegatingMutant {
    var name: String { "mutant-no-pole-clamp" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        var region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        region.span.latitudeDelta = Self.visibleLatitudeDelta(center, zoom, viewport, convention)
        return region
    }

    /// Latitude extent of the visible rows, clipped to the world but not to the poles.
    static func visibleLatitudeDelta(
        _ center: Coordinate, _ zoom: Double, _ viewport: Viewport, _ convention: ZoomConvention
    ) -> Double {
        let world = convention.worldWidth(atZoom: zoom)
        let centreY = WebMercator.y(latitude: center.latitude, worldWidth: world)
        let top = max(0, centreY - viewport.heightInPoints / 2),
            bottom = min(world, centreY + viewport.heightInPoints / 2)
        return MutantSupport.latitude(y: top, worldWidth: world) - MutantSupport.latitude(y: bottom, worldWidth: world)
    }
}

/// The reported `valid` flag always true, over a region that is not pole-clamped: the answer
/// says "valid" where `setRegion:` raises "Invalid Region".
struct ValidFlagAlwaysTrue: DelegatingMutant {
    var name: String { "mutant-valid-flag-always-true" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try NoPoleClamp().region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> RegionAnswer
    {
        RegionAnswer(
            region: try region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention),
            reportedValid: true)
    }

    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        RegionAnswer(region: try fit(points), reportedValid: true)
    }
}

/// Edges wrapped into -180...180 before `maxLng − minLng`: a view straddling ±180° (or the
/// whole world) gets a negative or zero longitude span, as ports that normalise every
/// longitude they compute do.
struct SpanFromWrappedEdges: DelegatingMutant {
    var name: String { "mutant-span-from-wrapped-edges" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try MutantSupport.region(center, zoom, viewport, convention) { span, world in
            let half = MutantSupport.rawLongitudeDelta(widthInPoints: viewport.widthInPoints, worldWidth: world) / 2
            let minLng = Self.wrapped(center.longitude - half), maxLng = Self.wrapped(center.longitude + half)
            return Span(latitudeDelta: span.latitudeDelta, longitudeDelta: maxLng - minLng)
        }
    }

    /// A longitude brought into -180...180 by whole turns.
    static func wrapped(_ longitude: Double) -> Double {
        var value = longitude
        while value > 180 { value -= 360 }
        while value < -180 { value += 360 }
        return value
    }
}
