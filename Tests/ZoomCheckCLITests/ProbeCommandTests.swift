import Foundation
import MercatorCore
import Testing
import TestSupport
import ZoomPanels
@testable import ZoomCheckCLI
@testable import ZoomPanels
@testable import ZoomProtocol

/// `zoomcheck probe`: the `describe` members inferred from a program's answers to the designed
/// set, each against what the program declares, and its edges.
@Suite("zoomcheck probe", .tags(.cli)) struct ProbeCommandTests {
    /// The implementation `--impl NAME` selects, as probe resolves it.
    static func implementation(_ name: String) throws -> any ZoomImplementation {
        let selected = try CheckOptions.selection([name], libm: .portable, program: .init()).get()
        return try #require(selected.first?.subject.implementation)
    }

    /// The corrected core's free variant with the freedoms `names` (`zoomcheck eval --freedoms`).
    static func variant(_ names: String) throws -> FreeMercator { FreeMercator(try Freedoms(parsing: names)) }

    /// The members whose declaration is a promise (not absent, not `unspecified`/`null`/
    /// `request-zoom`, not a centre limit beside `badInput: unchecked`), with how each compares
    /// with the inference.
    static func promised(_ card: ProbeCard) -> [String: InferredMember.Agreement] {
        Dictionary(
            uniqueKeysWithValues: card.members.filter {
                $0.declared != nil && !$0.declaredPromisesNothing && $0.heldByBadInput
            }.map { ($0.name, $0.agreement) })
    }

    @Test("the designed set: 255 requests, unique names, every bad one with PROTOCOL.md's code, in both conventions")
    func designedSet() {
        let all = ProbeRequests.all
        #expect(all.count == 255)
        #expect(Set(all.map(\.name)).count == all.count)
        let bad = all.filter { $0.refusal != nil }
        #expect(bad.count == 99)
        #expect(bad.allSatisfy { ProjectionError.protocolCodes.contains($0.refusal ?? "") })
        for convention in ZoomConvention.allCases {
            #expect(all.contains { $0.name == "span.level-28.\(convention.rawValue)" })
            #expect(all.contains { $0.name == "project.band-north.\(convention.rawValue)" })
        }
    }

    @Test("the corrected core's card equals its own describe, member by member, all 16 inferred")
    func correctedEqualsItsDescribe() throws {
        let core = WebMercator()
        let card = ProbeCard(probing: core)
        #expect(card.members.count == 16)
        for member in card.members {
            #expect(member.value != nil, "\(member.name): \(member.reason)")
            #expect(member.agreement == .agrees, "\(member.name): \(member.value ?? "-") vs \(member.declared ?? "-")")
        }
        #expect(card.mismatches.isEmpty)
        #expect(card.findings.isEmpty, "\(card.findings.map(\.request))")
        // The implied answer, read back as describe is read, is the core's capabilities.
        let object = try #require(try? ResponseObject.parse(Array(card.describeAnswer(oneLine: true).utf8)))
        var read = CapabilitiesJSON.capabilities(from: object).0
        read.isDeclared = true
        #expect(read == core.capabilities)
    }

    @Test("the seed port's card shows its documented findings at the edges") func seedFindings() throws {
        let card = ProbeCard(probing: try Self.implementation("seed"))
        let notes = Dictionary(uniqueKeysWithValues: card.findings.map { ($0.request, $0.note) })
        // The zoom base: the getter reads a region spanning zoom 10 in seed512 as 11, the levels
        // of 256-px tiles (the hidden × 2).
        #expect(notes["zoom.at-10.seed512"] == "reads zoom 10 as 11: levels of a 256-px world")
        // The zoom-0 region: centred at 7° on the phone, it reaches past the pole.
        #expect(notes["span.zoom-0-off-equator.seed512"] == "not a valid region")
        #expect(notes["span.zoom-0-wide-view.seed512"] == "not a valid region, more than 360° of longitude")
        // The fit across the antimeridian goes the long way round.
        #expect(notes["fit.across-antimeridian"] == "the long way round")
        #expect(card.inference.member("level")?.value == "\"nearest\"")
        #expect(card.inference.member("anyPixelZoom")?.value == "false")
        #expect(card.inference.member("fractionalZooms")?.value == "false")
        // What the port departs from in what it is declared to keep: its documented findings in
        // the convention class (no validation, no centre limit), and a fit centred on the rows.
        #expect(Set(card.mismatches.map(\.name)) == ["badInput", "centreLimit", "regionReading"])
    }

    @Test(
        "a control's or a freedom variant's card equals its declared describe, member by member",
        arguments: [
            "control-leaflet", "control-half-angle", "control-map-points", "project-clamps", "project-refuses",
            "unproject-clamps", "unproject-refuses", "level-nearest", "fit-unpadded", "zoom-range", "fit-viewport",
            "refuses-with-nan", "unchecked", "whole-pixels", "floor-pixels", "whole-pixels-2^28",
        ]) func declaredEqualsInferred(name: String) throws
    {
        let implementation = name.hasPrefix("control-") ? try Self.implementation(name) : try Self.variant(name)
        let card = ProbeCard(probing: implementation)
        let promised = Self.promised(card)
        #expect(!promised.isEmpty)
        for (member, agreement) in promised { #expect(agreement == .agrees, "\(name): \(member) \(agreement)") }
        #expect(card.mismatches.isEmpty, "\(name): \(card.mismatches.map(\.name))")
    }

    /// Every control of the panel (`--impl controls`), every single freedom of a correct
    /// program, eight combinations the engine draws (`eval --print-freedom-space 8`), and an
    /// unpadded fit on whole pixels, whose one point comes out a pixel wide at the top zoom:
    /// `minimumDelta` 0 within that rounding (the first draws showed a false mismatch there).
    static let everyVariant: [String] =
        ((try? CheckOptions.selection(["controls"], libm: .portable, program: .init()).get()) ?? []).map {
            $0.subject.implementation.name
        } + Freedoms.named.map(\.name) + FreedomSpace.sample(8).map(\.description) + [
            "floor-pixels,fit-viewport,zoom-range,fit-unpadded", "whole-pixels,fit-viewport,fit-unpadded",
        ]

    @Test(
        "every control, every single freedom and eight combinations: the card equals the declared describe",
        arguments: everyVariant) func everyDeclaredEqualsInferred(name: String) throws
    {
        let implementation = name.hasPrefix("control-") ? try Self.implementation(name) : try Self.variant(name)
        let card = ProbeCard(probing: implementation)
        // A control whose capabilities are assumed, not declared, promises nothing to compare.
        if implementation.capabilities.isDeclared { #expect(!Self.promised(card).isEmpty, "\(name)") }
        for (member, agreement) in Self.promised(card) {
            #expect(agreement == .agrees, "\(name): \(member) \(agreement)")
        }
        #expect(card.mismatches.isEmpty, "\(name): \(card.mismatches.map(\.name))")
    }

    @Test("what makes each variant a variant is inferred, not only left undetermined") func distinguishingMembers()
        throws
    {
        let expected: [(String, String, String)] = [
            ("project-clamps", "projectBeyondBand", "\"clamps\""),
            ("project-refuses", "projectBeyondBand", "\"refuses\""),
            ("unproject-clamps", "unprojectBeyondWorld", "\"clamps\""),
            ("unproject-refuses", "unprojectBeyondWorld", "\"refuses\""), ("level-nearest", "level", "\"nearest\""),
            ("fit-unpadded", "fitPadding", "{\"factor\":1,\"minimumDelta\":0}"),
            ("zoom-range", "zoomRange", "{\"min\":1,\"max\":22}"), ("fit-viewport", "fitAspect", "\"fixed\""),
            ("refuses-with-nan", "badInput", "\"refuses\""), ("unchecked", "badInput", "\"unchecked\""),
            ("whole-pixels", "pixelGrid", "\"request-zoom\""), ("whole-pixels-2^28", "pixelGrid", "\"2^28\""),
            ("whole-pixels-2^28", "conventions", "[\"tile256\"]"),
        ]
        for (freedoms, member, value) in expected {
            let card = ProbeCard(probing: try Self.variant(freedoms))
            #expect(card.inference.member(member)?.value == value, "\(freedoms): \(member)")
        }
        let leaflet = ProbeCard(probing: try Self.implementation("control-leaflet"))
        #expect(leaflet.inference.member("zoomSource")?.value == "\"latitude-and-longitude\"")
        let halfAngle = ProbeCard(probing: try Self.implementation("control-half-angle"))
        #expect(halfAngle.inference.member("centreLimit")?.value == "\"none\"")
        #expect(halfAngle.inference.member("fitPadding")?.value == "{\"factor\":1.2,\"minimumDelta\":0.01}")
    }

    /// The corrected core with one declaration false.
    /// The reference core, declaring what `lie` makes of its capabilities.
    struct Liar: DelegatingMutant {
        let name = "liar"
        let lie: @Sendable (inout Capabilities) -> Void
        var capabilities: Capabilities {
            var capabilities = core.capabilities
            lie(&capabilities)
            return capabilities
        }
    }

    @Test("a false declaration is reported as a mismatch of that member alone, with its evidence")
    func falseDeclaration() {
        let lies: [(String, @Sendable (inout Capabilities) -> Void)] = [
            ("level", { $0.levelRounding = .nearest }), ("projectBeyondBand", { $0.projectBeyondBand = .clamps }),
            ("fitPadding", { $0.fitPadding = Capabilities.FitPadding(factor: 1.2, minimumDelta: 0.014) }),
            ("centreLimit", { $0.centreLimit = .none }),
        ]
        for (member, lie) in lies {
            let card = ProbeCard(probing: Liar(lie: lie))
            #expect(card.mismatches.map(\.name) == [member])
            #expect(card.mismatches.first?.evidence.isEmpty == false)
            let text = ProbeCommand.text(card)
            #expect(text.contains("Declarations checked: 1 of 16 declared members differ"), "\(member)")
            #expect(text.contains("declares `\(member):"), "\(member)")
        }
    }

    @Test("usage errors exit 64: no --impl, two, an unknown name, --json without a path") func usageErrors() {
        for arguments in [
            ["probe"], ["probe", "--impl", "corrected", "--impl", "seed"], ["probe", "--impl", "nonsense"],
            ["probe", "--impl", "all"], ["probe", "--impl", "corrected", "--json", ""],
        ] {
            let result = ZoomCheckMainTests.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("text, Markdown and JSON: the card within 100 columns, the versioned schema, the same card twice")
    func outputs() throws {
        let first = ZoomCheckMainTests.run(["probe", "--impl", "corrected"])
        #expect(first.status == 0)
        #expect(first.output.contains("255 requests, 0 failed"))
        #expect(first.output.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let again = ZoomCheckMainTests.run(["probe", "--impl", "corrected"])
        func withoutTime(_ text: String) -> String {
            text.replacingOccurrences(of: #"in [0-9.]+ s"#, with: "", options: .regularExpression)
        }
        #expect(withoutTime(first.output) == withoutTime(again.output))
        let markdown = ZoomCheckMainTests.run(["probe", "--impl", "seed", "--markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.output.hasPrefix("## Behaviour card: `seed`"))
        #expect(markdown.output.contains("| `level` | `\"nearest\"` |"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let json = ZoomCheckMainTests.run(["probe", "--impl", "seed", "--json", path])
        #expect(json.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(document["schema"] as? String == "zoomcheck.probe/1")
        #expect(document["requestCount"] as? Int == 255)
        #expect((document["members"] as? [Any])?.count == 16)
        #expect((document["requests"] as? [Any])?.count == 255)
        #expect(document["mismatches"] as? [String] == ["badInput", "centreLimit", "regionReading"])
    }

    @Test(
        "an exec: program: zoomcheck eval probed through the protocol gives the corrected core's card",
        .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck")) func execProgram()
    {
        let result = ZoomCheckMainTests.run(["probe", "--impl", "exec:\(ExternalImplementationTests.binary) eval"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("255 requests, 0 failed"))
        // Its describe leaves zoomRange out: 15 members declared.
        #expect(result.output.contains("Declarations checked: 15 members declared, none differs from its inference."))
    }

    @Test(
        "an outsider's program written from PROTOCOL.md (the Python adapter): its 12 declared members as inferred",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func pythonAdapter() {
        let script = TestPackage.path("Examples/python-adapter/zoomcheck_adapter.py")
        let result = ZoomCheckMainTests.run(["probe", "--impl", "exec:/usr/bin/python3 '\(script)'"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("255 requests, 0 failed"))
        #expect(result.output.contains("Declarations checked: 12 members declared, none differs from its inference."))
        #expect(result.output.contains("Edge findings: none"))
    }

    @Test(
        "an exec: program whose describe lies about its level: the mismatch is reported, exit 0",
        .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck")) func execLie()
    {
        let command =
            "\(ExternalImplementationTests.binary) eval | sed -u 's/\"level\":\"fitting\"/\"level\":\"nearest\"/'"
        let result = ZoomCheckMainTests.run(["probe", "--impl", "exec:\(command)"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Declarations checked: 1 of 15 declared members differ"))
        #expect(result.output.contains("declares `level: \"nearest\"`, answers like `\"fitting\"`"))
    }

    @Test(
        """
        check: a false declaration is a note under the program's name at the top, not a verdict; the page holds \
        the card; a truthful program gets no such note
        """, .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck"))
    func checkReportsDeclarations() throws {
        let liar =
            "\(ExternalImplementationTests.binary) eval | sed -u 's/\"level\":\"fitting\"/\"level\":\"nearest\"/'"
        let directory = RegressionsScratch.make()
        let page = directory + "/page"
        let lying = ZoomCheckMainTests.run([
            "check", "--impl", "exec:\(liar)", "--property", "longitude-round-trip", "--cases", "20", "--regressions",
            directory, "--html", page,
        ])
        // The property holds: the mismatch changes no verdict and no exit status.
        #expect(lying.status == 0, "\(lying.output)\(lying.errors)")
        let header = lying.output.components(separatedBy: "\n\n")[0]
        #expect(header.contains("note: declares `level: \"nearest\"`, answers like `\"fitting\"`"), "\(header)")
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        #expect(html.contains("its behaviour card (zoomcheck probe)</summary>"))
        #expect(html.contains("Declarations checked: 1 of 15 declared members differ"))
        let truthful = ZoomCheckMainTests.run([
            "check", "--impl", "exec:\(ExternalImplementationTests.binary) eval", "--property", "longitude-round-trip",
            "--cases", "20", "--regressions", directory,
        ])
        #expect(truthful.status == 0)
        #expect(!truthful.output.contains("declares `"), "\(truthful.output)")
    }

    @Test(
        "a program that cannot start, dies after describe, or hangs: exit 69 naming the request it failed on, no hang")
    func programFailures() {
        let missing = ZoomCheckMainTests.run(["probe", "--impl", "exec:/nonexistent/zoom-program"])
        #expect(missing.status == 69)
        #expect(missing.errors.contains("cannot start"))
        let dies = ZoomCheckMainTests.run([
            "probe", "--impl", #"exec:read line; echo '{"protocol":3,"name":"dies"}'; exit 0"#,
        ])
        #expect(dies.status == 69, "\(dies.output)")
        #expect(dies.errors.contains("the program failed during the probe, at request project.origin.seed512"))
        #expect(dies.output.isEmpty)
        // A program that runs but answers nothing the protocol allows: cat echoes each request.
        let echoes = ZoomCheckMainTests.run(["probe", "--impl", "exec:cat"])
        #expect(echoes.status == 69)
        #expect(echoes.errors.contains("255 of 255 requests failed"))
        let started = ContinuousClock.now
        let hangs = ZoomCheckMainTests.run([
            "probe", "--exec-timeout", "0.5", "--impl", #"exec:read line; echo '{"protocol":3}'; sleep 30"#,
        ])
        #expect(hangs.status == 69)
        #expect(hangs.errors.contains("project.origin.seed512"))
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
