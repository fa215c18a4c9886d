/// The shortest arc of the circle of longitudes that holds a set of longitudes, two ways.
///
/// Both give the same length; the controls use them so that the fit is not one algorithm
/// shared by every control.
struct LongitudeArc: Hashable, Sendable {
    /// Length of the arc in degrees, 0...360.
    var length: Double
    /// Its centre in degrees, normalised to -180...180.
    var center: Double

    /// The complement of the largest gap between neighbouring sorted longitudes (the gap
    /// across ±180° included). Of equal largest gaps the first found wins.
    ///
    /// - Parameter longitudes: Degrees in -180...180, at least one.
    static func largestGap(_ longitudes: [Double]) -> LongitudeArc {
        let sorted = longitudes.sorted()
        guard let first = sorted.first, let last = sorted.last else { return LongitudeArc(length: 0, center: 0) }
        var largestGap = first + 360 - last, westIndex = 0
        for index in sorted.indices.dropFirst() where sorted[index] - sorted[index - 1] > largestGap {
            largestGap = sorted[index] - sorted[index - 1]
            westIndex = index
        }
        let west = sorted[westIndex]
        let length = westIndex == 0 ? last - first : sorted[westIndex - 1] + 360 - west
        return LongitudeArc(length: length, center: normalised(west + length / 2))
    }

    /// Tries every longitude as the western edge and keeps the one whose eastward reach to
    /// the farthest point is smallest (O(n²), fine for the handful of annotations a map fits).
    ///
    /// - Parameter longitudes: Degrees in -180...180, at least one.
    static func bestWesternEdge(_ longitudes: [Double]) -> LongitudeArc {
        var best = LongitudeArc(length: .infinity, center: 0)
        for west in longitudes {
            var reach = 0.0
            for longitude in longitudes { reach = max(reach, eastward(from: west, to: longitude)) }
            if reach < best.length { best = LongitudeArc(length: reach, center: normalised(west + reach / 2)) }
        }
        return best.length.isFinite ? best : LongitudeArc(length: 0, center: 0)
    }

    /// Degrees east from `west` to `longitude`, 0..<360 (−180 and 180 are 0 apart).
    static func eastward(from west: Double, to longitude: Double) -> Double {
        let difference = longitude - west
        if difference < 0 { return difference + 360 }
        return difference >= 360 ? difference - 360 : difference
    }

    /// A longitude east of 180° brought back by one turn.
    static func normalised(_ longitude: Double) -> Double { longitude > 180 ? longitude - 360 : longitude }
}
