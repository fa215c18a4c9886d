/// A generator: a recipe that draws a value from a ``ChoiceSource``.
///
/// Generators only draw. Every primitive records its choices, so a test case is its choice
/// sequence, and the shrinker simplifies values through any combination of combinators by
/// editing those choices and replaying them through the same generator.
///
/// Generators are immutable values with `@Sendable` bodies, safe to share across threads.
/// Build custom ones from others with `Gen.init(_:)`:
///
/// ```swift
/// let coordinate = Gen { source in
///     (try source.draw(.double(in: -85...85)), try source.draw(.double(in: -180...180)))
/// }
/// ```
public struct Gen<Value>: Sendable {
    /// Draws one value, recording choices; throws only to discard the case.
    ///
    /// `@usableFromInline` so that `zip` and `map` can be specialised in the module that
    /// calls them: generic, they looked up the tuple's type metadata at run time on every
    /// draw (about 3% of a catalogue run).
    @usableFromInline let body: @Sendable (ChoiceSource) throws(GenerationRejection) -> Value

    /// A generator whose value is computed by drawing from other generators.
    public init(_ body: @escaping @Sendable (ChoiceSource) throws(GenerationRejection) -> Value) { self.body = body }

    /// A generator from a closure with untyped `throws` (what `{ source in try ... }`
    /// infers). An error other than ``GenerationRejection`` discards the case with
    /// ``GenerationRejection/Reason/generatorThrew(_:)``.
    @_disfavoredOverload public init(_ body: @escaping @Sendable (ChoiceSource) throws -> Value) {
        self.body = { source throws(GenerationRejection) in
            do { return try body(source) } catch let rejection as GenerationRejection { throw rejection } catch {
                throw GenerationRejection(reason: .generatorThrew(String(reflecting: error)))
            }
        }
    }

    /// Replays `choices` through this generator (padding with zeros when they run out).
    ///
    /// - Returns: The value, or `nil` if the generator discarded the case (a `filter` ran
    ///   out of budget).
    public func value(replaying choices: ChoiceSequence) -> Value? {
        let source = ChoiceSource(replaying: choices.values, recordsStructure: false)
        return try? body(source)
    }

    /// Generates one value from `seed` together with the choices that rebuild it.
    public func sample(seed: UInt64) -> (value: Value, choices: ChoiceSequence)? {
        let source = ChoiceSource(seed: seed)
        guard let value = try? body(source) else { return nil }
        return (value, ChoiceSequence(source.choices))
    }
}
