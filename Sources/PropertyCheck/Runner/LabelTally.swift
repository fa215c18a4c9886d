/// A run's label counts: how many passing cases carried each distinct label, each label of a
/// case counted once.
///
/// The counts are those of a `[String: Int]` filled label by label (labels are equal as
/// `String`s are, by canonical equivalence), without hashing a `String` per label: hashing
/// a label that is not ASCII normalises it first. A generator's labels are a few constants
/// repeated (a fit case labels each of its points), so a label is looked up among the
/// spellings seen so far, by length and then by `==`, which is immediate for the same
/// constant; past ``recentLimit`` spellings, by its UTF-8 bytes. The first time a spelling is
/// seen, it is mapped once to its label's slot through a `[String: Int]`. A case's repeats
/// are then found by slot, in one pass. Comparing each label with those before it and
/// hashing it cost the default `zoomcheck check` about 5% of its time.
struct LabelTally {
    /// A label by its UTF-8 bytes: hashed and compared byte for byte.
    private struct Spelling: Hashable {
        let text: String

        static func == (left: Spelling, right: Spelling) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The first spellings seen, their UTF-8 lengths and their slots, searched in order.
    private var recent: [(spelling: String, length: Int, slot: Int)] = []
    /// How many spellings ``recent`` holds; later ones are found by their bytes.
    static let recentLimit = 16
    /// The slot of each spelling past ``recentLimit``.
    private var slotOfSpelling: [Spelling: Int] = [:]
    /// Each label's slot, by `String` equality: consulted once per new spelling.
    private var slotOfLabel: [String: Int] = [:]
    /// By slot: the label as first spelled, its count, and the last case that counted it.
    private var labels: [String] = []
    private var counts: [Int] = []
    private var lastCase: [Int] = []
    private var cases = 0

    /// Counts each distinct label of one passing case once.
    mutating func count(_ caseLabels: [String]) {
        cases += 1
        for label in caseLabels {
            let slot = slot(of: label)
            if lastCase[slot] != cases {
                lastCase[slot] = cases
                counts[slot] += 1
            }
        }
    }

    private mutating func slot(of label: String) -> Int {
        let length = label.utf8.count
        for entry in recent where entry.length == length && entry.spelling == label { return entry.slot }
        let full = recent.count == Self.recentLimit
        if full, let slot = slotOfSpelling[Spelling(text: label)] { return slot }
        let slot: Int
        if let known = slotOfLabel[label] {
            slot = known
        } else {
            slot = labels.count
            slotOfLabel[label] = slot
            labels.append(label)
            counts.append(0)
            lastCase.append(0)
        }
        if full { slotOfSpelling[Spelling(text: label)] = slot } else { recent.append((label, length, slot)) }
        return slot
    }

    /// The count of each label counted at least once, keyed by its first spelling.
    var counted: [String: Int] {
        var result: [String: Int] = [:]
        for (slot, label) in labels.enumerated() where counts[slot] > 0 { result[label] = counts[slot] }
        return result
    }
}
