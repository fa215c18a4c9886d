/// The pass that lowers one double while raising a later one by the same amount.
///
/// Some failures need a sum to stay large: a start longitude plus an offset past 180°, a
/// position plus a width. Lowering either value alone makes the case pass, so every
/// one-value pass stops at a local minimum (`start = 179, offset = 1`). This pass moves an
/// amount d from the magnitude of a double to the magnitude of a later one (within
/// ``moveReach`` doubles): it tries the first at 0 (the replay clamps it to its range, and the
/// second to its own), then binary-searches the lowest whole value of the first that still
/// fails — so `(179, 1)` in `170...180 × 0...10` becomes `(170, 10)`. The first value's
/// choice drops and nothing before it changes, so every accepted step is simpler.
extension Shrinker {
    /// Most later doubles each double tries to move its amount to.
    static let moveReach = 4

    func moveDoubleAmounts() {
        var first = 0
        while first + 1 < current.choices.count, !isStopped {
            if current.kinds[first] == .doubleMagnitude {
                var reached = 0
                var second = first + 2
                while second + 1 < current.choices.count, reached < Self.moveReach, !isStopped {
                    if current.kinds[second] == .doubleMagnitude {
                        reached += 1
                        moveDoubleAmount(from: first, to: second)
                    }
                    second += 1
                }
            }
            first += 1
        }
    }

    /// Binary-searches the lowest whole magnitude of the double at `source` for which
    /// moving the difference onto the double at `destination` still fails.
    func moveDoubleAmount(from source: Int, to destination: Int) {
        func magnitudes() -> (Double, Double)? {
            guard destination < current.choices.count, current.kinds[source] == .doubleMagnitude,
                current.kinds[destination] == .doubleMagnitude
            else { return nil }
            let from = DoubleLexEncoding.decode(current.choices[source])
            let to = DoubleLexEncoding.decode(current.choices[destination])
            guard from.isFinite, to.isFinite, from > 0 else { return nil }
            return (from, to)
        }
        func attempt(_ lowered: Double) -> Bool {
            guard let (from, to) = magnitudes(), lowered < from else { return false }
            let raised = to + (from - lowered)
            guard raised.isFinite else { return false }
            var candidate = current.choices
            candidate[source] = DoubleLexEncoding.encode(lowered)
            candidate[destination] = DoubleLexEncoding.encode(raised)
            return consider(candidate)
        }
        guard let (from, _) = magnitudes() else { return }
        if attempt(0) { return }
        var low = 0.0
        var high = from.rounded(.down)
        if high < from, high > 0, !attempt(high) { return }
        guard magnitudes() != nil else { return }
        high = DoubleLexEncoding.decode(current.choices[source]).rounded(.down)
        while low + 1 < high, !isStopped {
            let middle = (low + (high - low) / 2).rounded(.down)
            if attempt(middle) {
                guard let (now, _) = magnitudes() else { return }
                high = now.rounded(.down)
            } else {
                low = middle
            }
        }
    }
}
