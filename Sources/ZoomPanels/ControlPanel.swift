import MercatorCore

/// Correct implementations that compute by routes other than `WebMercator`'s.
///
/// Every defect-class property must hold for each of them (or not apply, by their declared
/// capabilities): a failure is either a bug in the control or a bound too tight for a correct
/// route. Names start with `control-`.
package enum ControlPanel {
    /// The panel, in a fixed order.
    package static let all: [any ZoomImplementation] = [
        MetresControl(), NormalisedControl(), DocumentsControl(), GudermannianControl(), LeafletControl(),
        MapPointControl(), HalfAngleControl(),
    ]

    /// The control called `name`, or nil.
    package static func named(_ name: String) -> (any ZoomImplementation)? { all.first { $0.name == name } }
}
