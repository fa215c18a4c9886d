import Foundation
import Testing

/// Observation files (`--observe DIR`, `ZOOMCHECK_OBSERVE`) as the engine and CLI tests read them.
package enum ObservationFiles {
    /// A fresh directory under the temporary directory (never the checkout).
    package static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("zoomcheck-observe-\(UUID().uuidString)").path
    }

    /// The lines of `path`, each parsed as a JSON object.
    package static func lines(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
    }
}
