import MercatorCore

/// The documents' bounding-box fit (004): longitudes min...max, so points a few degrees apart
/// across ±180° are fitted as the whole world, centred on the wrong side.
struct BoundingBoxFit: DelegatingMutant {
    var name: String { "mutant-bounding-box-fit" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        let longitudes = points.map(\.longitude)
        let west = longitudes.min()!, east = longitudes.max()!
        region.center.longitude = (west + east) / 2
        region.span.longitudeDelta = Capabilities.FitPadding.documents.paddedDelta(east - west, atMost: 360)
        return region
    }
}

/// NaN points silently dropped, as a min/max fold that starts from ±∞ skips them (NaN
/// compares false): a list with NaN gets a finite, valid-looking region.
struct FitDropsNaN: DelegatingMutant {
    var name: String { "mutant-fit-drops-nan" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try core.fit(points.filter { !$0.latitude.isNaN && !$0.longitude.isNaN })
    }
}

/// The fitted centre built with latitude and longitude swapped
/// (`CLLocationCoordinate2DMake(lng, lat)`).
struct FitLatLonSwapped: DelegatingMutant {
    var name: String { "mutant-fit-lat-lon-swapped" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        region.center = Coordinate(latitude: region.center.longitude, longitude: region.center.latitude)
        return region
    }
}

/// The fitted centre at the Mercator midpoint of the latitude extent (midway in projected y)
/// with the delta in degrees: MapKit reads centre ± delta / 2 in degrees, so a tall set's
/// southern points fall outside.
struct FitMercatorMidpoint: DelegatingMutant {
    var name: String { "mutant-fit-mercator-midpoint" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        let latitudes = points.map(\.latitude)
        let psi =
            (MercatorMath.isometricLatitude(degrees: latitudes.min()!)
                + MercatorMath.isometricLatitude(degrees: latitudes.max()!)) / 2
        let centre = MercatorMath.latitude(isometric: psi)
        region.center.latitude = centre
        region.span.latitudeDelta = Capabilities.FitPadding.documents.paddedDelta(
            latitudes.max()! - latitudes.min()!, atMost: PoleLimit.room(centeredAt: centre))
        return region
    }
}

/// The fitted centre at the mean of the points (a centroid) instead of the middle of their
/// extent: with the delta from the extent, points on the thin side fall outside.
struct FitCentreIsMean: DelegatingMutant {
    var name: String { "mutant-fit-centre-is-mean" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        let mean = points.map(\.latitude).reduce(0, +) / Double(points.count)
        region.center.latitude = mean
        region.span.latitudeDelta = min(region.span.latitudeDelta, PoleLimit.room(centeredAt: mean))
        return region
    }
}

/// The fitted latitude delta not capped at the poles (004's × 1.15 applied to points near a
/// pole reaches past it).
struct FitNoPoleLimit: DelegatingMutant {
    var name: String { "mutant-fit-no-pole-limit" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        let latitudes = points.map(\.latitude)
        region.span.latitudeDelta = Capabilities.FitPadding.documents.paddedDelta(
            latitudes.max()! - latitudes.min()!, atMost: .infinity)
        return region
    }
}

/// The fitted longitude delta not capped at 360° (× 1.15 of a spread over 313° exceeds it).
struct FitLongitudeNotClamped: DelegatingMutant {
    var name: String { "mutant-fit-longitude-not-clamped" }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        var region = try core.fit(points)
        region.span.longitudeDelta = Capabilities.FitPadding.documents.paddedDelta(
            WebMercator.shortestLongitudeArc(points.map(\.longitude)).length, atMost: .infinity)
        return region
    }
}
