/// Deletion passes: remove spans or runs of choices, repairing a count that precedes them.
extension Shrinker {
    /// Most preceding integer choices tried as "the count of what was deleted".
    static let decrementTargetLimit = 3

    /// Deletes each recorded span; when plain deletion does not help, also decrements a
    /// preceding integer (the count in `n, then n elements`).
    func deleteSpans() {
        var index = 0
        while index < current.spans.count, !isStopped {
            let span = current.spans[index]
            if tryDeleting(span.start..<span.end) { continue }
            index += 1
        }
    }

    /// Deletes runs of 8, 4, 2 and 1 consecutive choices at every position.
    func deleteChunks() {
        for size in [8, 4, 2, 1] {
            var start = 0
            while start + size <= current.choices.count, !isStopped {
                if tryDeleting(start..<(start + size)) { continue }
                start += 1
            }
        }
    }

    /// Tries deleting `range`, then deleting it while decrementing one preceding integer.
    ///
    /// The decrementing variant must make the case shorter: otherwise it would only lower a
    /// value by one while the replay pads the deleted choices back.
    func tryDeleting(_ range: Range<Int>) -> Bool {
        var candidate = current.choices
        candidate.removeSubrange(range)
        if consider(candidate) { return true }
        for target in decrementTargets(before: range.lowerBound) where candidate[target] > 0 {
            var adjusted = candidate
            adjusted[target] -= 1
            if consider(adjusted, requiringShorter: true) { return true }
        }
        return false
    }

    /// Integer choices that may count what follows `position`: the first choice of each span
    /// enclosing it (innermost first), then the nearest integer choice before it.
    func decrementTargets(before position: Int) -> [Int] {
        var targets: [Int] = []
        for span in current.spans.reversed() where span.start < position && position < span.end {
            if current.kinds[span.start] == .integer, !targets.contains(span.start) { targets.append(span.start) }
        }
        var index = position - 1
        while index >= 0 {
            if current.kinds[index] == .integer {
                if !targets.contains(index) { targets.append(index) }
                break
            }
            index -= 1
        }
        return Array(targets.prefix(Self.decrementTargetLimit))
    }

    /// Replaces each span's choices by zeros (the simplest value of every draw in it).
    func zeroSpans() {
        var index = 0
        while index < current.spans.count, !isStopped {
            let span = current.spans[index]
            if span.end <= current.choices.count, current.choices[span.start..<span.end].contains(where: { $0 != 0 }) {
                var candidate = current.choices
                for position in span.start..<span.end { candidate[position] = 0 }
                consider(candidate)
            }
            index += 1
        }
    }
}
