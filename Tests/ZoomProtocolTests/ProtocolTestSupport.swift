import Foundation
import Testing
@testable import ZoomProtocol

/// Drives an `eval` session in-process.
enum EvalHarness {
    /// The response lines to `input` (lines joined with "\n", plus a final "\n").
    static func responses(_ lines: [String]) -> [String] { responses(text: lines.joined(separator: "\n") + "\n") }

    /// The response lines to one request line.
    static func response(_ line: String) -> String {
        let lines = responses([line])
        return lines.count == 1 ? lines[0] : "<\(lines.count) responses: \(lines)>"
    }

    /// The response lines to raw input text.
    static func responses(text: String) -> [String] { responses(bytes: Array(text.utf8)) }

    /// The response lines to raw input bytes.
    static func responses(bytes: [UInt8], maximumLineLength: Int = EvalSession.defaultMaximumLineLength) -> [String] {
        let output = EvalSession.responses(to: bytes, maximumLineLength: maximumLineLength)
        return lines(of: output)
    }

    /// Output bytes split into lines; every line must end with "\n".
    static func lines(of output: [UInt8]) -> [String] {
        guard !output.isEmpty else { return [] }
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasSuffix("\n"), "output must end with a line feed")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A response decoded with Foundation, to check it is valid JSON independently.
    static func decode(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
        return try #require(object as? [String: Any], "response is not an object: \(line)")
    }

    /// The error code and message of an error response (nil if it is not one).
    static func error(_ line: String) throws -> (code: String, message: String)? {
        let object = try decode(line)
        guard let error = object["error"] as? [String: Any] else { return nil }
        return (try #require(error["code"] as? String), try #require(error["message"] as? String))
    }
}
