import Foundation
import MercatorCore
import PropertyCheck

/// The shortest arc holding a set of longitudes, computed independently of
/// `WebMercator.shortestLongitudeArc` (the fit properties' oracle), and distances around the
/// world.
extension CheckSupport {
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

    /// The farthest any of `longitudes` lies east of `west`, by trying every one (an oracle
    /// independent of `WebMercator.shortestLongitudeArc`).
    static func reach(from west: Double, over longitudes: [Double]) -> Double {
        var reach = 0.0
        for longitude in longitudes { reach = Swift.max(reach, eastward(longitude, from: west)) }
        return reach
    }

    /// x read on the circle, on the side of the world where the protocol's formula puts
    /// `longitude`: of x − W, x and x + W, the one nearest (λ + 180°)/360° · W. ±180° is one
    /// meridian, and x = 0 and x = W are both it (PROTOCOL.md's freedoms) — and so is every
    /// longitude whose λ + 180 a program's own rounding puts on 360 (179.99999999999997°), or
    /// whose whole pixel at the zoom is the world's edge: a wrapping library writes it as 0.
    /// An x away from the edges is returned as it is (its alternatives lie a world away).
    static func unwrappedX(_ x: Double, longitude: Double, world: Double) -> Double {
        let exact = (longitude + 180) / 360 * world
        return [x - world, x, x + world].min { abs($0 - exact) < abs($1 - exact) }!
    }

    /// The distance between two x positions on the circle of a world `world` pixels wide:
    /// x = 0 and x = W are the same meridian.
    static func circularPixelDistance(_ a: Double, _ b: Double, world: Double) -> Double {
        let direct = abs(a - b)
        return Swift.min(direct, abs(world - direct))
    }

    /// Points at one longitude written both as 180° and as −180° (one meridian, two spellings),
    /// in words for a failure message; nil for other points.
    static func oneMeridianTwoWays(_ longitudes: [Double]) -> String? {
        guard longitudes.contains(180), longitudes.contains(-180), shortestArcLength(longitudes) == 0 else {
            return nil
        }
        return "one place written two ways (180° and −180° are one meridian)"
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
}
