/// The pass that lowers a choice while raising the choice after it to its maximum.
///
/// Lowering a branch index (`oneOf`) or a Bool usually changes what the next choice means;
/// kept as is, the next value tends to pass, and the simpler branch is never reached. Raising
/// the next choice to its maximum (the replay clamps it to the largest valid value) keeps the
/// case failing in the new branch when large values fail; `lowerIntegers` then brings it
/// back down. `oneOf(0...100, 200...300)` failing above 50 thus goes 200 → 100 → 51.
extension Shrinker {
    func lowerWithRaisedSuccessor() {
        var index = 0
        while index + 1 < current.choices.count, !isStopped {
            let kind = current.kinds[index]
            if (kind == .integer || kind == .boolean), current.choices[index] > 0 {
                let raised: UInt64? =
                    switch current.kinds[index + 1] {
                    case .integer: .max
                    case .doubleMagnitude: DoubleLexEncoding.encode(.greatestFiniteMagnitude)
                    case .boolean, .doubleSign: nil
                    }
                if let raised {
                    for lowered in Set([0, current.choices[index] - 1]).sorted() {
                        var candidate = current.choices
                        candidate[index] = lowered
                        candidate[index + 1] = raised
                        if consider(candidate) { break }
                    }
                }
            }
            index += 1
        }
    }
}
