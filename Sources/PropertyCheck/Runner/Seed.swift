import Foundation

/// The seed of a run: a 64-bit number, written `0x` and 16 hexadecimal digits, read in decimal
/// or `0x`-hexadecimal. Every seed ZoomCheck prints or reads goes through this one type.
public struct Seed: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The seed's value, as the generators take it.
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The seed `value`.
    public init(_ value: UInt64) { rawValue = value }

    /// The seed written as a number: `Seed.default == 0x2010_0122`.
    public init(integerLiteral value: UInt64) { rawValue = value }

    /// Reads `text` in decimal or as `0x`-prefixed hexadecimal (blanks around it ignored);
    /// nil for anything else, a sign included, or a value over 64 bits.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value =
            trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X")
            ? UInt64(trimmed.dropFirst(2), radix: 16) : UInt64(trimmed, radix: 10)
        guard let value else { return nil }
        rawValue = value
    }

    /// `0x` and exactly 16 lowercase hexadecimal digits (`0x0000000020100122`), so that
    /// seeds line up in reports and replay lines.
    public var description: String {
        let digits = String(rawValue, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `0x` and the hexadecimal digits without leading zeros (`0x20100122`): the short form
    /// replay lines print, read back by ``init(parsing:)`` like the long one.
    public var abbreviated: String { "0x" + String(rawValue, radix: 16) }

    /// The seed a run uses when nothing names one: fixed, so that a run is reproducible by
    /// default (the date of the blog post whose code ZoomCheck's seed port reproduces,
    /// 2010-01-22). The engine, the catalogue and `zoomcheck check` share it.
    public static let `default` = Seed(0x2010_0122)

    /// A fresh seed from the system's generator (asked for by `ZOOMCHECK_SEED=random`; always
    /// printed in failure reports, so that the run can be replayed).
    public static func random() -> Seed {
        var system = SystemRandomNumberGenerator()
        return Seed(system.next())
    }
}
