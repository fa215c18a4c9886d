/// The order-preserving map between non-negative doubles and magnitude choices.
///
/// Adapted from Hypothesis (`hypothesis/internal/conjecture/floats.py`) so that a smaller
/// choice is a simpler double and lowering a choice simplifies the value:
///
/// 1. An integral value below 2^56 is its own choice (`0 ... 2^56-1`): integers come first,
///    in increasing order, so 2 is simpler than 1.5.
/// 2. Any other value gets bit 63 set, then an 11-bit exponent code and a 52-bit mantissa.
///    Exponent codes order binades as 2^0, 2^1, ..., 2^1023, then 2^-1, 2^-2, ..., the
///    subnormals, then infinity/NaN last.
/// 3. The fractional bits of the mantissa are stored bit-reversed, so that a value with
///    fewer fractional bits has a smaller choice: 1.5 (0b1.1) encodes as `2^63 | 1`, below
///    every other non-integer in [1, 2).
///
/// Decoding a choice below 2^63 keeps its low 56 bits (as Hypothesis does), so every
/// choice decodes to some double; the source re-encodes what it used, so the recorded
/// choice is always canonical.
enum DoubleLexEncoding {
    static let mantissaMask: UInt64 = (1 << 52) - 1
    static let simpleIntegerLimit: UInt64 = 1 << 56
    static let fractionalFlag: UInt64 = 1 << 63
    static let exponentBias = 1023

    /// The choice for `magnitude` (the sign bit is ignored; NaN's payload is dropped).
    @inline(__always) static func encode(_ magnitude: Double) -> UInt64 {
        let value = Swift.abs(magnitude)
        if value < 0x1p56, value == value.rounded(.towardZero) { return UInt64(value) }
        var bits = value.bitPattern & ~(1 << 63)
        if value.isNaN { bits = Double.nan.bitPattern }
        let exponent = Int(bits >> 52)
        let mantissa = updateMantissa(unbiasedExponent: exponent - exponentBias, bits & mantissaMask)
        return fractionalFlag | (UInt64(encodeExponent(exponent)) << 52) | mantissa
    }

    /// The non-negative double a magnitude choice stands for.
    @inline(__always) static func decode(_ choice: UInt64) -> Double {
        guard choice & fractionalFlag != 0 else { return Double(choice & (simpleIntegerLimit - 1)) }
        let exponent = decodeExponent(Int((choice >> 52) & 0x7FF))
        let mantissa = updateMantissa(unbiasedExponent: exponent - exponentBias, choice & mantissaMask)
        return Double(bitPattern: (UInt64(exponent) << 52) | mantissa)
    }

    /// Reverses the fractional bits of a mantissa; its own inverse.
    @inline(__always) static func updateMantissa(unbiasedExponent: Int, _ mantissa: UInt64) -> UInt64 {
        if unbiasedExponent <= 0 { return reverseBits(mantissa, count: 52) }
        if unbiasedExponent <= 51 {
            let fractionalBitCount = 52 - unbiasedExponent
            let fractionalPart = mantissa & ((1 << UInt64(fractionalBitCount)) - 1)
            return (mantissa ^ fractionalPart) | reverseBits(fractionalPart, count: fractionalBitCount)
        }
        return mantissa
    }

    /// Exponent code: 2^0...2^1023 first (codes 0...1023), then 2^-1 down to the
    /// subnormals (codes 1024...2046), then infinity/NaN (2047).
    @inline(__always) static func encodeExponent(_ biased: Int) -> Int {
        if biased == 2047 { return 2047 }
        return biased >= exponentBias ? biased - exponentBias : 2046 - biased
    }

    /// Inverse of ``encodeExponent(_:)``.
    @inline(__always) static func decodeExponent(_ code: Int) -> Int {
        if code == 2047 { return 2047 }
        return code <= 1023 ? code + exponentBias : 2046 - code
    }

    /// The low `count` bits of `value`, in reverse order.
    @inline(__always) static func reverseBits(_ value: UInt64, count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        var x = value
        x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1)
        x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2)
        x = ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
        x = ((x >> 8) & 0x00FF_00FF_00FF_00FF) | ((x & 0x00FF_00FF_00FF_00FF) << 8)
        x = ((x >> 16) & 0x0000_FFFF_0000_FFFF) | ((x & 0x0000_FFFF_0000_FFFF) << 16)
        x = (x >> 32) | (x << 32)
        return x >> UInt64(64 - count)
    }
}
