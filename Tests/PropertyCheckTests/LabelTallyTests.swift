import PropertyCheckTesting
import Testing
import TestSupport

@testable import PropertyCheck

/// The run's label counts (`LabelTally`) are those of a `[String: Int]` filled label by label,
/// each label of a case counted once: what the engine counted before it looked labels up by
/// their bytes.
@Suite("Label tally", .tags(.engine)) struct LabelTallyTests {
    /// The counts as the engine kept them before: `String` keys, each case's repeats skipped
    /// by comparing each label with those before it.
    static func reference(_ cases: [[String]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for labels in cases {
            for (index, label) in labels.enumerated() where !labels[..<index].contains(label) {
                counts[label, default: 0] += 1
            }
        }
        return counts
    }

    static func tally(_ cases: [[String]]) -> [String: Int] {
        var tally = LabelTally()
        for labels in cases { tally.count(labels) }
        return tally.counted
    }

    @Test("A case's repeated label counts once") func repeatsCountOnce() {
        let counts = Self.tally([["a", "b", "a", "a"], ["b"], [], ["c", "c"]])
        #expect(counts == ["a": 1, "b": 2, "c": 1])
    }

    /// "é" written precomposed and decomposed is one `String`: one label, counted once per
    /// case, kept under the spelling seen first (as a `[String: Int]` keeps its first key).
    @Test("Labels are equal as Strings are: canonically equivalent spellings are one label") func canonicalEquivalence()
    {
        let composed = "caf\u{E9} \u{2265} 1\u{B0}", decomposed = "cafe\u{301} \u{2265} 1\u{B0}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        let counts = Self.tally([[decomposed], [composed, decomposed], [composed]])
        #expect(counts == [composed: 3])
        #expect(counts.keys.first.map { Array($0.utf8) } == Array(decomposed.utf8))
        #expect(counts == Self.reference([[decomposed], [composed, decomposed], [composed]]))
    }

    /// Drawn label lists over a pool wider than the spellings searched in order
    /// (`LabelTally.recentLimit`), canonically equivalent spellings and repeats included: the
    /// same counts as the reference, and the same key spellings.
    @Test("Any cases' counts are the reference's, past the recent spellings too") func matchesReference() async {
        let pool = (0..<40).map { "label \($0) \u{B0}" } + ["\u{E9}", "e\u{301}", "|lon| \u{2265} 179\u{B0}", "", "a"]
        let cases = Gen.array(of: Gen.int(in: 0...(pool.count - 1)).map { pool[$0] }, count: 0...12)
        let lists = Gen.array(of: cases, count: 0...60)
        let property = Property("label tally matches String-keyed counts", lists) { lists in
            let counts = Self.tally(lists), reference = Self.reference(lists)
            try ensure(counts == reference, "tally \(counts) but reference \(reference)")
            for (label, _) in reference {
                let key = counts.keys.first { $0 == label }
                try ensure(key.map { Array($0.utf8) } == Array(label.utf8), "key spelled differently for \(label)")
            }
        }
        await expectProperty(property)
    }
}
