/// A run's label counts: how many passing cases carried each distinct label, each label of a
/// case counted once.
///
/// The counts are those of a `[String: Int]` filled label by label (labels are equal as
/// `String`s are, by canonical equivalence), without hashing a `String` per label: hashing
/// a label that is not ASCII normalises it first. A generator's labels are a few constants
/// repeated (a fit case labels each of its points), so a label is looked up first among the
/// first ``recentLimit`` spellings seen, by length and then by `==`, which is immediate for
/// the same constant; only a label found nowhere there is hashed, into the `[String: Int]` of
/// slots. A case's repeats are then found by slot, in one pass. Comparing each label with
/// those before it and hashing it cost the default `zoomcheck check` about 5% of its time.
struct LabelTally {
    /// The first spellings seen, their UTF-8 lengths and their slots, searched in order.
    private var recent: [(spelling: String, length: Int, slot: Int)] = []
    /// How many spellings ``recent`` holds.
    static let recentLimit = 16
    /// Each label's slot, by `String` equality.
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
        if recent.count < Self.recentLimit { recent.append((label, length, slot)) }
        return slot
    }

    /// The count of each label, keyed by its first spelling.
    var counted: [String: Int] { Dictionary(uniqueKeysWithValues: zip(labels, counts)) }
}
