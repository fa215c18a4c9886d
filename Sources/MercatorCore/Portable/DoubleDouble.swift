/// An unevaluated sum `hi + lo` of two doubles with |lo| ≤ ½ ulp(hi): about 106 bits.
///
/// Built only from operations IEEE 754 rounds correctly (+, −, ×, ÷ and the fused
/// multiply-add `addingProduct`), so every result is the same bits on every platform and in
/// every build configuration. Error-free transformations: TwoSum (Knuth) for sums and
/// fma-based TwoProd for products; the compound operations are the "accurate" algorithms
/// of Joldes, Muller and Popescu (2017), relative error below 2^−103 for `+` and
/// 2^−102 for `×` when nothing underflows.
public struct DoubleDouble: Sendable, Hashable {
    /// The leading double (the value rounded to nearest).
    public var hi: Double
    /// The trailing double: the exact remainder up to ~2^−106 relative.
    public var lo: Double

    public init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The double-double whose two parts are these bit patterns (tables and constants).
    public init(hiBits: UInt64, loBits: UInt64) { self.init(Double(bitPattern: hiBits), Double(bitPattern: loBits)) }

    /// π/2 to 107 bits: 0x1.921fb54442d18p+0 + 0x1.1a62633145c07p−54 (mpmath, 600 bits).
    public static let halfPi = DoubleDouble(hiBits: 0x3FF9_21FB_5444_2D18, loBits: 0x3C91_A626_3314_5C07)
    /// ln 2 to 107 bits: 0x1.62e42fefa39efp−1 + 0x1.abc9e3b39803fp−56 (mpmath, 600 bits).
    public static let ln2 = DoubleDouble(hiBits: 0x3FE6_2E42_FEFA_39EF, loBits: 0x3C7A_BC9E_3B39_803F)

    /// The double nearest to the value.
    public var value: Double { hi + lo }

    /// s + e = a + b exactly (TwoSum, any order of magnitudes).
    @inline(__always) static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        let e = (a - (s - bb)) + (b - bb)
        return DoubleDouble(s, e)
    }

    /// s + e = a + b exactly, when |a| ≥ |b| or a = 0 (FastTwoSum).
    @inline(__always) static func fastTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// p + e = a · b exactly (fma TwoProd), barring underflow.
    @inline(__always) static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(p, (-p).addingProduct(a, b))
    }

    @inline(__always) public static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = twoSum(a.hi, b.hi), t = twoSum(a.lo, b.lo)
        let u = fastTwoSum(s.hi, s.lo + t.hi)
        return fastTwoSum(u.hi, t.lo + u.lo)
    }

    @inline(__always) public static func + (a: DoubleDouble, b: Double) -> DoubleDouble {
        let s = twoSum(a.hi, b)
        return fastTwoSum(s.hi, s.lo + a.lo)
    }

    @inline(__always) public static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(-a.hi, -a.lo) }

    @inline(__always) public static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    @inline(__always) public static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = twoProduct(a.hi, b.hi)
        let cross = (a.hi * b.lo).addingProduct(a.lo, b.hi)
        return fastTwoSum(p.hi, p.lo + cross)
    }

    @inline(__always) public static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        let p = twoProduct(a.hi, b)
        return fastTwoSum(p.hi, p.lo.addingProduct(a.lo, b))
    }

    @inline(__always) public static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        let remainder = a - b * q1
        let q2 = remainder.hi / b.hi
        let r2 = remainder - b * q2
        return fastTwoSum(q1, q2) + r2.hi / b.hi
    }

    /// The exact value of a 64-bit unsigned integer (two exact halves, summed).
    init(exactly word: UInt64) {
        self = DoubleDouble.twoSum(Double(word >> 32) * 4_294_967_296, Double(word & 0xFFFF_FFFF))
    }
}
