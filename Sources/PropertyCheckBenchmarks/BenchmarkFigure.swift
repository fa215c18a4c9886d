import PropertyCheck

/// One measured benchmark figure.
///
/// - Warning: Not API. Public only so that `zoomcheck bench` and the engine's tests can reach
///   it: `PropertyCheckBenchmarks` is no product of the package and may change without notice.
package struct BenchmarkFigure: Sendable, Equatable {
    /// What was measured, e.g. `"cases/s, one double"`.
    package let name: String
    /// The measurement.
    package let value: Double
    /// The unit of ``value``, e.g. `"cases/s"` or `"ms"`.
    package let unit: String
    /// Extra context (steps, attempts, the minimal value found).
    package let detail: String

    /// A figure.
    package init(name: String, value: Double, unit: String, detail: String = "") {
        self.name = name
        self.value = value
        self.unit = unit
        self.detail = detail
    }

    /// One line: `name: value unit (detail)`, the value with 3 significant decimals.
    package func render() -> String {
        let shown = value >= 1000 ? String(Int(value.rounded())) : String(Double(Int((value * 1000).rounded())) / 1000)
        return "\(name): \(shown) \(unit)" + (detail.isEmpty ? "" : " (\(detail))")
    }
}
