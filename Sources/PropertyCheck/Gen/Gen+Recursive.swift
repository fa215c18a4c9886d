/// Sized and recursive generators.
extension Gen {
    /// A generator chosen by a size in `0...maximumSize`, drawn first and shrinking toward 0
    /// (and then toward what `make` builds for smaller sizes).
    ///
    /// ```swift
    /// let matrix = Gen.sized(upTo: 8) { n in .array(of: .array(of: .int(in: 0...9), count: n), count: n) }
    /// ```
    public static func sized(upTo maximumSize: Int, _ make: @escaping @Sendable (Int) -> Gen<Value>) -> Gen<Value> {
        Gen<Int>.int(in: 0...Swift.max(0, maximumSize)).flatMap(make)
    }

    /// A recursive structure at most `depth` levels deep: each level is a `leaf`, or a
    /// `branch` built from generators of the level below; shrinks toward a leaf (the first
    /// alternative), then toward simpler leaves and shallower branches.
    ///
    /// Generation: at each level a leaf one time in 3 (weight `leafWeight`, default 1, against
    /// 2 for a branch), so most structures are small; at depth 0 always a leaf. The depth
    /// bound makes every structure finite whatever the choices.
    ///
    /// ```swift
    /// indirect enum Tree: Sendable { case leaf(Int), node(Tree, Tree) }
    /// let trees = Gen<Tree>.recursive(depth: 4, leaf: Gen.int(in: 0...9).map(Tree.leaf)) { child in
    ///     Gen.zip(child, child).map(Tree.node)
    /// }
    /// ```
    ///
    /// - Precondition: `depth >= 0`.
    public static func recursive(
        depth: Int, leaf: Gen<Value>, leafWeight: Int = 1, branch: @escaping @Sendable (Gen<Value>) -> Gen<Value>
    ) -> Gen<Value> {
        precondition(depth >= 0, "Gen.recursive needs a non-negative depth")
        var level = leaf
        for _ in 0..<depth {
            level = frequency([
                (weight: Swift.max(0, leafWeight), generator: leaf), (weight: 2, generator: branch(level)),
            ])
        }
        return level
    }
}
