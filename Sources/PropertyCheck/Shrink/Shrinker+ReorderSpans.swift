/// The reordering pass: move simpler elements first, toward the canonical order.
///
/// Two spans that sit side by side (the first ends where the second starts: two array
/// elements with their flags, two set entries, two branches of a recursive structure) are
/// swapped when the swap makes the sequence smaller — when the second span's choices sort
/// before the first's. Repeated over rounds this sorts sibling elements (a bubble sort, so
/// n elements take at most n(n-1)/2 accepted steps), so two counterexamples that differ only
/// in the order of their elements shrink to the same one: `[1, 0]` becomes `[0, 1]` when the
/// property does not care about order.
extension Shrinker {
    func reorderSpans() {
        var index = 0
        while index < current.spans.count, !isStopped {
            let first = current.spans[index]
            var swapped = false
            for second in current.spans where second.start == first.end && second.end <= current.choices.count {
                let choices = current.choices
                var candidate = Array(choices[..<first.start])
                candidate += choices[second.start..<second.end]
                candidate += choices[first.start..<first.end]
                candidate += choices[second.end...]
                if Shortlex.isLess(candidate, choices), consider(candidate) {
                    swapped = true
                    break
                }
            }
            if !swapped { index += 1 }
        }
    }
}
