/// Naming a generator's values, for reports that speak of inputs by name.
extension Gen {
    /// The same generator, whose values are called `name` in failure reports.
    ///
    /// Boundary search (see ``InputBoundary``) reports a numeric choice drawn inside a named
    /// generator under that name, with the named generator's value — the value after any
    /// `map` — on each side of the boundary: name a latitude generator "latitude" and the
    /// report says "latitude fails from 1.0058283894911134e-06", whatever mapping turned the
    /// choice into degrees. The innermost name wins; a name used several times in one case
    /// is numbered ("latitude #2"). Naming changes no draw, so cases and shrinking are the
    /// same as without it; it costs one flag test per draw while generating.
    public func named(_ name: String) -> Gen<Value> {
        Gen { source throws(GenerationRejection) in
            guard source.recordsDraws else { return try self.body(source) }
            let start = source.choices.count
            let value = try self.body(source)
            source.namedDraws.append(
                NamedDraw(start: start, end: source.choices.count, name: name, rendered: String(describing: value)))
            return value
        }
    }
}
