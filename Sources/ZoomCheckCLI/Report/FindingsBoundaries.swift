import MercatorCore
import PropertyCheck
import ZoomProperties

/// The HTML report's table of the seed port's findings: each minimal counterexample with the
/// boundaries of its numeric inputs, from a run of the catalogue with the pinned seed.
enum FindingsBoundaries {
    /// The seed port's failing outcomes under the default seed and case count (the pinned run
    /// that the findings tables of Documentation/findings.md show), in catalogue order.
    static func seedFindings() -> [CatalogueOutcome] {
        CatalogueRunner(settings: .catalogueDefaults).runAll(ZoomCatalogue.all, against: [.seed]).filter {
            $0.run?.result.failure != nil
        }
    }

    /// The findings as an HTML section: property, minimal counterexample, boundaries.
    static func html(_ findings: [CatalogueOutcome]) -> [String] {
        var lines = [
            "<h2>Seed findings: minimal counterexamples and where they stop failing</h2>",
            """
            <p>For each numeric input of the shrunk counterexample, moved alone in its numeric order: the failing \
            value nearest a passing one, and that passing value (no value the generator can draw lies between \
            them). Reproduce: <code>zoomcheck check --impl seed --markdown</code>, or <code>zoomcheck replay \
            --property NAME --impl seed</code> for one report.</p>
            """,
            "<table><thead><tr><th>Property</th><th>Minimal counterexample</th><th>Boundaries</th></tr></thead><tbody>",
        ]
        for outcome in findings {
            guard let failure = outcome.run?.result.failure else { continue }
            let cell = BoundarySummary.lines(of: outcome).map(JUnitReport.escape).joined(separator: "<br>")
            lines.append(
                """
                <tr><td><code>\(JUnitReport.escape(outcome.property.name))</code></td>\
                <td><code>\(JUnitReport.escape(failure.minimalCounterexample))</code></td><td>\(cell)</td></tr>
                """)
        }
        lines.append("</tbody></table>")
        return lines
    }
}
