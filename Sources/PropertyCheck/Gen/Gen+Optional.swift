/// Optional values.
extension Gen {
    /// `nil` or a value from `wrapped`; shrinks toward `nil`, then toward simpler values.
    ///
    /// Generation: `nil` one draw in 4 (a Bool choice, 0 for `nil`), otherwise a value.
    public static func optional<Wrapped>(of wrapped: Gen<Wrapped>) -> Gen<Wrapped?> where Value == Wrapped? {
        Gen { source throws(GenerationRejection) in
            let start = source.beginSpan()
            let present = try source.choose(maximum: 1, kind: .boolean) { $0.next() >> 62 == 0 ? 0 : 1 }
            let value = present == 0 ? nil : try wrapped.body(source)
            source.endSpan(start)
            return value
        }
    }
}
