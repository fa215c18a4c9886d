/// One option of a command: its name, its value's name (nil for a flag), whether it may be
/// given more than once, and its help line.
struct OptionSpec: Sendable {
    let name: String
    let valueName: String?
    private(set) var repeatable: Bool
    private(set) var help: String

    /// An option that takes a value.
    init(_ name: String, _ valueName: String, repeatable: Bool = false, _ help: String) {
        self.name = name
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    /// A flag.
    init(_ name: String, _ help: String) {
        self.name = name
        self.valueName = nil
        self.repeatable = false
        self.help = help
    }

    /// This option with other help (and repeatability): the same option, as another command
    /// describes it.
    func withHelp(_ help: String, repeatable: Bool? = nil) -> OptionSpec {
        var option = self
        option.help = help
        if let repeatable { option.repeatable = repeatable }
        return option
    }

    /// `--help`, `--version`: every command has them (the dispatcher answers them).
    static let standard: [OptionSpec] = [
        OptionSpec("--version", "Show the version."), OptionSpec("-h, --help", "Show help information."),
    ]
}

/// A command's help, in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS (every option the parser accepts, then --version and --help), then the details.
struct CommandHelp: Sendable {
    let overview: String
    let usage: String
    var arguments: [(String, String)] = []
    let options: [OptionSpec]
    var details = ""

    /// The rendered help text, ending with a line feed.
    var text: String {
        var lines = ["OVERVIEW: " + overview, "", "USAGE: " + usage]
        let all = options + OptionSpec.standard
        let labels = all.map { option in option.valueName.map { "\(option.name) <\($0)>" } ?? option.name }
        let width = (labels + arguments.map { "<\($0.0)>" }).map(\.count).max() ?? 0
        func row(_ label: String, _ help: String) -> [String] {
            let pad = String(repeating: " ", count: width - label.count + 2)
            let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false)
            return ["  " + label + pad + helpLines[0]]
                + helpLines.dropFirst().map { String(repeating: " ", count: width + 4) + $0 }
        }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for (name, help) in arguments { lines += row("<\(name)>", help) }
        }
        lines += ["", "OPTIONS:"]
        for (label, option) in zip(labels, all) {
            lines += row(label, option.help + (option.repeatable ? " (repeatable)" : ""))
        }
        if !details.isEmpty { lines += ["", details.trimmingTrailingNewlines()] }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
