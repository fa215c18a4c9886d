import PropertyCheck
import ZoomProtocol

/// `zoomcheck check --junit PATH`: the run as JUnit XML, which CI systems render.
///
/// One `<testsuite>` per implementation, one `<testcase>` per property (classname
/// `zoomcheck.<implementation>.<class>`). A result that fails the run is a `<failure>`
/// carrying the report; a property that does not apply is `<skipped>` with its reason; a
/// documented finding reproduced as pinned, and a convention departure the gate does not
/// cover, pass, with what happened in `<system-out>` and a `verdict` property — so CI shows
/// them as passing, as the exit status does.
enum JUnitReport {
    static func document(_ run: CheckRun) -> String {
        let results = run.results, elapsedSeconds = run.header.elapsed.seconds
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let failures = results.filter(\.blocks).count
        let skipped = results.filter { $0.verdict == .notApplicable }.count
        lines.append(
            #"""
            <testsuites name="zoomcheck check" tests="\#(results.count)" failures="\#(failures)" errors="0" \#
            skipped="\#(skipped)" time="\#(seconds(elapsedSeconds))">
            """#)
        for implementation in run.header.subjects.map(\.name) {
            let mine = results.filter { $0.implementation == implementation }
            let time = Double(mine.map(\.milliseconds).reduce(0, +)) / 1000
            lines.append(
                #"""
                  <testsuite name="\#(escape(implementation))" tests="\#(mine.count)" \#
                failures="\#(mine.filter(\.blocks).count)" errors="0" \#
                skipped="\#(mine.filter { $0.verdict == .notApplicable }.count)" time="\#(seconds(time))">
                """#)
            for result in mine {
                let classname = "zoomcheck.\(result.implementation).\(result.property.verdictClass)"
                lines.append(
                    #"""
                        <testcase classname="\#(escape(classname))" name="\#(escape(result.property.name))" \#
                    time="\#(seconds(Double(result.milliseconds) / 1000))">
                    """#)
                lines.append("      <properties>")
                lines.append(#"        <property name="class" value="\#(result.property.verdictClass)"/>"#)
                lines.append(#"        <property name="verdict" value="\#(result.verdict.rawValue)"/>"#)
                lines.append(#"        <property name="expected" value="\#(escape(result.expectedWord))"/>"#)
                lines.append(#"        <property name="cases" value="\#(result.cases)"/>"#)
                lines.append("      </properties>")
                if result.blocks {
                    lines.append(
                        #"""
                              <failure message="\#(escape(result.headline))" \#
                        type="\#(result.property.verdictClass)">\#(escape(result.report))</failure>
                        """#)
                } else if result.verdict == .notApplicable {
                    lines.append(#"      <skipped message="\#(escape(result.headline))"/>"#)
                } else if result.verdict == .fails || !result.asExpected {
                    let what = result.asExpected ? "expected finding" : "convention departure, not gated"
                    lines.append("      <system-out>\(escape(what + ": " + result.headline))</system-out>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds with millisecond resolution.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text escaped for XML content and attribute values; other control characters (a
    /// carriage return, ESC, NUL) are shown as `\u{D}`-style escapes (``ProgramText``), and
    /// U+FFFE and U+FFFF, which XML 1.0 forbids, become U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\t": escaped.unicodeScalars.append(scalar)
            case _ where ProgramText.needsEscape(scalar): escaped += ProgramText.escaped(String(scalar))
            case "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
