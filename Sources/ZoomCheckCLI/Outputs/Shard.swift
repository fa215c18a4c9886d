/// One of N disjoint parts of a `check` run: `--shard K/N`.
///
/// The runs of a check are the pairs property × implementation in catalogue order (every
/// implementation for the first property, then the second, …). They are dealt to the shards
/// by expected cost (the cases a run is expected to take: none when the property does not
/// apply, one when it is a documented finding, which fails at once, else its case count):
/// heaviest first, ties in run order, each to the shard with the least cost so far, ties to
/// the lowest index. The deal is deterministic, so shard K of N is the same set of pairs on
/// every machine, and no shard's expected cost exceeds another's by more than the heaviest
/// single run. Each pair is run with the same seed and case count whatever the shard, and a
/// run depends on nothing else, so the N shards together are exactly the unsharded run: the
/// same verdicts, the same counterexamples.
struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based index of this shard.
    let index: Int
    /// How many shards the run is split into.
    let count: Int

    /// The whole run.
    static let whole = Shard(index: 1, count: 1)

    /// Parses `K/N` with 1 ≤ K ≤ N; nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The pairs of this shard, in run order, dealt by `cost` (see the type's description).
    func select<Property, Implementation>(
        _ properties: [Property], _ implementations: [Implementation], cost: (Property, Implementation) -> Int
    ) -> [(Property, Implementation)] {
        let pairs = properties.flatMap { property in implementations.map { (property, $0) } }
        let costs = pairs.map { cost($0.0, $0.1) }
        let heaviestFirst = pairs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        var loads = Array(repeating: 0, count: count)
        var mine: [Int] = []
        for position in heaviestFirst {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            // Saturating: `--cases` near Int.max, summed over runs, must not trap.
            let (sum, overflow) = loads[lightest].addingReportingOverflow(costs[position])
            loads[lightest] = overflow ? .max : sum
            if lightest == index - 1 { mine.append(position) }
        }
        return mine.sorted().map { pairs[$0] }
    }

    var description: String { "\(index)/\(count)" }
}
