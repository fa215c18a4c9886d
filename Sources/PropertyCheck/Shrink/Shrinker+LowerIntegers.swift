/// Integer passes: lower each integer, and move amounts between integers.
extension Shrinker {
    /// Binary-searches every integer and Bool choice toward 0 (the value nearest zero, or
    /// the bound nearest zero; `false`; the first alternative; "no more elements").
    func lowerIntegers() {
        var index = 0
        while index < current.choices.count, !isStopped {
            let kind = current.kinds[index]
            if kind == .integer || kind == .boolean { minimizeChoice(at: index) }
            index += 1
        }
    }

    /// Most later integer choices each integer choice tries to move its amount to.
    static let redistributeReach = 4

    /// For pairs of integer choices (i before j), lowers choice i as far as possible while
    /// adding what it loses to choice j — so `(30, 40)` can become `(0, 70)` when only the
    /// sum matters, after which deletion can remove the zero.
    func redistribute() {
        var first = 0
        while first < current.choices.count, !isStopped {
            var reached = 0
            var second = first + 1
            while second < current.choices.count, reached < Self.redistributeReach, !isStopped {
                guard current.kinds[first] == .integer, current.choices[first] > 0 else { break }
                if current.kinds[second] == .integer {
                    reached += 1
                    moveAmount(from: first, to: second)
                }
                second += 1
            }
            first += 1
        }
    }

    /// Binary-searches the lowest value of choice `from` for which moving the difference
    /// onto choice `to` still fails.
    func moveAmount(from source: Int, to destination: Int) {
        func attempt(_ newValue: UInt64) -> Bool {
            let moved = current.choices[source] - newValue
            let (sum, overflow) = current.choices[destination].addingReportingOverflow(moved)
            guard !overflow else { return false }
            var candidate = current.choices
            candidate[source] = newValue
            candidate[destination] = sum
            return consider(candidate)
        }
        if attempt(0) { return }
        var low: UInt64 = 0
        var high = current.choices[source]
        while low &+ 1 < high, !isStopped {
            let middle = low + (high - low) / 2
            if attempt(middle) {
                guard source < current.choices.count, destination < current.choices.count,
                    current.kinds[source] == .integer, current.kinds[destination] == .integer
                else { return }
                high = current.choices[source]
            } else {
                low = middle
            }
        }
    }
}
