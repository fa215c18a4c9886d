import MercatorCore

/// A corpus file's tolerance: how far an observed value may be from an expected one.
///
/// The file format's richer sibling of `MercatorCore.Tolerance` (it adds units, relative
/// bounds and pixel rescaling between pixel spaces).
///
/// Forms in a file (Corpus/README.md, "Tolerances"): `exact`, `ulps N`, `ulps N scale S`, `abs X`,
/// `abs X deg|px|km|mi`, `rel X`, `px P at zoom Z [seed512|tile256]`.
package enum CorpusTolerance: Hashable, Sendable, CustomStringConvertible {
    /// Bit-for-bit the same number (sign of zero included), the same flag or names.
    case exact
    /// Within `count` units in the last place of `max(|expected|, scale)`.
    case ulps(Double, scale: Double?)
    /// Within `bound` in the output's unit (`unit` nil for unitless outputs).
    case absolute(Double, unit: Unit?)
    /// Within `bound × |expected|`.
    case relative(Double)
    /// Within `pixels` pixels of the world at `zoom` in `convention`: converted to degrees of
    /// longitude (`pixels · 360 / W`) for angles, rescaled to the case's own pixel space for
    /// pixel outputs.
    case pixels(Double, atZoom: Double, convention: ZoomConvention)

    /// Units an absolute tolerance may carry.
    package enum Unit: String, Hashable, Sendable, CaseIterable { case deg, px, km, mi }

    package var description: String {
        switch self {
        case .exact: "exact"
        case .ulps(let n, let scale):
            "ulps \(NumberText.shortest(n))" + (scale.map { " scale \(NumberText.shortest($0))" } ?? "")
        case .absolute(let bound, let unit):
            "abs \(NumberText.shortest(bound))" + (unit.map { " \($0.rawValue)" } ?? "")
        case .relative(let bound): "rel \(NumberText.shortest(bound))"
        case .pixels(let p, let zoom, let convention):
            "px \(NumberText.shortest(p)) at zoom \(NumberText.shortest(zoom)) \(convention)"
        }
    }
}

/// A tolerance and its one-line reason (a bare bound is a defect: every tolerance states
/// where it comes from, Corpus/README.md).
package struct ToleranceSpec: Hashable, Sendable, CustomStringConvertible {
    package var tolerance: CorpusTolerance
    package var reason: String

    package init(_ tolerance: CorpusTolerance, reason: String) {
        self.tolerance = tolerance
        self.reason = reason
    }

    package var description: String { "\(tolerance) -- \(reason)" }
}

/// The result of comparing one observed value with one reference value.
package struct Comparison: Hashable, Sendable {
    /// Whether the observed value is within the tolerance of the reference.
    package var withinTolerance: Bool
    /// The observed error in the tolerance's own measure (ulps, degrees, pixels, ...);
    /// +∞ when the values cannot be compared (NaN against a number, opposite signs).
    package var error: Double
    /// Why it failed, or what the error is measured in.
    package var detail: String
}

extension CorpusTolerance {
    /// Compares `observed` with `expected` for an output of kind `kind`.
    ///
    /// Order of checks: NaN (matches only NaN), infinities (match only the same infinity),
    /// then the sign for `exact` and `ulps` (±0 included), then the bound. `pixelSpace` is the
    /// case's own pixel space, used to rescale `px` tolerances on pixel outputs.
    package func compare(
        observed: Double, expected: Double, kind: OutputKind, pixelSpace: (zoom: Double, convention: ZoomConvention)?
    ) -> Comparison {
        let (tolerance, errorScale) = measuring(kind: kind, pixelSpace: pixelSpace)
        let check = tolerance.check(observed, against: expected)
        return Comparison(
            withinTolerance: check.passed, error: check.observedError * errorScale,
            detail: detail(observed: observed, expected: expected))
    }

    /// The `MercatorCore.Tolerance` that measures this tolerance for an output of `kind`,
    /// so that the special cases (NaN, ±∞, signs) and the units are settled in one place.
    /// Units of an absolute bound are the output's own. A pixel bound on a pixel output is
    /// rescaled to the case's pixel space, and `errorScale` converts the error measured
    /// there back to the tolerance's pixels for reports.
    func measuring(kind: OutputKind, pixelSpace: (zoom: Double, convention: ZoomConvention)?) -> (
        tolerance: Tolerance, errorScale: Double
    ) {
        switch self {
        case .exact: return (Tolerance(.exact, because: "exact"), 1)
        case .ulps(let count, let scale): return (Tolerance(.ulps(count, floor: scale ?? 0), because: "ulps"), 1)
        case .absolute(let bound, _): return (Tolerance(.absolute(bound), because: "absolute"), 1)
        case .relative(let bound): return (Tolerance(.relative(bound), because: "relative"), 1)
        case .pixels(let p, let zoom, let convention):
            guard kind == .pixels else {
                return (Tolerance(.pixels(p, atZoom: zoom, convention: convention), because: "pixels"), 1)
            }
            // Rescale to the case's pixel space; without one, the pixels are the case's own.
            let factor =
                pixelSpace.map { $0.convention.worldWidth(atZoom: $0.zoom) / convention.worldWidth(atZoom: zoom) } ?? 1
            return (Tolerance(.absolute(p * factor), because: "pixels"), 1 / factor)
        }
    }

    /// What the comparison measured, for failure lines.
    func detail(observed: Double, expected: Double) -> String {
        if expected.isNaN || observed.isNaN {
            return expected.isNaN && observed.isNaN ? "both NaN" : "NaN matches only NaN"
        }
        if expected.isInfinite || observed.isInfinite {
            return expected == observed ? "the same infinity" : "an infinity matches only itself"
        }
        switch self {
        case .exact: return observed == expected && observed.sign != expected.sign ? "zeros of opposite sign" : "exact"
        case .ulps: return observed.sign != expected.sign ? "opposite signs" : "ulps"
        case .absolute(_, let unit): return unit?.rawValue ?? "absolute"
        case .relative: return "relative"
        case .pixels(_, let zoom, let convention): return "px at zoom \(NumberText.shortest(zoom)) \(convention)"
        }
    }

    /// Compares flags or names: only `exact` applies (the parser enforces it).
    package func compare(
        observed: CorpusValue, expected: CorpusValue, kind: OutputKind,
        pixelSpace: (zoom: Double, convention: ZoomConvention)?
    ) -> Comparison {
        switch (observed, expected) {
        case (.number(let o), .number(let e)):
            return compare(observed: o, expected: e, kind: kind, pixelSpace: pixelSpace)
        case (.names(let o), .names(let e)):
            let same = Set(o) == Set(e) && o.count == e.count
            return Comparison(withinTolerance: same, error: same ? 0 : 1, detail: "names")
        default:
            let same = observed == expected
            return Comparison(withinTolerance: same, error: same ? 0 : 1, detail: "value")
        }
    }
}
