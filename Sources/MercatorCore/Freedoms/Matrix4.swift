/// A 4×4 matrix of doubles, as a viewport library's camera keeps its view: only what
/// `FreeMercator`'s `route-matrix` needs — building one, inverting it by cofactors (the
/// general route such libraries take, with its roundings), and applying it to a point.
struct Matrix4: Hashable, Sendable {
    /// Row-major entries.
    var entries: [Double]

    init(rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a 4×4 matrix has four rows of four")
        entries = rows.flatMap { $0 }
    }

    subscript(row: Int, column: Int) -> Double { entries[row * 4 + column] }

    /// The inverse by the adjugate over the determinant (Laplace expansion by 2×2 minors), or
    /// nil when the determinant is 0 or not finite.
    func inverted() -> Matrix4? {
        let m = entries
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse = 1 / determinant
        let adjugate = [
            m[5] * c5 - m[6] * c4 + m[7] * c3, -m[1] * c5 + m[2] * c4 - m[3] * c3, m[13] * s5 - m[14] * s4 + m[15] * s3,
            -m[9] * s5 + m[10] * s4 - m[11] * s3, -m[4] * c5 + m[6] * c2 - m[7] * c1, m[0] * c5 - m[2] * c2 + m[3] * c1,
            -m[12] * s5 + m[14] * s2 - m[15] * s1, m[8] * s5 - m[10] * s2 + m[11] * s1,
            m[4] * c4 - m[5] * c2 + m[7] * c0, -m[0] * c4 + m[1] * c2 - m[3] * c0, m[12] * s4 - m[13] * s2 + m[15] * s0,
            -m[8] * s4 + m[9] * s2 - m[11] * s0, -m[4] * c3 + m[5] * c1 - m[6] * c0, m[0] * c3 - m[1] * c1 + m[2] * c0,
            -m[12] * s3 + m[13] * s1 - m[14] * s0, m[8] * s3 - m[9] * s1 + m[10] * s0,
        ]
        var result = self
        result.entries = adjugate.map { $0 * inverse }
        return result
    }

    /// The point (x, y, 0, 1) through the matrix, divided by its w.
    func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let w = self[3, 0] * x + self[3, 1] * y + self[3, 3]
        return ((self[0, 0] * x + self[0, 1] * y + self[0, 3]) / w, (self[1, 0] * x + self[1, 1] * y + self[1, 3]) / w)
    }
}
