import Foundation
import GoldenCorpus
import Testing

@Suite("Loading corpus files")
struct CorpusLoaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let golden = root + "/Corpus/golden"

    @Test("A directory given twice (or a file and its directory) is read once: no case is a duplicate of itself")
    func sameDirectoryTwice() throws {
        let once = try CorpusLoader.load(paths: [Self.golden])
        let twice = try CorpusLoader.load(paths: [Self.golden, Self.golden + "/", Self.golden + "/../golden"])
        #expect(twice.count == once.count)
    }

    @Test("A UTF-8 byte order mark is not part of the first line")
    func byteOrderMark() throws {
        let file = NSTemporaryDirectory() + "bom-\(UUID().uuidString).zc"
        let first = try #require(FileManager.default.contentsOfDirectory(atPath: Self.golden).sorted().first { $0.hasSuffix(".zc") })
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.golden + "/" + first))
        try (Data([0xEF, 0xBB, 0xBF]) + text).write(to: URL(fileURLWithPath: file))
        #expect(try CorpusLoader.load(file: file).count == CorpusLoader.load(file: Self.golden + "/" + first).count)
    }

    @Test("A file that cannot be read is reported with the system's reason")
    func unreadable() {
        do {
            _ = try CorpusLoader.load(file: "/nonexistent-zoomcheck.zc")
            Issue.record("loaded a missing file")
        } catch {
            #expect("\(error)".contains("cannot read the file: "), "\(error)")
            #expect("\(error)".lowercased().contains("no such file") || "\(error)".contains("doesn’t exist") || "\(error)".contains("couldn’t be opened"), "\(error)")
        }
    }
}
