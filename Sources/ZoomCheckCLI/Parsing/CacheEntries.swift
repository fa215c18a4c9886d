import FileAccess
import Foundation
import PropertyCheck

/// The per-user cache of an `exec:` program's counterexamples
/// (`$XDG_CACHE_HOME/zoomcheck/regressions/…`): ZoomCheck's own files, not a user's. An entry
/// that cannot be read — emptied, cut short, another property's, not a regressions file at
/// all — blocked its property (exit 1) until it was deleted by hand; it is now set aside,
/// with a warning, and the property runs as if nothing had been saved for it. (A file of
/// `Corpus/regressions` or of `--regressions DIR` is the user's: an unreadable one is still
/// an error, never touched.)
enum CacheEntries {
    /// Renames every unreadable `.regressions` file in `directory` to `NAME.unreadable`
    /// (which no run reads, and the next counterexample saved does not replace); a warning
    /// for each.
    static func setAsideUnreadable(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let store = RegressionStore(directory: directory)
        return names.sorted().filter { $0.hasSuffix(".regressions") && !$0.hasPrefix(".") }.compactMap { name in
            let file = (directory as NSString).appendingPathComponent(name)
            guard let reason = problem(file, store: store) else { return nil }
            let aside = file + ".unreadable"
            let moved = rename(file, aside) == 0
            return """
                warning: the cached counterexamples \(file) cannot be read (\(reason)); \
                \(moved ? "set aside as \(aside)" : "it could not be set aside: \(String(cString: strerror(errno)))"), \
                its property runs as if none were saved
                """
        }
    }

    /// Writes each warning among `notes` (an entry set aside) to standard error too, where a
    /// run's warnings go, prefixed with `zoomcheck COMMAND:`; the report keeps them as notes.
    static func warn(_ notes: [String], command: String, io: CommandIO) {
        for note in notes where note.hasPrefix("warning: ") {
            io.errors.writeIgnoringFailure("zoomcheck \(command): \(note)\n")
        }
    }

    /// Why `file` cannot be read as the store's file of the property it names, or nil.
    static func problem(_ file: String, store: RegressionStore) -> String? {
        let bytes: [UInt8]?
        do { bytes = try RegularFile.read(file, limit: RegressionStore.maximumFileSize) } catch { return error.reason }
        guard let bytes else { return nil }  // gone meanwhile: nothing to set aside
        guard let text = String(validating: bytes, as: UTF8.self) else { return "it is not UTF-8" }
        do {
            let parsed = try RegressionFile.parse(text, file: file)
            guard store.path(propertyName: parsed.propertyName) == file else {
                return "it holds the counterexamples of \(parsed.propertyName), which are saved under another name"
            }
            return nil
        } catch { return "\(error)" }
    }
}
