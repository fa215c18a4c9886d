/// Exact argument reduction for binary32 sine: |x| = (k + f)·π/2 with an integer quadrant k
/// and |f| ≤ ½, f·π/2 returned as a double-double.
///
/// Payne–Hanek in integers: |x| = m·2^E with a 24-bit integer m, so x·2/π mod 4 needs only
/// the bits of 2/π from 2^(−E−2) down. The 192 of them that matter (`window`) are a
/// fixed-point number with 190 fractional bits; m times it, modulo 2^192, is x·2/π mod 4
/// with 190 fractional bits, in error by less than m·2^−190 < 2^−166 (the truncated tail of
/// 2/π). That absolute error matters only if some binary32 came within 2^−60 of a multiple
/// of π/2, and none comes anywhere near (24-bit mantissas cannot approximate π/2 that well:
/// the published worst cases for binary32 are around 2^−30; not measured here — the
/// exhaustive test would show a loss as mismatches). Integer arithmetic and exact
/// conversions only.
struct SineArgumentReduction {
    /// k mod 4: 0 → sin r, 1 → cos r, 2 → −sin r, 3 → −cos r.
    let quadrant: Int
    /// r = f·π/2, |r| ≤ π/4, to about 2^−104 relative.
    let reduced: DoubleDouble

    /// 2/π as floor(2^320 · 2/π), least significant word first (mpmath, 600 bits).
    static let twoOverPiWords: [UInt64] = [
        0xB724_6E3A_424D_D2E0, 0xFE51_63AB_DEBB_C561, 0xDB62_9599_3C43_9041, 0xFC27_57D1_F534_DDC0,
        0xA2F9_836E_4E44_1529,
    ]

    /// Reduces a finite, non-negative binary32 value.
    init(_ magnitude: Float) {
        if magnitude < Float(bitPattern: 0x3F49_0FDB) {
            // Below π/4 (0x3F490FDB is the first float above it): no reduction, r = x exactly.
            quadrant = 0
            reduced = DoubleDouble(Double(magnitude))
            return
        }
        let mantissa = UInt64(magnitude.significandBitPattern) | (1 << 23)
        let exponent = Int(magnitude.exponentBitPattern) - 150  // |x| = mantissa · 2^exponent
        let shift = 130 - exponent  // floor(2^(exponent + 190) · 2/π) = words >> shift
        let low = Self.word(at: shift), middle = Self.word(at: shift + 64), high = Self.word(at: shift + 128)

        // mantissa × window, modulo 2^192.
        let p0 = low.multipliedFullWidth(by: mantissa)
        let p1 = middle.multipliedFullWidth(by: mantissa)
        let (word1, carry1) = p1.low.addingReportingOverflow(p0.high)
        let word2 = high &* mantissa &+ p1.high &+ (carry1 ? 1 : 0)
        let word0 = p0.low

        var quadrant = Int(word2 >> 62)
        var fraction = (word2 & (1 << 62 - 1), word1, word0)
        var negative = false
        if fraction.0 >> 61 != 0 {
            // f ≥ ½: round the quadrant up and take 1 − f, negated.
            quadrant += 1
            negative = true
            let n0 = ~fraction.2 &+ 1
            let c0: UInt64 = fraction.2 == 0 ? 1 : 0
            let n1 = ~fraction.1 &+ c0
            let c1: UInt64 = (c0 == 1 && fraction.1 == 0) ? 1 : 0
            let n2 = (~fraction.0 &+ c1) & (1 << 62 - 1)
            fraction = (n2, n1, n0)
        }
        // f = fraction.0·2^−62 + fraction.1·2^−126 + fraction.2·2^−190, each word exactly.
        let f =
            DoubleDouble(exactly: fraction.0) * 0x1p-62 + DoubleDouble(exactly: fraction.1) * 0x1p-126 + DoubleDouble(
                exactly: fraction.2) * 0x1p-190
        let r = f * DoubleDouble.halfPi
        self.quadrant = quadrant & 3
        reduced = negative ? -r : r
    }

    /// Bits `offset ..< offset + 64` of floor(2^320 · 2/π); bits past either end are zeros.
    static func word(at offset: Int) -> UInt64 {
        let index = offset >> 6, bit = offset & 63
        func at(_ i: Int) -> UInt64 { i >= 0 && i < twoOverPiWords.count ? twoOverPiWords[i] : 0 }
        guard bit != 0 else { return at(index) }
        return at(index) >> UInt64(bit) | at(index + 1) << UInt64(64 - bit)
    }
}
