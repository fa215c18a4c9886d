import MercatorCore
import ZoomProperties

/// The surveys of the seed code's numeric edge cases (`zoomcheck report`): as sections of the
/// findings page (``CheckPage``, after the seed port's run), and as Markdown for
/// Documentation/findings.md.
enum FindingsSurveys {
    /// The page's introduction when it shows the surveys.
    static let introduction = """
        <p>Measured by ZoomCheck on the faithful port of the documents' code (the seed port): its run of the \
        catalogue with the pinned seed, each finding with its minimal counterexample, boundaries and \
        neighbourhood, then every survey as a figure. Each figure is a survey that a test asserts \
        (<code>FindingsSurveyTests</code>).</p>
        """

    /// The surveys as sections of the page: each figure with its caption and command, the
    /// targeted-search comparison, then every survey as text.
    static func htmlSections(_ figures: [FindingsFigure], textReport: [String]) -> [String] {
        var lines = [#"<section id="surveys">"#, "<h2>The surveys: the numeric edge cases of the seed code</h2>"]
        for figure in figures {
            lines.append(#"<figure id="figure-\#(figure.id)">"#)
            lines.append(figure.plot.render())
            lines.append(
                """
                <figcaption>\(HTMLPage.escape(figure.caption)) Reproduce: \
                <code>\(HTMLPage.escape(figure.command))</code>.</figcaption>
                """)
            lines.append("</figure>")
        }
        lines += targetedHTML(TargetedSearches.all())
        lines.append("<h2>Every survey, as text</h2>")
        lines.append("<pre>\(HTMLPage.escape(textReport.joined(separator: "\n")))</pre>")
        lines.append("</section>")
        return lines
    }

    /// The findings for Documentation/findings.md: one section per figure with its caption, the first
    /// figure shown as an image from `figureDirectory`.
    static func markdown(_ figures: [FindingsFigure], figureDirectory: String, shownFigure: String) -> String {
        var lines: [String] = []
        for figure in figures {
            lines.append("- **\(figure.plot.title).** \(figure.caption)")
            if figure.id == shownFigure {
                lines.append("")
                lines.append("  ![\(figure.plot.title)](\(figureDirectory)/\(figure.id).svg)")
                lines.append("")
            }
        }
        lines.append("")
        lines += targetedMarkdown(TargetedSearches.all())
        lines.append("")
        lines.append(
            """
            Reproduce: `zoomcheck report` (text), `zoomcheck report --html DIR` (this with every plot), \
            `zoomcheck report --markdown` (this list).
            """)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The targeted-search comparison as a Markdown table.
    static func targetedMarkdown(_ comparisons: [TargetedComparison]) -> [String] {
        var lines = [
            """
            **Targeted search against the surveys** (`CaseContext.target`: \
            \(Int(TargetedSearches.targetingShare * 100))% of the cases hill-climbing, the rest random; seed \
            0x20100122):
            """, "",
            """
            | Worst case | Survey: worst (evaluations) | Targeted: best (evaluations) | Share of the \
            survey's worst | Share of its evaluations |
            """, "|---|---|---|---|---|",
        ]
        for comparison in comparisons {
            lines.append(
                """
                | \(comparison.quantity) | \(NumberText.shortest(comparison.surveyWorst)) at \
                \(comparison.surveyWhere) (\(comparison.surveyEvaluations)) 
                """ + """
                    | \(NumberText.shortest(comparison.targetedBest)) at \(comparison.targetedWhere) \
                    (\(comparison.targetedEvaluations)) 
                    """ + """
                        | \(comparison.percent(comparison.fractionOfSurveyWorst)) | \
                        \(comparison.percent(comparison.shareOfSurveyEvaluations)) |
                        """)
        }
        return lines
    }

    /// The targeted-search comparison as an HTML section.
    static func targetedHTML(_ comparisons: [TargetedComparison]) -> [String] {
        var lines = [
            "<h2>Targeted search against the exhaustive surveys</h2>",
            """
            <p>A property reports a score with <code>CaseContext.target</code>; these runs spend \
            \(Int(TargetedSearches.targetingShare * 100))% of their cases hill-climbing toward larger \
            scores, the rest at random. Each row compares the best it reaches, in at most 1/100 of the \
            survey's evaluations, with the survey's worst. Reproduce: <code>zoomcheck report</code>.</p>
            """,
            """
            <table><thead><tr><th>Worst case</th><th>Survey: worst (evaluations)</th><th>Targeted: best \
            (evaluations)</th><th>Share of the survey's worst</th><th>Share of its \
            evaluations</th></tr></thead><tbody>
            """,
        ]
        for comparison in comparisons {
            let cells = [
                comparison.quantity,
                """
                \(NumberText.shortest(comparison.surveyWorst)) at \(comparison.surveyWhere) \
                (\(comparison.surveyEvaluations))
                """,
                """
                \(NumberText.shortest(comparison.targetedBest)) at \(comparison.targetedWhere) \
                (\(comparison.targetedEvaluations); best at evaluation \(comparison.evaluationOfBest))
                """, comparison.percent(comparison.fractionOfSurveyWorst),
                comparison.percent(comparison.shareOfSurveyEvaluations),
            ]
            lines.append("<tr>" + cells.map { "<td>\(HTMLPage.escape($0))</td>" }.joined() + "</tr>")
        }
        lines.append("</tbody></table>")
        return lines
    }
}
