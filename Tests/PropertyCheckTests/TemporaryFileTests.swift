import Foundation
import Testing
import TestSupport
@testable import PropertyCheck
#if canImport(Glibc)
    import Glibc
#endif

/// The temporary file of every whole-file replacement is ours alone.
@Suite("Temporary files: random names, created exclusively, never through a link", .tags(.engine))
struct TemporaryFileTests {
    static func scratch() -> String {
        let path = NSTemporaryDirectory() + "zoomcheck-temporary-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The suffixes `names` in turn (the names a run will try, known to the test).
    final class Names: @unchecked Sendable {
        var left: [String]
        init(_ names: [String]) { left = names }
        func next() -> String { left.isEmpty ? "exhausted" : left.removeFirst() }
    }

    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("Links planted at every name a run tries are passed over; their targets are untouched") func plantedLinks()
        throws
    {
        let directory = Self.scratch()
        let target = directory + "/out.json"
        var victims: [String] = []
        for suffix in ["a", "b", "c"] {
            let victim = directory + "/victim-\(suffix)"
            try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/.out.json.tmp-\(suffix)", withDestinationPath: victim)
            victims.append(victim)
        }
        // A dangling link too: O_CREAT alone would create its target.
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/.out.json.tmp-d", withDestinationPath: directory + "/created-through-link")
        let names = Names(["a", "b", "c", "d", "e"])
        #expect(TemporaryFile.replace(target, with: Array("new".utf8), suffixes: names.next) == nil)
        #expect(names.left.isEmpty, "every planted name was tried and passed over")
        for victim in victims { #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious") }
        #expect(!FileManager.default.fileExists(atPath: directory + "/created-through-link"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(Self.fileType(target) == S_IFREG)
        #expect(!FileManager.default.fileExists(atPath: directory + "/.out.json.tmp-e"), "renamed, not left")
    }

    @Test("When every name tried is taken, the write fails saying so, and nothing is written") func everyNameTaken()
        throws
    {
        let directory = Self.scratch()
        let victim = directory + "/victim"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/.out.tmp-x", withDestinationPath: victim)
        let failure = TemporaryFile.replace(directory + "/out", with: Array("new".utf8), suffixes: { "x" })
        #expect(failure?.contains("\(TemporaryFile.attempts) random names were all taken") == true, "\(failure ?? "")")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test("The temporary file is created 0600 in the target's directory; the result gets the replaced file's mode")
    func modes() throws {
        let directory = Self.scratch()
        let target = directory + "/out.xml"
        guard case .success(let created) = TemporaryFile.create(beside: target) else {
            Issue.record("no temporary file")
            return
        }
        var status = stat()
        #expect(fstat(created.descriptor, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o600)
        #expect((created.path as NSString).deletingLastPathComponent == directory)
        #expect((created.path as NSString).lastPathComponent.count == ".out.xml.tmp-".count + 16)
        close(created.descriptor)
        unlink(created.path)
        FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        chmod(target, 0o640)
        #expect(TemporaryFile.replace(target, with: Array("new".utf8)) == nil)
        #expect(stat(target, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(TemporaryFile.randomSuffix() != TemporaryFile.randomSuffix())
    }

    @Test("A regressions append passes over links planted at its temporary names") func regressionsAppend() throws {
        let directory = Self.scratch()
        let store = RegressionStore(directory: directory)
        let file = store.path(propertyName: "p")
        let victim = directory + "/victim"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        for number in 1...4 {
            try FileManager.default.createSymbolicLink(
                atPath: "\(directory)/.\((file as NSString).lastPathComponent).tmp-\(getpid())-\(number)",
                withDestinationPath: victim)
        }
        try store.append(RegressionEntry(seed: 1, choices: [1, 2]), propertyName: "p")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try store.load(propertyName: "p").map(\.choices) == [[1, 2]])
    }
}

/// Regressions directories are private, never made through a link, and a
/// dead writer's temporary file does not wait for the next append.
@Suite("Regressions directories and leftovers", .tags(.engine)) struct RegressionsDirectoryTests {
    @Test("Directories the store creates are 0700, whatever the umask allows") func privateDirectories() throws {
        let base = TemporaryFileTests.scratch()
        let directory = base + "/cache/zoomcheck/regressions/program"
        try RegressionStore(directory: directory).append(RegressionEntry(seed: 1, choices: [3]), propertyName: "p")
        for path in [base + "/cache", base + "/cache/zoomcheck", base + "/cache/zoomcheck/regressions", directory] {
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_mode & 0o077 == 0, "\(path) is \(String(status.st_mode & 0o777, radix: 8))")
        }
    }

    @Test("A dangling link on the way is an error; its target is not created") func danglingLink() throws {
        let base = TemporaryFileTests.scratch()
        try FileManager.default.createSymbolicLink(atPath: base + "/cache", withDestinationPath: base + "/elsewhere")
        #expect(throws: RegressionError.self) {
            try RegressionStore(directory: base + "/cache/zoomcheck").append(
                RegressionEntry(seed: 1, choices: [3]), propertyName: "p")
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/elsewhere"))
    }

    @Test("A dead writer's temporary file is removed when the directory is first read, not at the next append")
    func leftoverRemovedOnRead() throws {
        let directory = TemporaryFileTests.scratch()
        let store = RegressionStore(directory: directory)
        let stale = "\(directory)/.\((store.path(propertyName: "p") as NSString).lastPathComponent).tmp-99999-1"
        FileManager.default.createFile(atPath: stale, contents: Data("partial".utf8))
        #expect(try store.load(propertyName: "p").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stale))
    }
}
