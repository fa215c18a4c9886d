/// Combinators that transform, chain, restrict and label generators.
extension Gen {
    /// Applies `transform` to each value; shrinks as the underlying generator does.
    @inlinable public func map<Mapped>(_ transform: @escaping @Sendable (Value) -> Mapped) -> Gen<Mapped> {
        Gen<Mapped> { source throws(GenerationRejection) in transform(try self.body(source)) }
    }

    /// Draws a value, then draws from the generator it selects (bind).
    ///
    /// The whole draw and the dependent draw are each recorded as a span, so the shrinker
    /// can delete part of the dependent draw while lowering the value it depends on (for
    /// example a count and its elements).
    public func flatMap<Mapped>(_ next: @escaping @Sendable (Value) -> Gen<Mapped>) -> Gen<Mapped> {
        Gen<Mapped> { source throws(GenerationRejection) in
            let start = source.beginSpan()
            let first = try self.body(source)
            let innerStart = source.beginSpan()
            let result = try next(first).body(source)
            source.endSpan(innerStart)
            source.endSpan(start)
            return result
        }
    }

    /// Keeps only values satisfying `isIncluded`, trying at most `budget` draws per value.
    ///
    /// Each rejected attempt stays in the choice sequence (the shrinker may delete it).
    /// When all `budget` attempts are rejected, the case is discarded with
    /// ``GenerationRejection/Reason/filterBudgetExhausted(filter:attempts:)``; the runner
    /// gives up with ``PropertyCheckError/filterBudgetExhausted(filter:attemptsPerValue:discardedCases:)``
    /// once too many cases were discarded. Prefer constructing valid values directly.
    ///
    /// - Parameters:
    ///   - description: Names the filter in the "gave up" report.
    ///   - budget: Attempts per value before the case is discarded (at least 1).
    ///   - isIncluded: Whether a drawn value is kept.
    public func filter(
        _ description: String = "filter", budget: Int = 100, _ isIncluded: @escaping @Sendable (Value) -> Bool
    ) -> Gen<Value> {
        let attempts = Swift.max(1, budget)
        return Gen { source throws(GenerationRejection) in
            for _ in 0..<attempts {
                let start = source.beginSpan()
                let value = try self.body(source)
                source.endSpan(start)
                if isIncluded(value) { return value }
            }
            throw GenerationRejection(reason: .filterBudgetExhausted(filter: description, attempts: attempts))
        }
    }

    /// Attaches the labels `classify` returns to each case, for label counts and coverage.
    public func labelled(_ classify: @escaping @Sendable (Value) -> [String]) -> Gen<Value> {
        Gen { source throws(GenerationRejection) in
            let value = try self.body(source)
            for label in classify(value) { source.label(label) }
            return value
        }
    }
}
