/// Text made safe to print on a terminal or into a CI log: control characters that a
/// program under test put in its answers (ESC sequences that recolour or clear a terminal,
/// NUL, a carriage return that hides a line) are shown as `\u{1B}`-style escapes. Line
/// feeds and tabs are kept. JUnit and JSON outputs do their own escaping.
enum TerminalText {
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 controls other than line feed and tab, DEL, and the C1 controls (U+0080–U+009F,
    /// which some terminals also obey).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}
