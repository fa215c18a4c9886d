/// Run-length encoding of strings: `"aaab"` ↔ `[("a", 3), ("b", 1)]`.
public enum RunLength {
    /// One run: a character repeated `count` times.
    public struct Run: Equatable, Sendable {
        /// The repeated character.
        public let character: Character
        /// How many times it repeats (at least 1).
        public let count: Int

        /// A run of `count` copies of `character`.
        public init(_ character: Character, _ count: Int) {
            self.character = character
            self.count = count
        }
    }

    /// The runs of `text`, in order; adjacent runs hold different characters.
    public static func encode(_ text: String) -> [Run] {
        var runs: [Run] = []
        for character in text {
            if let last = runs.last, last.character == character {
                runs[runs.count - 1] = Run(character, last.count + 1)
            } else {
                runs.append(Run(character, 1))
            }
        }
        return runs
    }

    /// The text the runs stand for.
    public static func decode(_ runs: [Run]) -> String {
        runs.map { String(repeating: $0.character, count: $0.count) }.joined()
    }

    /// A compact form, `"a3b1"`: each run's character and count. A documented defect: a
    /// digit character makes the form ambiguous (`"a0"` becomes `"a101"`, read back as 101 × "a").
    public static func compact(_ text: String) -> String {
        encode(text).map { "\($0.character)\($0.count)" }.joined()
    }

    /// Parses the compact form back; `nil` if malformed.
    public static func expand(_ compact: String) -> String? {
        var result = ""
        var characters = Array(compact)[...]
        while let character = characters.popFirst() {
            var digits = ""
            while let next = characters.first, next.isASCII, next.isNumber { digits.append(next); characters.removeFirst() }
            guard let count = Int(digits), count > 0 else { return nil }
            result += String(repeating: character, count: count)
        }
        return result
    }
}
