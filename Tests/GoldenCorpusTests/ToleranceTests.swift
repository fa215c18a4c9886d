import Foundation
import GoldenCorpus
import MercatorCore
import Testing

@Suite("CorpusTolerance comparisons") struct ToleranceTests {
    func within(_ t: CorpusTolerance, _ observed: Double, _ expected: Double, _ kind: OutputKind = .degrees) -> Bool {
        t.compare(observed: observed, expected: expected, kind: kind, pixelSpace: nil).withinTolerance
    }

    @Test("Exact checks the sign of zero; NaN matches only NaN; infinities only themselves") func specialValues() {
        #expect(within(.exact, 0, 0))
        #expect(!within(.exact, -0.0, 0))
        #expect(within(.exact, .nan, .nan))
        #expect(!within(.absolute(1e300, unit: .deg), .nan, 0))
        #expect(!within(.ulps(1e300, scale: nil), .infinity, .greatestFiniteMagnitude))
        #expect(within(.ulps(0, scale: nil), -.infinity, -.infinity))
        #expect(!within(.ulps(4, scale: nil), -1e-300, 1e-300))
    }

    @Test("ulps are measured against the expected value, floored by the scale") func ulps() {
        let comparison = CorpusTolerance.ulps(4, scale: nil).compare(
            observed: 1.0.nextUp.nextUp, expected: 1, kind: .ratio, pixelSpace: nil)
        #expect(comparison.withinTolerance && comparison.error == 2)
        #expect(!within(.ulps(4, scale: nil), 1e-20, 1e-20 + 1e-30))
        #expect(within(.ulps(4, scale: 1), 1e-20, 1e-20 + 1e-30))
    }

    @Test("Pixels at a zoom convert to degrees of longitude and to other pixel spaces") func pixels() {
        // One seed512 pixel at zoom 20 is 360 / 2^29 degrees.
        let degree = 360.0 / 536_870_912
        #expect(within(.pixels(1, atZoom: 20, convention: .seed512), 10 + degree, 10))
        #expect(!within(.pixels(1, atZoom: 20, convention: .seed512), 10 + 2.5 * degree, 10))
        // A seed512 pixel at zoom 20 is half a MapKit map point (tile256, zoom 20).
        let mapPoint = CorpusTolerance.pixels(1, atZoom: 20, convention: .seed512).compare(
            observed: 100.5, expected: 100, kind: .pixels, pixelSpace: (20, .tile256))
        #expect(mapPoint.withinTolerance && mapPoint.error == 1)
    }
}

@Suite("Corpus writer") struct CorpusWriterTests {
    @Test("A new file is written whole, and an existing one is never clobbered") func noClobber() throws {
        let directory = NSTemporaryDirectory() + "corpus-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/case.zc"
        try CorpusWriter.writeNewFile(validCase, to: path)
        #expect(throws: CorpusWriter.WriteError.exists(path)) { try CorpusWriter.writeNewFile("other", to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == validCase)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["case.zc"])
        #expect(try CorpusLoader.load(paths: [directory]).map(\.id) == ["sample-case"])
    }

    @Test("Loading two files with the same case id names both places") func duplicateAcrossFiles() throws {
        let directory = NSTemporaryDirectory() + "corpus-dup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try CorpusWriter.writeNewFile(validCase, to: directory + "/a.zc")
        try CorpusWriter.writeNewFile(validCase, to: directory + "/b.zc")
        #expect(
            throws: CorpusError.malformed(
                file: directory + "/b.zc", line: 2,
                message: "duplicate case id 'sample-case': first defined at \(directory)/a.zc:2")
        ) { try CorpusLoader.load(paths: [directory]) }
    }
}
