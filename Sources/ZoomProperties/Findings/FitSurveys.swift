import MercatorCore

/// Where the seed's fit (004) breaks, measured.
package enum FitSurveys {
    /// The smallest L (to 1e-9°, by bisection) for which fitting the two points (±L, 0) gives
    /// the seed a latitude delta over 180°: the pad 1.15 is clamped at 360, not 180.
    package static func latitudeOver180Threshold() -> Double {
        func over(_ latitude: Double) -> Bool {
            guard
                let region = try? SeedPort.zoomMapViewToFitAnnotations([
                    Coordinate(latitude: latitude, longitude: 0), Coordinate(latitude: -latitude, longitude: 0),
                ])
            else { return false }
            return region.span.latitudeDelta > 180
        }
        var low = 0.0, high = 89.999
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if over(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// Fitting (0, 180 − d) and (0, −180 + d): the largest gap 2d (to 1e-9°) for which the
    /// seed still answers with the whole world (360°), and the seed's centre longitude there.
    package static func antimeridianWholeWorldThreshold() -> (halfGap: Double, centerLongitude: Double) {
        func region(_ d: Double) -> Region? {
            try? SeedPort.zoomMapViewToFitAnnotations([
                Coordinate(latitude: 0, longitude: 180 - d), Coordinate(latitude: 0, longitude: -180 + d),
            ])
        }
        var low = 0.0, high = 90.0
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if region(middle)?.span.longitudeDelta == 360 { low = middle } else { high = middle }
        }
        return (low, region(low)?.center.longitude ?? .nan)
    }

    /// Fitting (0, 180 − d) and (0, −180 + d) for separations 2d from `step` to 90° in
    /// steps of `step`: the longitude delta the seed and the corrected core fit.
    package static func antimeridianProfile(step: Double = 0.25) -> [(
        separation: Double, seed: Double, corrected: Double
    )] {
        stride(from: step, through: 90, by: step).map { separation in
            let points = [
                Coordinate(latitude: 0, longitude: 180 - separation / 2),
                Coordinate(latitude: 0, longitude: -180 + separation / 2),
            ]
            let seed = (try? SeedPort.zoomMapViewToFitAnnotations(points))?.span.longitudeDelta ?? .nan
            let corrected = (try? WebMercator().fit(points))?.span.longitudeDelta ?? .nan
            return (separation, seed, corrected)
        }
    }

    /// Fitting (L, 0) and (−L, 0) for L from 0 to 90° in steps of `step`: the latitude delta
    /// the seed and the corrected core fit.
    package static func latitudeProfile(step: Double = 0.25) -> [(latitude: Double, seed: Double, corrected: Double)] {
        stride(from: 0, through: 90, by: step).map { latitude in
            let points = [Coordinate(latitude: latitude, longitude: 0), Coordinate(latitude: -latitude, longitude: 0)]
            let seed = (try? SeedPort.zoomMapViewToFitAnnotations(points))?.span.latitudeDelta ?? .nan
            let corrected = (try? WebMercator().fit(points))?.span.latitudeDelta ?? .nan
            return (latitude, seed, corrected)
        }
    }
}

extension FitSurveys {
    /// A longitude wrapped into [−180, 180).
    package static func wrap(_ longitude: Double) -> Double {
        longitude >= 180 ? longitude - 360 : (longitude < -180 ? longitude + 360 : longitude)
    }

    /// The seed's fitted longitude delta (degrees) for the equatorial points at `west` and
    /// `west + arc` (wrapped); −∞ when the fit throws.
    package static func seedLongitudeDelta(west: Double, arc: Double) -> Double {
        let points = [Coordinate(latitude: 0, longitude: west), Coordinate(latitude: 0, longitude: wrap(west + arc))]
        return (try? SeedPort.zoomMapViewToFitAnnotations(points))?.span.longitudeDelta ?? -.infinity
    }

    /// The largest `seedLongitudeDelta` over western longitudes −180, −179.999, ... below 180
    /// (360 000 evaluations), and where it is first reached.
    package static func arcLongitudeDeltaSurvey(arc: Double) -> (worst: Double, west: Double, evaluations: Int) {
        var worst = -Double.infinity, at = 0.0
        let count = 360_000
        for index in 0..<count {
            let west = -180 + Double(index) * 0.001
            let delta = seedLongitudeDelta(west: west, arc: arc)
            if delta > worst { (worst, at) = (delta, west) }
        }
        return (worst, at, count)
    }
}
