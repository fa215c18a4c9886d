import MercatorCore
import ZoomProtocol

/// A program's behaviour card: the `describe` members inferred from its answers to the
/// designed set, each checked against what the program declares, and what it does at each
/// edge.
package struct ProbeCard: Sendable {
    package let name: String
    package let command: String?
    package let inference: ProbeInference
    /// The members, with the declared values filled in.
    package let members: [InferredMember]
    package let seconds: Double

    /// Probes `implementation` with every request of ``ProbeRequests/all``, one at a time.
    package init(probing implementation: any ZoomImplementation, command: String? = nil) {
        let started = ContinuousClock.now
        let answers = ProbeAnswers(asking: implementation)
        let elapsed = (ContinuousClock.now - started).seconds
        self.init(answers: answers, implementation: implementation, command: command, seconds: elapsed)
    }

    init(answers: ProbeAnswers, implementation: any ZoomImplementation, command: String?, seconds: Double) {
        name = implementation.name
        self.command = command
        self.seconds = seconds
        inference = ProbeInference(answers)
        let declared = Self.declared(implementation)
        // Under `badInput: unchecked` no refusal is promised, the centre limit's included
        // (PROTOCOL.md: the refusal properties do not apply).
        let unchecked = declared["badInput"]?.value == "\"unchecked\""
        members = inference.members.map { member in
            var member = member
            if let stated = declared[member.name] {
                member.declared = stated.value
                member.declaredPromisesNothing = stated.promisesNothing
                member.heldByBadInput = !(unchecked && member.name == "centreLimit")
            }
            return member
        }
    }

    /// The members whose declared value differs from the inferred one.
    package var mismatches: [InferredMember] { members.filter { $0.agreement == .differs } }

    /// The requests the program failed on (it died, hung or broke the protocol there).
    package var failures: [(request: ProbeRequest, reason: String)] {
        zip(inference.answers.requests, inference.answers.answers).compactMap { request, answer in
            if case .failed(let reason) = answer { return (request, reason) }
            return nil
        }
    }

    // MARK: - Declarations

    /// What `implementation` states, member by member, as JSON fragments: an `exec:`
    /// program the members its `describe` answer holds; a Swift implementation every member
    /// when its capabilities are declared (the optional ones when set), none when assumed.
    static func declared(_ implementation: any ZoomImplementation) -> [String: (value: String, promisesNothing: Bool)] {
        let capabilities = implementation.capabilities
        let stated: Set<String>
        if let external = implementation as? ExternalImplementation {
            stated = external.describedMembers
        } else if capabilities.isDeclared {
            var all: Set<String> = [
                "operations", "conventions", "fractionalZooms", "anyPixelZoom", "level", "zoomSource", "fitPadding",
                "badInput", "centreLimit", "regionReading", "integerGetter", "zoomRange",
            ]
            if capabilities.fitAspect != nil { all.insert("fitAspect") }
            if capabilities.projectBeyondBand != nil { all.insert("projectBeyondBand") }
            if capabilities.unprojectBeyondWorld != nil { all.insert("unprojectBeyondWorld") }
            if capabilities.pixelGrid != nil { all.insert("pixelGrid") }
            stated = all
        } else {
            stated = []
        }
        func q(_ text: String) -> String { "\"\(text)\"" }
        func number(_ value: Double) -> String { ProbeInference.tidy(value) }
        var values: [String: (String, Bool)] = [
            "operations": (
                "[" + capabilities.operations.sorted().map { q($0.rawValue) }.joined(separator: ",") + "]", false
            ),
            "conventions": (
                "["
                    + ZoomConvention.allCases.filter(capabilities.conventions.contains).map { q($0.rawValue) }.joined(
                        separator: ",") + "]", false
            ), "fractionalZooms": (String(capabilities.fractionalZooms), false),
            "anyPixelZoom": (String(capabilities.anyPixelZoom), false),
            "level": (q(capabilities.levelRounding.rawValue), capabilities.levelRounding == .unspecified),
            "zoomSource": (q(capabilities.zoomSource.rawValue), false),
            "fitPadding": (
                capabilities.fitPadding.map {
                    "{\"factor\":\(number($0.factor)),\"minimumDelta\":\(number($0.minimumDelta))}"
                } ?? "null", capabilities.fitPadding == nil
            ), "badInput": (q(capabilities.badInput.rawValue), false),
            "centreLimit": (q(capabilities.centreLimit.rawValue), false),
            "regionReading": (q(capabilities.regionReading.rawValue), false),
            "integerGetter": (String(capabilities.integerGetter), false),
            "zoomRange": (
                "{\"min\":\(number(capabilities.servedZooms.lowest)),"
                    + "\"max\":\(number(capabilities.servedZooms.highest))}", false
            ),
        ]
        if let aspect = capabilities.fitAspect { values["fitAspect"] = (q(aspect.rawValue), false) }
        if let band = capabilities.projectBeyondBand { values["projectBeyondBand"] = (q(band.rawValue), false) }
        if let world = capabilities.unprojectBeyondWorld { values["unprojectBeyondWorld"] = (q(world.rawValue), false) }
        if let grid = capabilities.pixelGrid { values["pixelGrid"] = (q(grid.rawValue), grid == .requestZoom) }
        return values.filter { stated.contains($0.key) }.mapValues { (value: $0.0, promisesNothing: $0.1) }
    }

    // MARK: - The implied describe answer

    /// The implied `describe` answer: `protocol`, `name` and every member inferred (but a
    /// `zoomRange` of 0…28, the default), one per line (valid JSON; one line when `oneLine`).
    package func describeAnswer(oneLine: Bool = false) -> String {
        let label = name.hasPrefix("exec:") ? String(name.dropFirst(5)) : name
        let escaped = label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let parts =
            ["\"protocol\":3", "\"name\":\"\(escaped)\""]
            + members.compactMap { member in
                // The protocol's own range is the default: left out, as ZoomCheck's cores leave it.
                guard member.name != "zoomRange" || member.value != "{\"min\":0,\"max\":28}" else { return nil }
                return member.value.map { "\"\(member.name)\":\($0)" }
            }
        if oneLine { return "{" + parts.joined(separator: ",") + "}" }
        return "{\n" + parts.map { "  " + $0 }.joined(separator: ",\n") + "\n}"
    }

    // MARK: - Edges

    /// One row of the edge table: which edge, the request, the answer, and what it shows.
    package struct EdgeRow: Sendable {
        package let edge: String
        package let request: String
        package let fields: String
        package let answer: String
        package let note: String
    }

    /// The edges shown, in order: each an edge's name and its requests (names without the
    /// convention for the convention's ops).
    static let edges: [(String, [String])] = [
        ("the poles", ["project.north-pole", "project.south-pole", "fit.pole"]),
        ("the band's edge", ["project.band-north", "project.past-band", "span.band-edge", "span.past-band"]),
        ("past the band", ["project.north-86", "project.south-89", "unproject.beyond-north", "span.near-pole"]),
        (
            "±180° and its neighbours",
            [
                "project.east-180", "project.west-180", "project.near-180", "unproject.east-edge", "span.east-180",
                "zoom.on-antimeridian",
            ]
        ), ("zoom 0", ["project.zoom-0", "span.level-0", "span.zoom-0-off-equator"]),
        ("below zoom 0", ["project.zoom--1", "span.zoom--1"]),
        ("zoom 10: the zoom base", ["span.zoom-10", "zoom.at-10", "zoom.at-10.32", "zoom.at-10.74"]),
        (
            "zooms 20, 28 and past",
            ["project.origin", "span.level-20", "span.level-28", "project.zoom-28.5", "span.zoom-29"]
        ),
        (
            "views narrower and wider than the world",
            ["span.zoom-0-wide-view", "span.one-point-view", "zoom.wider-than-world", "zoom.narrower-than-28"]
        ), ("scale", ["span.scale-2", "zoom.scale-2"]),
        ("one point, coincident points", ["fit.one-point", "fit.coincident"]),
        ("across the antimeridian", ["fit.across-antimeridian", "fit.both-180s"]),
        ("bad values", ["project.lat-nan", "unproject.y-nan", "span.width-0", "zoom.lon-delta-0", "fit.empty"]),
    ]

    /// The edge table, in the members' convention.
    package var edgeRows: [EdgeRow] {
        var rows: [EdgeRow] = []
        for (edge, names) in Self.edges {
            for name in names {
                let convention = inference.convention(for: name) ?? .seed512
                let full = name.hasPrefix("fit.") ? name : name + "." + convention.rawValue
                guard let request = ProbeRequests.named(full), let answer = inference.answers[full] else { continue }
                rows.append(
                    EdgeRow(
                        edge: edge, request: full, fields: "\(request.op.rawValue) \(request.fields)",
                        answer: answer.text, note: note(full, answer)))
            }
        }
        return rows
    }

    /// The edges where the program departs from PROTOCOL.md's definitions: a region that is
    /// not valid or holds more than 360°, a fit the long way round, a getter whose levels
    /// count another world, a level outside 0…28, a refusal with another code.
    package var findings: [EdgeRow] {
        let convention = inference.getterConvention ?? .seed512
        let ownWorld = "levels of a \(Int(convention.worldWidthAtZoomZero))-px world"
        return edgeRows.filter { row in
            [
                "not a valid region", "not valid", "more than 360°", "the long way round", "outside 0…28",
                "PROTOCOL.md's code",
            ].contains { row.note.contains($0) } || (row.note.contains("levels of a") && !row.note.contains(ownWorld))
        }
    }

    /// What an edge's answer shows, in a few words ("" when it speaks for itself).
    func note(_ name: String, _ answer: ProbeAnswer) -> String {
        let convention = inference.convention(for: name) ?? .seed512
        let width = ProbeRequests.phone.widthInPoints
        switch answer {
        case .refused(let code):
            if let expected = ProbeRequests.named(name)?.refusal, expected != code, code != "unsupported" {
                return "PROTOCOL.md's code is \(expected)"
            }
            return ""
        case .failed: return "the program failed"
        case .point(let x, _) where name.contains(".east-180") || name.contains(".west-180"):
            return x == 536_870_912 ? "written at x = W" : x == 0 ? "written at x = 0" : ""
        case .coordinate(_, let longitude) where name.contains(".east-edge"):
            return "x = W unprojected to \(NumberText.shortest(longitude))°"
        case .point(let x, _) where name.contains("project.zoom-0"):
            let implied = x * 4 / 3
            return "a \(NumberText.shortest(implied))-px world at zoom 0"
                + (implied == convention.worldWidthAtZoomZero
                    ? "" : " (the convention's is \(Int(convention.worldWidthAtZoomZero)))")
        case .region(_, _, _, let longitudeDelta, _) where name.contains("span.zoom-10."):
            let implied = 360 * width / (longitudeDelta * 1024)
            return "spans as a \(NumberText.shortest(implied))-px world at zoom 0"
        case .reading(let zoom, _, false) where name == "zoom.at-10.\(convention.rawValue)":
            let off = zoom - 10
            if abs(off) < 0.01 { return "reads its own zoom back" }
            let implied = convention.worldWidthAtZoomZero * PortableMath.exp2(-off)
            return "reads zoom 10 as \(NumberText.shortest(zoom)): levels of a \(ProbeInference.tidy(implied))-px world"
        case .reading(_, let level, false) where !(0...28).contains(level): return "level outside 0…28"
        case .region(_, _, _, let longitudeDelta, let valid)
        where name.hasPrefix("fit.across") || name.hasPrefix("fit.both"):
            let way = longitudeDelta > 180 ? "the long way round" : "the short way"
            return way + (valid ? "" : ", not valid")
        case .region(_, _, let latitudeDelta, let longitudeDelta, let valid):
            var words: [String] = []
            if !valid { words.append("not a valid region") }
            if longitudeDelta > 360 { words.append("more than 360° of longitude") }
            if latitudeDelta > 180 { words.append("more than 180° of latitude") }
            return words.joined(separator: ", ")
        default: return ""
        }
    }
}
