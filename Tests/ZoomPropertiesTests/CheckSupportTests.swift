import MercatorCore
import PropertyCheck
import Testing
@testable import ZoomProperties

/// The shortest-arc oracle's sorted search against trying every point.
@Suite("Shortest longitude arcs") struct CheckSupportTests {
    /// Every arc by brute force: each point as the western end, every point tried (the
    /// oracle as it was before the sorted search).
    static func bruteForce(_ longitudes: [Double]) -> [(west: Double, length: Double, centre: Double)] {
        let arcs = longitudes.map { west in
            // The expression as the oracle first wrote it: fmod on every difference.
            var reach = 0.0
            for longitude in longitudes {
                var east = (longitude - west).truncatingRemainder(dividingBy: 360)
                if east < 0 { east += 360 }
                reach = Swift.max(reach, east)
            }
            return (west: west, length: reach, centre: west + reach / 2)
        }
        let shortest = arcs.map(\.length).min() ?? 0
        return arcs.filter { $0.length <= shortest + ErrorBudget.coordinateDegrees }
    }

    static func bits(_ arcs: [(west: Double, length: Double, centre: Double)]) -> [[UInt64]] {
        arcs.map { [$0.west.bitPattern, $0.length.bitPattern, $0.centre.bitPattern] }
    }

    @Test(
        "The sorted search gives the brute force's arcs bit for bit, ±180°, ties, duplicates and single points included"
    ) func sameAsBruteForce() {
        var rng = Xoshiro256StarStar(seed: 0x5EED_A7C5)
        // Values that stress the wrap: both antimeridians, zero of both signs, near-ties.
        let special: [Double] = [-180, 180, 0, -0.0, 179.999_999_999, -179.999_999_999, 90, -90, 1e-300, -1e-300]
        for round in 0..<4_000 {
            let count = 1 + Int(rng.next() % 50)
            let longitudes = (0..<count).map { _ -> Double in
                let pick = round % 7 == 1 ? 0 : rng.next() % 4
                if pick == 0 { return special[Int(rng.next() % UInt64(special.count))] }
                // Clustered near a few meridians in some rounds, spread in others.
                let u = rng.nextUnitDouble()
                return round % 3 == 0 ? 170 + 10 * u : -180 + 360 * u
            }
            let expected = Self.bruteForce(longitudes)
            #expect(Self.bits(CheckSupport.shortestArcs(longitudes)) == Self.bits(expected), "\(longitudes)")
            #expect(
                CheckSupport.shortestArcLength(longitudes).bitPattern == expected[0].length.bitPattern, "\(longitudes)")
        }
    }
}
