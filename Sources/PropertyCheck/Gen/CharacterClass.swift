/// A set of Unicode scalars to draw characters from, in order of simplicity.
///
/// A class is a list of scalar ranges; the first scalar of the first range is the simplest
/// character, and shrinking moves toward it. The standard classes put `a`…`z` first, so
/// text shrinks toward lowercase ASCII letters, then other ASCII, then the rest.
public struct CharacterClass: Sendable, Equatable {
    /// The scalar ranges, simplest first (surrogates never appear).
    public let ranges: [ClosedRange<UInt32>]

    /// A class of the given scalar ranges, simplest first; surrogate code points
    /// (U+D800…U+DFFF) are removed.
    public init(_ ranges: [ClosedRange<UInt32>]) {
        var valid: [ClosedRange<UInt32>] = []
        for range in ranges {
            let upper = Swift.min(range.upperBound, 0x10FFFF)
            guard range.lowerBound <= upper else { continue }
            if range.lowerBound < 0xD800, upper > 0xDFFF {
                valid.append(range.lowerBound...0xD7FF)
                valid.append(0xE000...upper)
            } else if range.lowerBound >= 0xD800, upper <= 0xDFFF {
                continue
            } else if range.lowerBound < 0xD800, upper >= 0xD800 {
                valid.append(range.lowerBound...0xD7FF)
            } else if range.lowerBound <= 0xDFFF, upper > 0xDFFF {
                valid.append(0xE000...upper)
            } else {
                valid.append(range.lowerBound...upper)
            }
        }
        self.ranges = valid
    }

    /// Number of scalars in the class.
    public var count: UInt64 { ranges.reduce(0) { $0 + UInt64($1.upperBound - $1.lowerBound) + 1 } }

    /// The scalar at `index` (clamped to the class), in the class's order.
    func scalar(at index: UInt64) -> Unicode.Scalar {
        var remaining = Swift.min(index, count - 1)
        for range in ranges {
            let size = UInt64(range.upperBound - range.lowerBound) + 1
            if remaining < size { return Unicode.Scalar(range.lowerBound + UInt32(remaining)) ?? "a" }
            remaining -= size
        }
        return "a"
    }

    /// Both classes, `self`'s scalars first.
    public func union(_ other: CharacterClass) -> CharacterClass { CharacterClass(ranges + other.ranges) }

    /// `a`…`z`.
    public static let lowercaseLetters = CharacterClass([0x61...0x7A])
    /// `A`…`Z`.
    public static let uppercaseLetters = CharacterClass([0x41...0x5A])
    /// `0`…`9`.
    public static let digits = CharacterClass([0x30...0x39])
    /// ASCII letters and digits, lowercase first.
    public static let alphanumerics = CharacterClass([0x61...0x7A, 0x41...0x5A, 0x30...0x39])
    /// Space, tab, line feed, carriage return.
    public static let whitespace = CharacterClass([0x20...0x20, 0x09...0x0A, 0x0D...0x0D])
    /// Printable ASCII (U+0020…U+007E), lowercase letters first.
    public static let asciiPrintable = CharacterClass([0x61...0x7A, 0x20...0x60, 0x7B...0x7E])
    /// Latin letters beyond ASCII: Latin-1 Supplement letters and Latin Extended-A/B.
    public static let latinExtended = CharacterClass([0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F])
    /// Greek and Cyrillic letters.
    public static let greekAndCyrillic = CharacterClass([0x391...0x3A9, 0x3B1...0x3C9, 0x400...0x4FF])
    /// CJK Unified Ideographs (U+4E00…U+9FFF).
    public static let cjk = CharacterClass([0x4E00...0x9FFF])
    /// Emoji: pictographs, emoticons, transport and supplemental symbols (each scalar a
    /// character of its own).
    public static let emoji = CharacterClass([
        0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ])
    /// Combining diacritical marks (U+0300…U+036F): alone each is a character; after
    /// another scalar it joins that scalar's character.
    public static let combiningMarks = CharacterClass([0x300...0x36F])
    /// Every Unicode scalar: printable ASCII first, then the rest of the BMP (controls
    /// included), then the supplementary planes.
    public static let unicode = CharacterClass([
        0x61...0x7A, 0x20...0x60, 0x7B...0x7E, 0x00...0x1F, 0x7F...0xFFFF, 0x10000...0x10FFFF,
    ])
}
