/// A minimum share of generated cases that must carry a label (QuickCheck's `cover`): a
/// *stratum* of the generator's space that the property must reach.
///
/// Judged once every generated case passed, over generated cases only (explicit examples,
/// regressions and pinned cases are not counted), by ``judge(count:cases:significance:)``:
/// a one-sided test of the hypothesis "the generator's true share is at least
/// ``minimumShare``", in the manner of QuickCheck's `checkCoverage` but at a fixed number of
/// cases. With `n` generated cases of which `k` carry the label and `p` the required share,
/// the requirement is *under-covered* — the run fails — only when `k < n·p` and the Chernoff
/// bound on the binomial lower tail,
///
///     P(X ≤ k | n, p) ≤ exp(−n · D(k/n ‖ p)),  D(a ‖ p) = a·ln(a/p) + (1−a)·ln((1−a)/(1−p)),
///
/// is below the significance `α`. A run whose generator meets the requirement fails it with
/// probability at most `α` (the bound holds for every `n`, and a true share above `p` only
/// lowers the tail). It is *met* (proven) when `k > n·p` and the same bound on the upper tail
/// is below `α`, and *unproven* otherwise: with few cases nothing is proven either way, and
/// the run passes.
///
/// The decision is the same on every machine: the logarithms are ``CoverageMath/log(_:)``,
/// made of IEEE-754 additions, multiplications and divisions only (no platform libm), and
/// the divergence is lowered by a margin larger than their rounding error before it is
/// compared, so a rounding can only make the test more lenient.
public struct CoverageRequirement: Sendable, Equatable {
    /// The label whose share is required.
    public let label: String
    /// The required share of generated cases, in 0...1.
    public let minimumShare: Double

    /// Requires at least `minimumShare` (0...1) of generated cases to carry `label`.
    public init(_ label: String, minimumShare: Double) {
        self.label = label
        self.minimumShare = minimumShare
    }

    /// Requires at least `share` (0...1) of generated cases to carry `label`.
    public static func cover(_ label: String, atLeast share: Double) -> CoverageRequirement {
        CoverageRequirement(label, minimumShare: share)
    }

    /// Whether `count` labelled cases out of `total` prove the share under ``minimumShare``
    /// at significance `significance`.
    public func isViolated(count: Int, total: Int, significance: Double = 1e-9) -> Bool {
        judge(count: count, cases: total, significance: significance).status == .underCovered
    }

    /// Judges `count` labelled cases out of `cases` at significance `significance` (the
    /// largest probability of failing a generator whose share meets the requirement).
    public func judge(count: Int, cases: Int, significance: Double) -> CoverageRow {
        let logSignificance = CoverageMath.log(Swift.min(1, Swift.max(significance, Double.leastNormalMagnitude)))
        let exponent = CoverageMath.tailExponent(successes: count, trials: cases, share: minimumShare)
        let status: CoverageRow.Status
        if cases == 0 || exponent.value >= logSignificance {
            status = .unproven
        } else {
            status = exponent.isLowerTail ? .underCovered : .met
        }
        return CoverageRow(
            requirement: self, count: count, cases: cases, status: status, logTailBound: exponent.value,
            logSignificance: logSignificance)
    }
}

/// One line of a property's coverage table: a required stratum, how many generated cases
/// reached it, and what the run proved.
public struct CoverageRow: Sendable, Equatable {
    /// What the test proved.
    public enum Status: String, Sendable, Equatable {
        /// The share is proven at least the required one.
        case met
        /// Neither proven met nor proven under (too few cases, or a share near the minimum).
        case unproven
        /// The share is proven under the required one: the run fails.
        case underCovered = "under-covered"
    }

    /// The requirement.
    public let requirement: CoverageRequirement
    /// Generated cases that carried the label.
    public let count: Int
    /// Generated cases.
    public let cases: Int
    /// What the test proved.
    public let status: Status
    /// The natural logarithm of the Chernoff bound on the tail the observed count lies in
    /// (the lower tail when `count < cases × share`, else the upper; 0 at the mean: no proof).
    public let logTailBound: Double
    /// The natural logarithm of the significance the bound was compared with.
    public let logSignificance: Double

    /// The label.
    public var label: String { requirement.label }
    /// The observed share (0 without cases).
    public var share: Double { cases > 0 ? Double(count) / Double(cases) : 0 }

