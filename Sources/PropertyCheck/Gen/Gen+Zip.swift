/// Generators of tuples, drawing their components in order.
extension Gen {
    /// A pair drawn from `first` then `second`.
    @inlinable public static func zip<A, B>(_ first: Gen<A>, _ second: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen { source throws(GenerationRejection) in (try first.body(source), try second.body(source)) }
    }

    /// A triple drawn from each generator in order.
    @inlinable public static func zip<A, B, C>(_ first: Gen<A>, _ second: Gen<B>, _ third: Gen<C>) -> Gen<(A, B, C)>
    where Value == (A, B, C) {
        Gen { source throws(GenerationRejection) in
            (try first.body(source), try second.body(source), try third.body(source))
        }
    }

    /// A quadruple drawn from each generator in order.
    @inlinable public static func zip<A, B, C, D>(_ first: Gen<A>, _ second: Gen<B>, _ third: Gen<C>, _ fourth: Gen<D>)
        -> Gen<(A, B, C, D)> where Value == (A, B, C, D)
    {
        Gen { source throws(GenerationRejection) in
            (try first.body(source), try second.body(source), try third.body(source), try fourth.body(source))
        }
    }

    /// A tuple drawn from each generator in order, for any number of generators.
    public static func zip<each Component>(_ generators: repeat Gen<each Component>) -> Gen<(repeat each Component)>
    where Value == (repeat each Component) {
        Gen { source throws(GenerationRejection) in (repeat try (each generators).body(source)) }
    }
}
