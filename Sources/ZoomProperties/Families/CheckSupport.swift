import Foundation
import MercatorCore
import PropertyCheck

/// Small helpers the property checks share.
enum CheckSupport {
    /// The seed's pixel space: zoom 20 in seed512, a 2^29-px world.
    static let seedWorld = ZoomConvention.seed512.worldWidth(atZoom: 20)
    /// One seed512 pixel at zoom 20, in degrees of longitude: 360 / 2^29 ≈ 6.7e-7°.
    static let seedPixelDegrees = 360 / seedWorld

    /// The pixel space the projection properties use for `implementation`: zoom 20 in
    /// seed512 (the documents'), or zoom 21 in tile256, the same 2^29-px world.
    static func pixelSpace(_ implementation: any ZoomImplementation) -> (zoom: Double, convention: ZoomConvention) {
        implementation.capabilities.pixelSpace
    }

    /// Projects `coordinate` into the 2^29-px world of `pixelSpace`. A latitude at or past the
    /// Mercator band's edge that the program refuses is discarded, not failed
    /// (`mayRefuseToProject`).
    static func project(_ implementation: any ZoomImplementation, _ coordinate: Coordinate) throws -> PixelPoint {
        let space = pixelSpace(implementation)
        return try projectOrDiscard(coordinate) {
            try implementation.project(coordinate, zoom: space.zoom, convention: space.convention)
        }
    }

    /// `project`'s answer, where refusing a latitude past the band (`mayRefuseToProject`)
    /// discards the case instead of failing it.
    static func projectOrDiscard(_ coordinate: Coordinate, _ body: () throws -> PixelPoint) throws -> PixelPoint {
        do { return try body() } catch let error as ProjectionError {
            try assume(
                !(error.code == "invalid-latitude" && mayRefuseToProject(coordinate.latitude)),
                "a latitude past the Mercator band, which project may refuse")
            if error.code == "unsupported" { throw error }
            throw PropertyFailure("project threw \(error)")
        }
    }

    /// Whether `project` may refuse `latitude`: past the Mercator band ±85.0511287798066°,
    /// where a program may clamp or refuse instead of projecting outside the world, or on the
    /// band's edge within the coordinate budget (its own atan(sinh π), or a latitude its own
    /// unproject gave for the world's edge row, may land an ulp or a few either side).
    static func mayRefuseToProject(_ latitude: Double) -> Bool {
        !(abs(latitude) < MercatorMath.latitudeLimit - ErrorBudget.coordinateDegrees)
    }

    /// The y a program that clamps latitudes past the band writes: the band's edge row (0 in
    /// the north, W in the south). Nil inside the band.
    static func clampedRow(latitude: Double, world: Double) -> Double? {
        guard abs(latitude) > MercatorMath.latitudeLimit - ErrorBudget.coordinateDegrees else { return nil }
        return SpanReference.y(
            latitude: latitude > 0 ? MercatorMath.latitudeLimit : -MercatorMath.latitudeLimit, world: world)
    }

    /// Unprojects a pixel of the 2^29-px world of `pixelSpace`.
    static func unproject(_ implementation: any ZoomImplementation, x: Double, y: Double) throws -> Coordinate {
        let space = pixelSpace(implementation)
        return try expectValue("unproject") {
            try implementation.unproject(PixelPoint(x: x, y: y, zoom: space.zoom, convention: space.convention))
        }
    }

    /// The error budget of one position in the 2^29-px world (9.5e-7 px).
    static let seedPositionBudget = ErrorBudget.positionPixels(worldWidth: seedWorld)

    /// The error budget of a row at `latitude` in the 2^29-px world (9.5e-7 px × (1 + 1/cos²φ):
    /// 1.9e-6 px at the equator, 1.3e-4 px at the Mercator limit).
    static func seedRowBudget(atLatitude latitude: Double) -> Double {
        ErrorBudget.rowPixels(
            worldWidth: seedWorld, latitude: latitude.isFinite ? latitude : MercatorMath.latitudeLimit)
    }

    /// Fails unless the `valid` an answer reports is the region's validity in `reading`
    /// (PROTOCOL.md's rules; a Mercator view's own pole rules).
    static func requireValidFlag(_ answer: RegionAnswer, reading: RegionReading) throws {
        let violations = reading.violations(of: answer.region)
        try ensure(
            answer.reportedValid == violations.isEmpty,
            """
            reported valid: \(answer.reportedValid) for \(answer.region), which \
            \(violations.isEmpty ? "is valid" : "breaks: " + violations.map(\.rawValue).joined(separator: ", "))\
            \(reading == .mapKit ? "" : " read as \(reading.rawValue)")
            """)
    }

