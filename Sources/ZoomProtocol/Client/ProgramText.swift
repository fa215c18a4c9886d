/// Text an `exec:` program supplied (an error's code and message, its name, a member it
/// invented, a line that is not JSON) kept as data: every character that could act on a
/// terminal or a CI log instead of being shown — line feed, carriage return, tab, ESC, NUL,
/// every other C0 control, DEL, the C1 controls, the Unicode line and paragraph separators
/// and the bidirectional overrides — becomes a visible `\u{1B}`-style escape. So a program
/// cannot start a line of the report (a forged `::error` workflow command or summary line)
/// nor recolour, clear or rewrite one.
///
/// The one escaping function of ZoomCheck's outputs: a program's strings go through it when
/// they are read (``ResponseObject``), and the text report and annotations go through it again
/// (keeping their own line feeds and tabs) before they are printed.
public enum ProgramText {
    /// `text` with every character ``needsEscape(_:)`` names shown as `\u{HEX}`; with
    /// `keepingLayout`, line feeds and tabs are kept (zoomcheck's own report layout).
    public static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
        let escapes = { (scalar: Unicode.Scalar) in
            needsEscape(scalar) && !(keepingLayout && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 controls (line feed, carriage return and tab included), DEL, the C1 controls
    /// (U+0080–U+009F, which some terminals obey), the line and paragraph separators
    /// (U+2028, U+2029) and the bidirectional embeddings, overrides and isolates.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