    /// `"zoom 0": 0 of 10000 cases (0.0%), required 1.5%, P ≤ e^-150.4 < α = e^-25.3`: the
    /// row on one line, with the bound when it proved something.
    public var summary: String {
        let required = ReportText.percent(Int((requirement.minimumShare * 1000).rounded()), of: 1000)
        let observed = ReportText.percent(count, of: cases).trimmingLeadingSpaces()
        var text =
            "\"\(label)\": \(count) of \(cases) cases (\(observed)), required \(required.trimmingLeadingSpaces())"
        if status != .unproven {
            let tail = status == .underCovered ? "P(X ≤ \(count))" : "P(X ≥ \(count))"
            text += ", \(tail) ≤ e^\(Self.tenths(logTailBound)) < α = e^\(Self.tenths(logSignificance))"
        }
        return text
    }

    /// `x` with one decimal, rounded toward zero's far side of the comparison (text only).
    static func tenths(_ x: Double) -> String {
        guard x.isFinite else { return x < 0 ? "-inf" : "inf" }
        let scaled = Int((x * 10).rounded())
        let sign = scaled < 0 ? "-" : ""
        return "\(sign)\(abs(scaled) / 10).\(abs(scaled) % 10)"
    }

    /// The coverage table: a header and one row per requirement, each at most `width`
    /// characters when its label is short (labels are cut to 28 characters).
    public static func table(_ rows: [CoverageRow], indent: String = "  ") -> [String] {
        guard !rows.isEmpty else { return [] }
        let labelWidth = Swift.min(28, rows.map(\.label.count).max() ?? 0)
        func cell(_ text: String, _ width: Int) -> String {
            let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return cut + String(repeating: " ", count: width - cut.count)
        }
        func right(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: Swift.max(0, width - text.count)) + text
        }
        var lines = [indent + cell("stratum", labelWidth) + "   cases    share  required  verdict"]
        for row in rows {
            let required = ReportText.percent(Int((row.requirement.minimumShare * 1000).rounded()), of: 1000)
            lines.append(
                indent + cell(row.label, labelWidth) + right(String(row.count), 8) + " "
                    + right(ReportText.percent(row.count, of: row.cases), 8) + " " + right(required, 9) + "  "
                    + row.status.rawValue)
        }
        return lines
    }
}

/// The arithmetic of the coverage test, portable: IEEE-754 basic operations only, so that
/// every machine reaches the same decision.
public enum CoverageMath {
    /// ln 2, correctly rounded.
    static let ln2 = 0.693_147_180_559_945_3

    /// The natural logarithm of a positive finite `x` (0 gives −∞): `x = m·2^e` with
    /// `m` in [√½, √2), then `ln m = 2·atanh(s)`, `s = (m−1)/(m+1)`, `|s| ≤ 0.1716`, by its
    /// series to `s^31` (the first term left out is below 2^−80 of the sum). Relative error
    /// within a few ulps; the same bits on every machine.
    public static func log(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? -.infinity : .nan }
        guard x.isFinite else { return x }
        var m = x.significand
        var e = Double(x.exponent)
        if m > 1.414_213_562_373_095_1 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var power = s
        var sum = s
        for k in 1...15 {
            power *= s2
            sum += power / Double(2 * k + 1)
        }
        return 2 * sum + e * ln2
    }

    /// The relative margin the divergence is lowered by, besides 1e-15 absolute: far above
    /// the logarithms' rounding error (a few ulps of each term, and 1.2e-16 absolute from
    /// rounding `1 − p`), so a rounding never makes the test stricter.
    static let margin = 1e-12

    /// The exponent of the Chernoff bound on the binomial tail that `successes` of `trials`
    /// lie in, for share `share`: −n·D(k/n ‖ p), lowered in magnitude by the margin, as
    /// `(value, isLowerTail)`; 0 when `k = n·p` or there are no trials.
    public static func tailExponent(successes: Int, trials: Int, share: Double) -> (value: Double, isLowerTail: Bool) {
        guard trials > 0 else { return (0, false) }
        let n = Double(trials)
        let k = Double(Swift.min(Swift.max(successes, 0), trials))
        let p = Swift.min(1, Swift.max(0, share))
        let expected = n * p
        if k == expected { return (0, false) }
        let isLower = k < expected
        let a = k / n
        // a·ln(a/p) + (1−a)·ln((1−a)/(1−p)), with 0·ln 0 = 0; a side whose share is p = 0 or
        // 1 and that was observed anyway is impossible under the hypothesis: −∞.
        var first = 0.0
        if a > 0 {
            if p == 0 { return (-.infinity, isLower) }
            first = a * (log(a) - log(p))
        }
        var second = 0.0
        if a < 1 {
            if p == 1 { return (-.infinity, isLower) }
            second = (1 - a) * (log(1 - a) - log(1 - p))
        }
        let divergence = (first + second) - margin * (abs(first) + abs(second)) - 1e-15
        return (divergence > 0 ? -(n * divergence) : 0, isLower)
    }
}
