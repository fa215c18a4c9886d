import Foundation

/// The double pass: move each double toward the simplest value that still fails.
///
/// Order of preference, matching the magnitude encoding (``DoubleLexEncoding``):
/// 1. positive before negative (flip the sign choice);
/// 2. finite before non-finite, infinity before NaN (try 0, the greatest finite
///    magnitude, then infinity);
/// 3. integers before fractions: try 0, ⌊|x|⌋ and ⌊|x|⌋ + 1, then binary-search the
///    integer down toward 0 — so "x ≥ 1.5" on [0, 1000] ends at exactly 2;
/// 4. fewer significant decimal digits: |x| rounded to 1, 2, ... 17 digits — so
///    "1.45 < x < 1.55" ends at exactly 1.5;
/// 5. smaller encoding: binary search of the fraction's encoding toward the simplest
///    fraction (fewer fractional bits, binades nearer 1).
extension Shrinker {
    /// Exact powers of ten, 10^0 ... 10^22 (all representable).
    static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    func simplifyDoubles() {
        var index = 0
        while index + 1 < current.choices.count, !isStopped {
            if current.kinds[index] == .doubleMagnitude, current.kinds[index + 1] == .doubleSign {
                simplifyDouble(at: index)
            }
            index += 1
        }
    }

    func simplifyDouble(at index: Int) {
        let signIndex = index + 1
        if current.choices[signIndex] != 0 { consider(replacingChoiceAt: signIndex, with: 0) }
        guard isDouble(at: index) else { return }
        var magnitude = DoubleLexEncoding.decode(current.choices[index])
        if !magnitude.isFinite {
            var simpler: [Double] = [0, .greatestFiniteMagnitude]
            if magnitude.isNaN { simpler.append(.infinity) }
            for candidate in simpler where consider(replacingChoiceAt: index, with: DoubleLexEncoding.encode(candidate))
            { break }
            guard isDouble(at: index) else { return }
            magnitude = DoubleLexEncoding.decode(current.choices[index])
            guard magnitude.isFinite else { return }
        }
        if current.choices[index] >= DoubleLexEncoding.simpleIntegerLimit {
            let whole = magnitude.rounded(.towardZero)
            for integer in [0, whole, whole + 1] where integer < 0x1p56 {
                if consider(replacingChoiceAt: index, with: UInt64(integer)) { break }
            }
            guard isDouble(at: index) else { return }
        }
        if current.choices[index] < DoubleLexEncoding.simpleIntegerLimit {
            minimizeChoice(at: index)
            return
        }
        magnitude = DoubleLexEncoding.decode(current.choices[index])
        for digits in 1...17 where !isStopped {
            guard let rounded = Self.rounded(magnitude, significantDigits: digits), rounded != magnitude else {
                continue
            }
            let encoded = DoubleLexEncoding.encode(rounded)
            if encoded < current.choices[index], consider(replacingChoiceAt: index, with: encoded) {
                guard isDouble(at: index) else { return }
                magnitude = DoubleLexEncoding.decode(current.choices[index])
            }
        }
        if isDouble(at: index), current.choices[index] >= DoubleLexEncoding.simpleIntegerLimit {
            minimizeChoice(at: index, floor: DoubleLexEncoding.fractionalFlag)
        }
    }

    /// Whether `index` still holds a double's magnitude (edits can reshape the sequence).
    func isDouble(at index: Int) -> Bool {
        index + 1 < current.choices.count && current.kinds[index] == .doubleMagnitude
    }

    /// `value` (positive, finite) rounded to `digits` significant decimal digits, or `nil`
    /// when the scaling power of ten is not exact.
    ///
    /// Method: with e = ⌊log10 value⌋ (found by comparing with exact powers of ten, not by
    /// libm's `log10`, so that the result cannot differ between platforms) and
    /// p = digits - 1 - e, compute
    /// `(value × 10^p).rounded() / 10^p` (or `(value / 10^-p).rounded() × 10^-p`); both
    /// operands are exact, so the division or product is correctly rounded and 15/10 gives
    /// exactly the double nearest 1.5.
    static func rounded(_ value: Double, significantDigits digits: Int) -> Double? {
        guard value > 0, value.isFinite else { return nil }
        guard let exponent = decimalExponent(of: value) else { return nil }
        let power = digits - 1 - exponent
        guard abs(power) < powersOfTen.count else { return nil }
        let result =
            power >= 0
            ? (value * powersOfTen[power]).rounded() / powersOfTen[power]
            : (value / powersOfTen[-power]).rounded() * powersOfTen[-power]
        return result.isFinite ? result : nil
    }

    /// ⌊log10 value⌋ for a positive finite value, by comparison with the exact powers of
    /// ten in `powersOfTen` (nil beyond them). Near a power of ten the product for values
    /// below 1 may round across it; that only changes which candidate is tried, and it
    /// does so identically on every platform.
    static func decimalExponent(of value: Double) -> Int? {
        if value >= 1 {
            var exponent = 0
            while exponent + 1 < powersOfTen.count, value >= powersOfTen[exponent + 1] { exponent += 1 }
            return exponent + 1 < powersOfTen.count ? exponent : nil
        }
        var shift = 1
        while shift < powersOfTen.count, value * powersOfTen[shift] < 1 { shift += 1 }
        return shift < powersOfTen.count ? -shift : nil
    }
}
