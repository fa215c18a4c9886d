#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyCheck

/// Entry point of the `zoomcheck` command: dispatches to one `ZoomCheckCommand`.
///
/// `zoomcheck COMMAND [ARGUMENTS]`; `zoomcheck help [COMMAND]`, `--help` and `-h` print help
/// on standard output and exit 0. A missing or unknown command, or arguments a command
/// rejects, print a message and the usage on standard error and exit 64.
public enum ZoomCheckMain {
    /// Every command, in the order `help` lists them. Add new commands here.
    public static let commands: [ZoomCheckCommand] = [.check, .replay, .report, .corpus, .eval, .bench]

    /// Runs `zoomcheck` with `arguments` (including the program name, as in
    /// `CommandLine.arguments`) on the process's standard streams.
    /// Makes printed replay commands run this binary by its absolute path, quoted for the
    /// shell, so that they work from any directory (`main` calls it; in-process tests keep
    /// `swift run -c release zoomcheck`).
    public static func useOwnPathInReplayCommands() {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path: String
        if length > 0 {
            path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else if let first = CommandLine.arguments.first, first.hasPrefix("/") {
            path = first
        } else {
            return
        }
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) }
        CheckOptions.replayProgram = plain ? path : ReplayCommand.shellQuoted(path)
    }

    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, io: .standard())
    }

    /// Runs `zoomcheck` with `arguments` (the first is the program name) on `io`.
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let words = Array(arguments.dropFirst())
        guard let first = words.first else {
            return usageError("missing command", io: io)
        }
        if isHelpFlag(first) || first == "help" {
            let topic = words.dropFirst().first
            guard let topic, !isHelpFlag(topic) else {
                io.output.writeIgnoringFailure(usage)
                return ExitStatus.success
            }
            guard let command = command(named: topic) else {
                return usageError("unknown command '\(topic)'", io: io)
            }
            io.output.writeIgnoringFailure(command.help)
            return ExitStatus.success
        }
        guard let command = command(named: first) else {
            return usageError("unknown command '\(first)'", io: io)
        }
        let rest = Array(words.dropFirst())
        if rest.contains(where: isHelpFlag) {
            io.output.writeIgnoringFailure(command.help)
            return ExitStatus.success
        }
        return command.run(rest, io)
    }

    /// The command called `name`, or nil.
    public static func command(named name: String) -> ZoomCheckCommand? {
        commands.first { $0.name == name }
    }

    /// The text of `zoomcheck help`: usage and the command list.
    public static var usage: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }
        return """
            usage: zoomcheck COMMAND [ARGUMENTS]
                   zoomcheck help [COMMAND]

            Verifies the map-zoom arithmetic of MKMapView+ZoomLevel and its corrected core.

            commands:
            \(list.joined(separator: "\n"))

            Run 'zoomcheck help COMMAND' for a command's arguments.

            """
    }

    /// Reports a usage error: `zoomcheck: MESSAGE`, then the usage (the command's help when
    /// `command` is given) on standard error; returns 64.
    @discardableResult
    public static func usageError(_ message: String, command: ZoomCheckCommand? = nil, io: CommandIO) -> Int32 {
        let prefix = command.map { "zoomcheck \($0.name)" } ?? "zoomcheck"
        io.errors.writeIgnoringFailure("\(prefix): \(message)\n\n\(command?.help ?? usage)")
        return ExitStatus.usage
    }

    private static func isHelpFlag(_ word: String) -> Bool {
        word == "--help" || word == "-h"
    }
}