    /// Calls `body`, turning a projection error into a property failure that names it;
    /// `unsupported` passes through, so that the case is discarded as not applicable.
    static func expectValue<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ProjectionError {
            if error.code == "unsupported" { throw error }
            throw PropertyFailure("\(what) threw \(error)")
        }
    }

    /// Runs `body` and returns its value or its projection error.
    static func outcome<T>(_ body: () throws -> T) -> Result<T, ProjectionError> {
        do { return .success(try body()) } catch let error as ProjectionError { return .failure(error) } catch {
            return .failure(.implementationFailure("unexpected error \(error)"))
        }
    }

    /// A reference y of a latitude in seed512 px at zoom 20, computed independently of the
    /// corrected core (which uses libm's `atanh(sin φ)` and `−ln tan(θ/2)`): ψ in double-double
    /// from IEEE-exact operations only (`AccurateMercator`), so the figures it decides — the
    /// boundary of `y-within-one-pixel` to the last digit — are the same on every platform.
    /// Within 1e-7 px of mpmath over the band (its error is below 2^−95 relative).
    static func exactSeedY(_ latitude: Double) -> Double { AccurateMercator.y(latitude: latitude, world: seedWorld) }

    /// The length of the shortest arc holding every longitude — the first of
    /// ``shortestArcs(_:)``, bit for bit: an oracle independent of
    /// `WebMercator.shortestLongitudeArc`.
    static func shortestArcLength(_ longitudes: [Double]) -> Double {
        let count = longitudes.count
        guard count > 0 else { return 0 }
        guard count <= 64, !longitudes.contains(where: \.isNaN) else {
            return shortestArcs(longitudes).first?.length ?? 0
        }
        // The same arcs as `shortestArcs`, without its arrays and searches: this runs for every
        // annotation set's coverage labels. The points are sorted with their indices (by
        // insertion: at most 50 points), then each point's reach is worked out in sorted order,
        // where the longitude just west of a point is the one before its run of equal values,
        // and stored at the point's own index, so that the first shortest arc is found in the
        // points' order, as `shortestArcs` finds it.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                let sorted = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
                let reaches = UnsafeMutableBufferPointer(rebasing: buffer[count...])
                for (index, value) in longitudes.enumerated() {
                    var slot = index
                    while slot > 0, sorted[slot - 1] > value {
                        sorted[slot] = sorted[slot - 1]
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    sorted[slot] = value
                    order[slot] = index
                }
                let largest = sorted[count - 1]
                var shortest = Double.infinity
                var runStart = 0
                for position in 0..<count {
                    let west = sorted[position]
                    if position > 0, sorted[position - 1] < west { runStart = position }
                    // `reach(from:sorted:longitudes:)`, with the search's answer at hand.
                    var reach = 0.0
                    if west != -180 {
                        reach = Swift.max(reach, eastward(largest, from: west))
                        if runStart > 0 { reach = Swift.max(reach, eastward(sorted[runStart - 1], from: west)) }
                    }
                    if reach == 0 { reach = Self.reach(from: west, over: longitudes) }
                    reaches[order[position]] = reach
                    shortest = Swift.min(shortest, reach)
                }
                return reaches.first { $0 <= shortest + ErrorBudget.coordinateDegrees } ?? 0
            }
        }
    }

    /// Every shortest arc holding `longitudes` (every point as the western end), with its
    /// length and centre; several when gaps tie, none for no longitude.
    ///
    /// Each point's reach — the farthest any point lies east of it — is the largest of two
    /// candidates, found in the sorted longitudes instead of by trying every point (this runs
    /// for every annotation set's coverage labels: O(n log n), not O(n²)): the largest
    /// longitude at or east of it, and, wrapping, the largest west of it (its predecessor).
    /// Each candidate is worked out with the same expression as the brute force
    /// (``eastward(_:from:)``), and rounding is monotone, so within each group the largest
    /// longitude gives the largest reach and the values are bit for bit the brute force's.
    /// The brute force (``reach(from:over:)``) is kept for the cases where the expression is
    /// not monotone — a western end at −180° (180° − (−180°) is 360, which wraps to 0) — and
    /// where the reach is zero (the sign of a zero reach depends on the order the points are
    /// tried).
    static func shortestArcs(_ longitudes: [Double]) -> [(west: Double, length: Double, centre: Double)] {
        let sorted = longitudes.sorted()
        var arcs: [(west: Double, length: Double, centre: Double)] = []
        arcs.reserveCapacity(longitudes.count)
        sorted.withUnsafeBufferPointer { sorted in
            for west in longitudes {
                let reach = Self.reach(from: west, sorted: sorted, longitudes: longitudes)
                arcs.append((west, reach, west + reach / 2))
            }
        }
        let shortest = arcs.map(\.length).min() ?? 0
        return arcs.filter { $0.length <= shortest + ErrorBudget.coordinateDegrees }
    }

    /// The farthest any of `longitudes` (also given `sorted`) lies east of `west`: the larger
    /// of the two candidates `shortestArcs` describes, or the brute force where they cannot
    /// be trusted.
    @inline(__always) static func reach(from west: Double, sorted: UnsafeBufferPointer<Double>, longitudes: [Double])
        -> Double
    {
        var reach = 0.0
        if west != -180, let largest = sorted.last {
            reach = Swift.max(reach, eastward(largest, from: west))
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < west { low = middle + 1 } else { high = middle }
            }
            if low > 0 { reach = Swift.max(reach, eastward(sorted[low - 1], from: west)) }
        }
        return reach == 0 ? Self.reach(from: west, over: longitudes) : reach
    }

    /// How far east of `west` `longitude` lies, in degrees in 0...360.
    @inline(__always) static func eastward(_ longitude: Double, from west: Double) -> Double {
        var east = longitude - west
        // The remainder of a difference under 360 in magnitude is the difference itself,
        // exactly: only ±360 (and beyond, for longitudes outside ±180) needs fmod.
        if Swift.abs(east) >= 360 { east = east.truncatingRemainder(dividingBy: 360) }
        if east < 0 { east += 360 }
        return east
    }

    /// The farthest any of `longitudes` lies east of `west`, by trying every one (an oracle
    /// independent of `WebMercator.shortestLongitudeArc`).
    static func reach(from west: Double, over longitudes: [Double]) -> Double {
        var reach = 0.0
        for longitude in longitudes { reach = Swift.max(reach, eastward(longitude, from: west)) }
        return reach
    }

    /// x as the protocol's formula places it, for a program that writes ±180° as the other
    /// edge of the world: ±180° is one meridian, and x = 0 and x = W are both it
    /// (PROTOCOL.md's freedoms). Returns W for 180° written as 0, and 0 for −180° written as
    /// W; every other x as it is.
    static func unwrappedX(_ x: Double, longitude: Double, world: Double) -> Double {
        if longitude == 180, x < world / 2 { return x + world }
        if longitude == -180, x > world / 2 { return x - world }
        return x
    }

    /// The distance between two x positions on the circle of a world `world` pixels wide:
    /// x = 0 and x = W are the same meridian.
    static func circularPixelDistance(_ a: Double, _ b: Double, world: Double) -> Double {
        let direct = abs(a - b)
        return Swift.min(direct, abs(world - direct))
    }

    /// Whether a refusal of `value` is the program's own rounding of a boundary that is a
    /// computed value: the protocol's `edge`, which any correct route computes to within
    /// `budget` (its own pow, atan or sinh within 2 ulps, its own order of operations). Inside
    /// that window either answer is correct; outside it the protocol's answer is the only one.
    static func isAtComputedEdge(_ value: Double, edge: Double, budget: Double) -> Bool {
        value.isFinite && abs(value - edge) <= budget
    }

    /// Rounds to 3 significant decimals for failure messages.
    /// (−0 is written 0: "a −0° arc" is the same arc as a 0° one.)
    static func short(_ value: Double) -> String { NumberText.shortest(FailureSize.threeSignificantDigits(value) + 0) }

    /// Points at one longitude written both as 180° and as −180° (one meridian, two spellings),
    /// in words for a failure message; nil for other points.
    static func oneMeridianTwoWays(_ longitudes: [Double]) -> String? {
        guard longitudes.contains(180), longitudes.contains(-180), shortestArcLength(longitudes) == 0 else {
            return nil
        }
        return "one place written two ways (180° and −180° are one meridian)"
    }
}
