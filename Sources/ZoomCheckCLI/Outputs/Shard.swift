/// One of N disjoint parts of a `check` run: `--shard K/N`.
///
/// The runs of a check are the pairs property × implementation in catalogue order (every
/// implementation for the first property, then the second, …). Shard K of N takes the pairs
/// whose index i satisfies i mod N = K − 1. Each pair is run with the same seed and case
/// count whatever the shard, and a run depends on nothing else, so the N shards together
/// are exactly the unsharded run: the same verdicts, the same counterexamples.
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
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Whether the pair at `position` (0-based, in run order) belongs to this shard.
    func contains(_ position: Int) -> Bool {
        position % count == index - 1
    }

    /// The pairs of this shard, in run order.
    func select<Property, Implementation>(_ properties: [Property], _ implementations: [Implementation]) -> [(Property, Implementation)] {
        var selected: [(Property, Implementation)] = []
        var position = 0
        for property in properties {
            for implementation in implementations {
                if contains(position) { selected.append((property, implementation)) }
                position += 1
            }
        }
        return selected
    }

    var description: String { "\(index)/\(count)" }
}
