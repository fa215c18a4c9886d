/// What the findings page (``CheckPage``) is made of: a self-contained document — inline CSS
/// and SVG, no scripts, nothing fetched — and its escaping. Text in `pre` wraps at spaces only.
enum HTMLPage {
    /// The page's style sheet.
    static let style = """
        body{font-family:Helvetica,Arial,sans-serif;max-width:800px;margin:2em auto;color:#222;\
        line-height:1.45}figure{margin:2em 0}figcaption{font-size:0.95em}\
        code,pre{font-family:Menlo,monospace;font-size:0.9em}\
        pre{background:#f6f6f6;padding:1em;white-space:pre-wrap}\
        table{border-collapse:collapse;font-size:0.9em}\
        td,th{border:1px solid #ccc;padding:0.3em;vertical-align:top;text-align:left}
        """

    /// The document's opening lines up to `<body>`: `title`, the style sheet and `extraStyle`.
    static func head(title: String, extraStyle: String = "") -> [String] {
        [
            "<!DOCTYPE html>", #"<html lang="en"><head><meta charset="utf-8"><title>\#(escape(title))</title>"#,
            "<style>\(style)\(extraStyle)</style>", "</head><body>",
        ]
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for element content and attributes.
    static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
