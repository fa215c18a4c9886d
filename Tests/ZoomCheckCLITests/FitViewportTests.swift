import Foundation
import MercatorCore
import Testing
import TestSupport
@testable import ZoomProtocol

/// The optional view of a `fit` request (PROTOCOL.md, "width and height on fit"): `exec:` sends
/// the one the properties use, `zoomcheck eval` passes it to a core that fits into a view, and
/// a program that does not ignores it.
@Suite("The view a fit is for", .tags(.jsonLines)) struct FitViewportTests {
    /// The responses of an `eval` session answering `impl: corrected` with `corrected`.
    static func responses(_ lines: [String], corrected: any ZoomImplementation) -> [String] {
        var session = EvalSession(corrected: corrected)
        Array((lines.joined(separator: "\n") + "\n").utf8).withUnsafeBytes { session.consume($0) }
        session.finish()
        return String(decoding: session.takeOutput(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static let points = #""points":[[10,20],[12,24]]"#

    @Test("A core that fits into a view sizes the region for the view the request names")
    func fixedAspectCoreUsesTheView() throws {
        let fitting = FreeMercator(try Freedoms(parsing: "fit-viewport"))
        let answers = Self.responses(
            [
                #"{"op":"fit",\#(Self.points),"width":320,"height":460}"#,
                #"{"op":"fit",\#(Self.points),"width":2000,"height":100}"#, #"{"op":"fit",\#(Self.points)}"#,
            ], corrected: fitting)
        #expect(answers.count == 3)
        // A wide, short view shows more longitude for the same points than a phone does.
        #expect(answers[0] != answers[1], "\(answers)")
        // No view named: the core's own, which is the one ZoomCheck sends.
        #expect(answers[2] == answers[0], "\(answers)")
        #expect(Viewport.fitView == Freedoms.phoneViewport)
    }

    @Test("A core whose fit needs no view ignores it; a bad view is refused like span's") func freeCoreIgnoresTheView()
    {
        let answers = Self.responses(
            [
                #"{"op":"fit",\#(Self.points),"width":320,"height":460}"#,
                #"{"op":"fit",\#(Self.points),"width":2000,"height":100}"#, #"{"op":"fit",\#(Self.points)}"#,
                #"{"id":4,"op":"fit",\#(Self.points),"width":0,"height":460}"#,
                #"{"id":5,"op":"fit",\#(Self.points),"width":320}"#,
            ], corrected: BuiltInImplementations.corrected)
        #expect(answers.count == 5)
        #expect(answers[0] == answers[2] && answers[1] == answers[2], "\(answers)")
        #expect(answers[3].contains(#""code":"invalid-viewport""#), "\(answers[3])")
        #expect(answers[4].contains(#""code":"invalid-request""#) && answers[4].contains("height"), "\(answers[4])")
    }

    @Test(
        "exec: sends the view with every fit: the documents' 320 × 460 phone",
        .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck")) func execSendsTheView()
        throws
    {
        let directory = RegressionsScratch.make()
        let log = directory + "/requests.jsonl"
        let program = ExternalImplementation(
            command: "tee '\(log)' | '\(ExternalImplementationTests.binary)' eval", workerCount: 1)
        _ = try program.fit([Coordinate(latitude: 10, longitude: 20), Coordinate(latitude: 12, longitude: 24)])
        // tee may write its file just after passing the line on: wait up to 5 s for it.
        var requests: [Substring] = []
        for _ in 0..<50 {
            requests = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n") ?? []
            if requests.contains(where: { $0.contains(#""op":"fit""#) }) { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let fits = requests.filter { $0.contains(#""op":"fit""#) }
        #expect(fits.count == 1, "\(requests)")
        #expect(fits.allSatisfy { $0.contains(#""width":320"#) && $0.contains(#""height":460"#) }, "\(fits)")
    }
}
