/// Character and string generators.
extension Gen where Value == Character {
    /// A character of one Unicode scalar from `characterClass`, shrinking toward the
    /// class's first scalar (`a` for the standard classes).
    ///
    /// Generation: one draw in 8 is the class's first or last scalar, the rest uniform over
    /// the class (Lemire's method). The choice is the scalar's index in the class.
    public static func character(in characterClass: CharacterClass = .asciiPrintable) -> Gen<Character> {
        let last = characterClass.count - 1
        return Gen { source throws(GenerationRejection) in
            let index = try source.choose(maximum: last, kind: .integer) { rng in
                let selector = rng.next()
                if selector < Gen<Int>.integerBoundaryThreshold * 2 { return selector % 2 == 0 ? 0 : last }
                return rng.nextThrough(last)
            }
            return Character(characterClass.scalar(at: index))
        }
    }

    /// A character drawn from one of `classes`, chosen uniformly; shrinks toward the first
    /// class and its first scalar — e.g. `[.asciiPrintable, .emoji, .combiningMarks]`.
    public static func character(in classes: [CharacterClass]) -> Gen<Character> {
        oneOf(classes.map { character(in: $0) })
    }
}

extension Gen where Value == String {
    /// A string of `count` characters from `characters`, shrinking toward fewer and simpler
    /// characters (the empty string first when `count` allows it).
    ///
    /// The characters are drawn as an array (see `Gen.array(of:count:)`) and joined:
    /// a drawn combining mark joins the character before it, so the string's `count` can be
    /// smaller than the number drawn; its `unicodeScalars.count` never is.
    public static func string(of characters: Gen<Character> = .character(), count: ClosedRange<Int> = 0...20) -> Gen<
        String
    > { Gen<[Character]>.array(of: characters, count: count).map { String($0) } }

    /// A string of characters from `characterClass`.
    public static func string(in characterClass: CharacterClass, count: ClosedRange<Int> = 0...20) -> Gen<String> {
        string(of: .character(in: characterClass), count: count)
    }
}
