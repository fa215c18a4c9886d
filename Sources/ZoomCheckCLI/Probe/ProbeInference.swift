import MercatorCore
import ZoomProtocol

/// One declarable `describe` member as the probe inferred it: its value (a JSON fragment, as
/// `describe` writes it) or why the answers do not decide it, the requests that decided it,
/// and what the program declared.
package struct InferredMember: Sendable {
    /// The member's name in `describe`: `level`.
    package let name: String
    /// The inferred value as a JSON fragment (`"fitting"`, `true`, `{"min":1,"max":22}`);
    /// nil: undetermined.
    package let value: String?
    /// How the answers decided it, or why they did not, in a sentence.
    package let reason: String
    /// The requests that decided it (names in ``ProbeRequests/all``).
    package let evidence: [String]
    /// The declared value as a JSON fragment; nil when the program does not state it.
    package var declared: String? = nil
    /// Whether the declared value promises nothing (`level: unspecified`, `fitPadding: null`,
    /// `pixelGrid: request-zoom`): any behaviour keeps it.
    package var declaredPromisesNothing = false

    /// How the declaration compares with the inference.
    package enum Agreement: String, Sendable {
        case agrees, differs, undetermined
        case notDeclared = "not declared"
        case promisesNothing = "declares no promise"
        /// Declared `refuses` or `unchecked` where the answers keep exact codes: true, but weaker.
        case weaker = "declares less"
    }

    package var agreement: Agreement {
        guard let declared else { return .notDeclared }
        if declaredPromisesNothing { return .promisesNothing }
        guard let value else { return .undetermined }
        if value == declared { return .agrees }
        if name == "badInput" {
            let strength = ["\"unchecked\"": 0, "\"refuses\"": 1, "\"error-codes\"": 2]
            if let have = strength[value], let promised = strength[declared], have > promised { return .weaker }
        }
        if name == "fitPadding", let a = Self.padding(value), let b = Self.padding(declared),
            Self.close(a.0, b.0), Self.close(a.1, b.1)
        {
            return .agrees
        }
        return .differs
    }

    /// Factor and minimum of a `fitPadding` fragment.
    static func padding(_ fragment: String) -> (Double, Double)? {
        let digits = fragment.split { !($0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+") }
        guard digits.count == 2, let factor = Double(digits[0]), let minimum = Double(digits[1]) else { return nil }
        return (factor, minimum)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * Swift.max(1, abs(a), abs(b)) }
}

/// The `describe` members inferred from a program's answers to the designed set
/// (``ProbeRequests``), each with its evidence; never a guess: a member the answers do not
/// decide is undetermined.
package struct ProbeInference: Sendable {
    package let answers: ProbeAnswers
    /// The convention the members are read in: seed512 when the program answers in it, else
    /// tile256 (nil: it answered nothing in either).
    package let convention: ZoomConvention?
    package private(set) var members: [InferredMember] = []

    package init(_ answers: ProbeAnswers) {
        self.answers = answers
        convention = ZoomConvention.allCases.first { convention in
            zip(answers.requests, answers.answers).contains { request, answer in
                request.convention == convention && request.refusal == nil && answer.isValue
            }
        }
        members = [
            operations(), conventions(), fractionalZooms(), anyPixelZoom(), level(), zoomSource(), fitPadding(),
            badInput(), centreLimit(), regionReading(), integerGetter(), fitAspect(), projectBeyondBand(),
            zoomRange(), pixelGrid(), unprojectBeyondWorld(),
        ]
    }

    /// The member called `name`.
    package func member(_ name: String) -> InferredMember? { members.first { $0.name == name } }

    // MARK: - Reading answers

    /// The answer to `name` in the members' convention (`name.seed512`), with its full name.
    func inConvention(_ name: String) -> (name: String, answer: ProbeAnswer)? {
        guard let convention else { return nil }
        let full = "\(name).\(convention.rawValue)"
        return answers[full].map { (full, $0) }
    }

    static func n(_ value: Double) -> String { NumberText.shortest(value) }
    static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// `value` written with at most 6 decimals when it is that decimal up to 1e-12 relative
    /// (1.1500000000000001 → 1.15), else in full: the factor a division measured.
    static func tidy(_ value: Double) -> String {
        var scale = 1.0
        for _ in 0...6 {
            let rounded = (value * scale).rounded() / scale
            if abs(rounded - value) <= 1e-12 * Swift.max(1, abs(value)) { return NumberText.json(rounded) }
            scale *= 10
        }
        return NumberText.json(value)
    }

    // MARK: - Domain

    func operations() -> InferredMember {
        var served: [String] = [], evidence: [String] = []
        for op in Capabilities.Operation.allCases {
            let valid = zip(answers.requests, answers.answers).filter { request, _ in
                request.op == op && request.refusal == nil
            }
            if let first = valid.first(where: { $1.isValue }) {
                served.append(op.rawValue)
                evidence.append(first.0.name)
            } else if let first = valid.first {
                evidence.append(first.0.name)
            }
        }
        let value = "[" + served.map(Self.quoted).joined(separator: ",") + "]"
        return InferredMember(
            name: "operations", value: value,
            reason: "the ops that answered a valid request with values: \(served.joined(separator: ", "))",
            evidence: evidence)
    }

    func conventions() -> InferredMember {
        var served: [String] = [], evidence: [String] = []
        for convention in ZoomConvention.allCases {
            let valid = zip(answers.requests, answers.answers).filter { request, _ in
                request.convention == convention && request.refusal == nil
            }
            if let first = valid.first(where: { $1.isValue }) {
                served.append(convention.rawValue)
                evidence.append(first.0.name)
            } else if let first = valid.first {
                evidence.append(first.0.name)
            }
        }
        guard !served.isEmpty else {
            return InferredMember(
                name: "conventions", value: nil, reason: "no request in either convention was answered",
                evidence: evidence)
        }
        return InferredMember(
            name: "conventions", value: "[" + served.map(Self.quoted).joined(separator: ",") + "]",
            reason: "answered valid requests in \(served.joined(separator: " and "))", evidence: evidence)
    }

    func fractionalZooms() -> InferredMember {
        guard let whole = inConvention("span.zoom-10"), let fraction = inConvention("span.zoom-10.5") else {
            return InferredMember(
                name: "fractionalZooms", value: nil, reason: "no convention answered", evidence: [])
        }
        let evidence = [whole.name, fraction.name]
        if fraction.answer.isValue {
            return InferredMember(
                name: "fractionalZooms", value: "true", reason: "span answered zoom 10.5", evidence: evidence)
        }
        if whole.answer.isValue, fraction.answer.isUnsupported {
            return InferredMember(
                name: "fractionalZooms", value: "false",
                reason: "span answered zoom 10 and refused 10.5 as unsupported", evidence: evidence)
        }
        return InferredMember(
            name: "fractionalZooms", value: nil, reason: "span answered neither zoom 10 nor 10.5 with values",
            evidence: evidence)
    }

    func anyPixelZoom() -> InferredMember {
        let others = ["project.zoom-0", "project.zoom-10", "project.zoom-28"].compactMap(inConvention)
        guard let world = inConvention("project.origin"), !others.isEmpty else {
            return InferredMember(name: "anyPixelZoom", value: nil, reason: "no convention answered", evidence: [])
        }
        let evidence = [world.name] + others.map(\.name)
        if others.contains(where: { $0.answer.isValue }) {
            return InferredMember(
                name: "anyPixelZoom", value: "true", reason: "project answered at zooms other than the 2^29-px world",
                evidence: evidence)
        }
        if world.answer.isValue, others.allSatisfy({ $0.answer.isUnsupported }) {
            return InferredMember(
                name: "anyPixelZoom", value: "false",
                reason: "project answered in the 2^29-px world only; zooms 0, 10 and 28 were unsupported",
                evidence: evidence)
        }
        return InferredMember(
            name: "anyPixelZoom", value: nil, reason: "project answered at no zoom with values", evidence: evidence)
    }

    func zoomRange() -> InferredMember {
        guard let convention else {
            return InferredMember(name: "zoomRange", value: nil, reason: "no convention answered", evidence: [])
        }
        let levels = (0...28).compactMap { zoom -> (Int, ProbeAnswer)? in
            answers["span.level-\(zoom).\(convention.rawValue)"].map { (zoom, $0) }
        }
        let served = levels.filter { $0.1.isValue }.map(\.0)
        let evidence = ["span.level-0…28.\(convention.rawValue)"]
        guard let lowest = served.first, let highest = served.last else {
            return InferredMember(
                name: "zoomRange", value: nil, reason: "span answered no integer zoom 0…28 with values",
                evidence: evidence)
        }
        guard served.count == highest - lowest + 1,
            levels.filter({ !$0.1.isValue }).allSatisfy({ $0.1.isUnsupported })
        else {
            return InferredMember(
                name: "zoomRange", value: nil,
                reason: "the zooms span answered are not one run refused elsewhere as unsupported: "
                    + served.map(String.init).joined(separator: ","), evidence: evidence)
        }
        return InferredMember(
            name: "zoomRange", value: "{\"min\":\(lowest),\"max\":\(highest)}",
            reason: "span answered integer zooms \(lowest)…\(highest)"
                + (lowest == 0 && highest == 28 ? " (every one)" : ", and unsupported outside"), evidence: evidence)
    }

    // MARK: - The getter

    /// The readings of the zoom-10 region and its two fractional neighbours.
    func readings() -> [(name: String, zoom: Double, level: Int, reference: Double)]? {
        let names = ["zoom.at-10"] + ProbeRequests.fractionalFactors.map { "zoom.at-\($0.name)" }
        let references = [10.0, 10 + PortableMath.log2(1.25), 10 + PortableMath.log2(5.0 / 3)]
        var found: [(String, Double, Int, Double)] = []
        for (name, reference) in zip(names, references) {
            guard let (full, answer) = inConvention(name), case .reading(let zoom, let level, false) = answer else {
                return nil
            }
            found.append((full, zoom, level, reference))
        }
        return found
    }

    func integerGetter() -> InferredMember {
        guard let readings = readings() else {
            return InferredMember(
                name: "integerGetter", value: nil, reason: "the getter answered no reading", evidence: [])
        }
        let evidence = readings.map(\.name)
        let fractional = readings.dropFirst()
        if fractional.allSatisfy({ $0.zoom == Double($0.level) }) {
            return InferredMember(
                name: "integerGetter", value: "true",
                reason: "zoom equals level at fractional regions (\(fractional.map { Self.n($0.zoom) }.joined(separator: ", ")))",
                evidence: evidence)
        }
        return InferredMember(
            name: "integerGetter", value: "false",
            reason: "fractional zooms read: \(fractional.map { Self.n($0.zoom) }.joined(separator: ", "))",
            evidence: evidence)
    }

    func level() -> InferredMember {
        guard let readings = readings() else {
            return InferredMember(name: "level", value: nil, reason: "the getter answered no reading", evidence: [])
        }
        let evidence = readings.map(\.name)
        let integer = readings.dropFirst().allSatisfy { $0.zoom == Double($0.level) }
        // A whole-level getter's own zoom is its level: the zooms read are then the exact ones,
        // shifted by however far it reads the zoom-10 region off 10.
        let shift = integer ? Double(readings[0].level) - 10 : 0
        let zooms = readings.map { integer ? $0.reference + shift : $0.zoom }
        let levels = readings.map(\.level)
        let floors = zooms.map { Int(($0 + 1e-9).rounded(.down)) }
        let nearest = zooms.map { Int($0.rounded()) }
        let shown = zip(zooms, levels).map { "\(Self.n($0)) → \($1)" }.joined(separator: ", ")
        if levels == floors, levels != nearest {
            return InferredMember(
                name: "level", value: Self.quoted("fitting"), reason: "each level is the floor of its zoom: \(shown)",
                evidence: evidence)
        }
        if levels == nearest, levels != floors {
            return InferredMember(
                name: "level", value: Self.quoted("nearest"), reason: "each level is its zoom rounded: \(shown)",
                evidence: evidence)
        }
        return InferredMember(
            name: "level", value: Self.quoted("unspecified"),
            reason: "the levels follow neither the floor nor the nearest integer: \(shown)", evidence: evidence)
    }

    func zoomSource() -> InferredMember {
        guard let square = inConvention("zoom.at-10"), let tall = inConvention("zoom.tall-region"),
            case .reading(let squareZoom, _, false) = square.answer, case .reading(let tallZoom, _, false) = tall.answer
        else {
            return InferredMember(
                name: "zoomSource", value: nil, reason: "the getter answered no reading of both regions", evidence: [])
        }
        let evidence = [square.name, tall.name]
        let shown = "a 40°-tall region with the same longitude span reads \(Self.n(tallZoom)), the square one \(Self.n(squareZoom))"
        if abs(tallZoom - squareZoom) < 0.01 {
            return InferredMember(
                name: "zoomSource", value: Self.quoted("longitude"), reason: shown, evidence: evidence)
        }
        if tallZoom < squareZoom - 1 {
            return InferredMember(
                name: "zoomSource", value: Self.quoted("latitude-and-longitude"), reason: shown, evidence: evidence)
        }
        return InferredMember(name: "zoomSource", value: nil, reason: shown, evidence: evidence)
    }

    // MARK: - The fit

    /// The two boxes' deltas over their extents: (latitude ratio, longitude ratio) for the
    /// box 10° tall and 20° wide, and for the one 20° tall and 10° wide.
    func boxRatios() -> (wide: (Double, Double), tall: (Double, Double))? {
        guard case .region(_, _, let wideLat, let wideLon, _) = answers["fit.wide-box"],
            case .region(_, _, let tallLat, let tallLon, _) = answers["fit.tall-box"]
        else { return nil }
        return ((wideLat / 10, wideLon / 20), (tallLat / 20, tallLon / 10))
    }

    func fitPadding() -> InferredMember {
        let evidence = ["fit.wide-box", "fit.tall-box", "fit.one-point"]
        guard regionReadingValue == "mapkit" else {
            return InferredMember(
                name: "fitPadding", value: nil,
                reason: "measured in degrees only for regions read as MapKit's (regionReading)", evidence: evidence)
        }
        guard let ratios = boxRatios(), case .region(_, _, let pointLat, let pointLon, _) = answers["fit.one-point"]
        else {
            return InferredMember(
                name: "fitPadding", value: nil, reason: "fit answered the boxes or the one point with no region",
                evidence: evidence)
        }
        let wide = Swift.min(ratios.wide.0, ratios.wide.1), tall = Swift.min(ratios.tall.0, ratios.tall.1)
        let minimum = Swift.min(pointLat, pointLon)
        guard InferredMember.close(wide, tall), wide >= 1 - 1e-12, minimum.isFinite, minimum >= 0 else {
            return InferredMember(
                name: "fitPadding", value: nil,
                reason: "the two boxes' padded extents disagree (× \(Self.n(wide)) and × \(Self.n(tall)))",
                evidence: evidence)
        }
        let factor = Self.tidy(wide), least = Self.tidy(minimum)
        return InferredMember(
            name: "fitPadding", value: "{\"factor\":\(factor),\"minimumDelta\":\(least)}",
            reason: "both boxes padded × \(factor); one point gets \(least)°", evidence: evidence)
    }

    func fitAspect() -> InferredMember {
        let evidence = ["fit.wide-box", "fit.tall-box"]
        guard regionReadingValue == "mapkit", let ratios = boxRatios() else {
            return InferredMember(
                name: "fitAspect", value: nil, reason: "no boxes fitted as MapKit's regions", evidence: evidence)
        }
        let free = InferredMember.close(ratios.wide.0, ratios.wide.1) && InferredMember.close(ratios.tall.0, ratios.tall.1)
        let shown =
            "the 10°×20° box padded × \(Self.n(ratios.wide.0)) in latitude, × \(Self.n(ratios.wide.1)) in longitude"
        if free {
            return InferredMember(
                name: "fitAspect", value: Self.quoted("free"), reason: shown + ": each delta on its own",
                evidence: evidence)
        }
        return InferredMember(
            name: "fitAspect", value: Self.quoted("fixed"), reason: shown + ": one delta padded, the other larger",
            evidence: evidence)
    }

    /// The region reading the high-latitude fit shows, as a bare word (nil: undetermined).
    var regionReadingValue: String? {
        guard case .region(let latitude, _, _, _, _) = answers["fit.high-latitude"] else { return nil }
        if abs(latitude - 70) < 1e-6 { return "mapkit" }
        if abs(latitude - Self.mercatorMidpoint) < 1e-6 { return "mercator-view" }
        return nil
    }

    /// The latitude whose row lies midway between those of 60° and 80°.
    static let mercatorMidpoint: Double = {
        let world = 536_870_912.0
        let middle = (WebMercator.y(latitude: 60, worldWidth: world) + WebMercator.y(latitude: 80, worldWidth: world)) / 2
        return WebMercator.latitude(y: middle, worldWidth: world)
    }()

    func regionReading() -> InferredMember {
        let evidence = ["fit.high-latitude"]
        guard case .region(let latitude, _, _, _, _) = answers["fit.high-latitude"] else {
            return InferredMember(name: "regionReading", value: nil, reason: "fit answered no region", evidence: evidence)
        }
        let midpoint = Self.n(Self.mercatorMidpoint)
        let shown = "60° and 80° fitted centred on \(Self.n(latitude))° (degree midpoint 70, row midpoint \(midpoint))"
        return InferredMember(
            name: "regionReading", value: regionReadingValue.map(Self.quoted), reason: shown, evidence: evidence)
    }

    // MARK: - Edges and bad input

    func badInput() -> InferredMember {
        var exact = 0, refused = 0, answered: [String] = [], other: [String] = [], skipped = 0
        var orders = 0, ordersKept = 0
        for (request, answer) in zip(answers.requests, answers.answers) {
            guard let expected = request.refusal else { continue }
            if answer.isUnsupported {
                skipped += 1
                continue
            }
            if case .failed = answer {
                skipped += 1
                continue
            }
            let isOrder = request.name.contains(".order-")
            if isOrder { orders += 1 }
            if answer.code == expected {
                exact += 1
                if isOrder { ordersKept += 1 }
            } else if answer.code != nil || answer.isUnmistakable {
                refused += 1
                if other.count < 3 { other.append(request.name) }
            } else {
                answered.append(request.name)
            }
        }
        let total = exact + refused + answered.count
        let counts = """
            of \(total) bad requests (\(skipped) unsupported or failed, not counted): \(exact) refused with \
            PROTOCOL.md's code, \(refused) refused otherwise, \(answered.count) answered as if valid; the order of \
            the checks kept at \(ordersKept) of \(orders) requests with two bad values
            """
        guard total > 0 else {
            return InferredMember(name: "badInput", value: nil, reason: counts, evidence: [])
        }
        if !answered.isEmpty {
            return InferredMember(
                name: "badInput", value: Self.quoted("unchecked"), reason: counts,
                evidence: Array(answered.prefix(4)))
        }
        if refused > 0 {
            return InferredMember(name: "badInput", value: Self.quoted("refuses"), reason: counts, evidence: other)
        }
        return InferredMember(
            name: "badInput", value: Self.quoted("error-codes"), reason: counts,
            evidence: ["project.order-lat-first", "span.order-zoom-before-view", "fit.order-first-point-first"])
    }

    func centreLimit() -> InferredMember {
        guard let edge = inConvention("span.band-edge"), let past = inConvention("span.past-band"),
            let pole = inConvention("span.near-pole")
        else { return InferredMember(name: "centreLimit", value: nil, reason: "no convention answered", evidence: []) }
        let evidence = [edge.name, past.name, pole.name]
        let shown = "centres at the band's edge: \(edge.answer.text); at 85.06°: \(past.answer.text); at 89°: \(pole.answer.text)"
        if edge.answer.isValue, past.answer.code == "invalid-latitude", pole.answer.code == "invalid-latitude" {
            return InferredMember(
                name: "centreLimit", value: Self.quoted("mercator-band"), reason: shown, evidence: evidence)
        }
        if edge.answer.isValue, past.answer.isValue, pole.answer.isValue {
            return InferredMember(name: "centreLimit", value: Self.quoted("none"), reason: shown, evidence: evidence)
        }
        return InferredMember(name: "centreLimit", value: nil, reason: shown, evidence: evidence)
    }

    func projectBeyondBand() -> InferredMember {
        let world = 536_870_912.0
        let probes = [("project.past-band", ProbeRequests.pastBand), ("project.north-86", 86), ("project.south-89", -89)]
        var kinds: Set<String> = [], evidence: [String] = [], shown: [String] = []
        for (name, latitude) in probes {
            guard let (full, answer) = inConvention(name) else { continue }
            evidence.append(full)
            let edge = latitude > 0 ? 0 : world
            let reference = WebMercator.y(latitude: latitude, worldWidth: world)
            switch answer {
            case .point(_, let y):
                shown.append("\(Self.n(latitude))° → y \(Self.n(y))")
                // A pixel either way, and the row's rounding budget near the pole.
                if abs(y - reference) <= 2 + 1e-9 * abs(reference), abs(reference - edge) > 2 {
                    kinds.insert("extends")
                } else if abs(y - edge) <= 1 {
                    kinds.insert("clamps")
                } else {
                    kinds.insert("between")
                }
            case .refused("invalid-latitude"):
                shown.append("\(Self.n(latitude))° → invalid-latitude")
                kinds.insert("refuses")
            default:
                shown.append("\(Self.n(latitude))° → \(answer.text)")
                kinds.insert("other")
            }
        }
        // Just past the edge, the reference row is within a pixel of the edge's: it tells
        // nothing apart from a clamp.
        if kinds.contains("clamps"), kinds.contains("extends") { kinds.remove("clamps") }
        let reason = shown.joined(separator: "; ")
        guard kinds.count == 1, let kind = kinds.first, ["extends", "clamps", "refuses"].contains(kind) else {
            return InferredMember(
                name: "projectBeyondBand", value: nil,
                reason: reason + (kinds.contains("between") ? " (a row between the edge and the definition's)" : ""),
                evidence: evidence)
        }
        return InferredMember(
            name: "projectBeyondBand", value: Self.quoted(kind), reason: reason, evidence: evidence)
    }

    func unprojectBeyondWorld() -> InferredMember {
        let world = 536_870_912.0
        let probes = [("unproject.beyond-north", -world / 4, 1.0), ("unproject.beyond-south", world * 5 / 4, -1.0)]
        var kinds: Set<String> = [], evidence: [String] = [], shown: [String] = []
        for (name, y, sign) in probes {
            guard let (full, answer) = inConvention(name) else { continue }
            evidence.append(full)
            let reference = WebMercator.latitude(y: y, worldWidth: world)
            switch answer {
            case .coordinate(let latitude, _):
                shown.append("y \(Self.n(y)) → lat \(Self.n(latitude))")
                if abs(latitude - reference) < 1e-6 {
                    kinds.insert("extends")
                } else if abs(latitude - sign * MercatorMath.latitudeLimit) < 1e-6 {
                    kinds.insert("clamps")
                } else {
                    kinds.insert("other")
                }
            case .refused("invalid-latitude"):
                shown.append("y \(Self.n(y)) → invalid-latitude")
                kinds.insert("refuses")
            default:
                shown.append("y \(Self.n(y)) → \(answer.text)")
                kinds.insert("other")
            }
        }
        guard kinds.count == 1, let kind = kinds.first, kind != "other" else {
            return InferredMember(
                name: "unprojectBeyondWorld", value: nil, reason: shown.joined(separator: "; "), evidence: evidence)
        }
        return InferredMember(
            name: "unprojectBeyondWorld", value: Self.quoted(kind), reason: shown.joined(separator: "; "),
            evidence: evidence)
    }

    func pixelGrid() -> InferredMember {
        guard let convention else {
            return InferredMember(name: "pixelGrid", value: nil, reason: "no convention answered", evidence: [])
        }
        let u = 0x1p-53
        var points: [(name: String, x: Double, y: Double, world: Double, xr: Double, yr: Double)] = []
        for (name, coordinate, zoom) in [
            ("project.grid-a", ProbeRequests.gridPoints[0], ProbeRequests.pixelWorldZoom(convention)),
            ("project.grid-b", ProbeRequests.gridPoints[1], ProbeRequests.pixelWorldZoom(convention)),
            ("project.grid-zoom-10", ProbeRequests.gridPoints[0], 10),
        ] {
            guard let (full, answer) = inConvention(name), case .point(let x, let y) = answer else { continue }
            let world = convention.worldWidth(atZoom: zoom)
            points.append(
                (
                    full, x, y, world, world * (coordinate.longitude + 180) / 360,
                    WebMercator.y(latitude: coordinate.latitude, worldWidth: world)
                ))
        }
        let evidence = points.map(\.name)
        guard !points.isEmpty else {
            return InferredMember(name: "pixelGrid", value: nil, reason: "project answered no grid probe", evidence: [])
        }
        // ZoomCheck's own accuracy: 16 roundings per position, times the row's conditioning
        // (1 + 1/cos²φ < 3 at the probes' latitudes).
        let off = points.map { Swift.max(abs($0.x - $0.xr), abs($0.y - $0.yr)) / (48 * u * $0.world) }
        if off.allSatisfy({ $0 <= 1 }) {
            return InferredMember(
                name: "pixelGrid", value: Self.quoted("none"),
                reason: "every position within ZoomCheck's rounding budget of the exact one", evidence: evidence)
        }
        func onGrid(_ exponent: Int?) -> Bool {
            points.allSatisfy { point in
                let scale = exponent.map { Double(sign: .plus, exponent: $0, significand: 1) / point.world } ?? 1
                return (point.x * scale).rounded() == point.x * scale && (point.y * scale).rounded() == point.y * scale
            }
        }
        let anotherZoom = points.contains { $0.world != 536_870_912 }
        let largest = points.map { Swift.max(abs($0.x - $0.xr), abs($0.y - $0.yr)) }.max() ?? 0
        if onGrid(nil) {
            return InferredMember(
                name: "pixelGrid", value: Self.quoted("request-zoom"),
                reason: "whole pixels at the request's zoom (up to \(Self.n(largest)) px off the exact position)"
                    + (anotherZoom ? "" : "; at the 2^29-px world only, so no fixed grid is told apart"),
                evidence: evidence)
        }
        for exponent in [28, 29] where anotherZoom && onGrid(exponent) {
            return InferredMember(
                name: "pixelGrid", value: Self.quoted("2^\(exponent)"),
                reason: "whole pixels of a 2^\(exponent)-px world at every zoom probed", evidence: evidence)
        }
        return InferredMember(
            name: "pixelGrid", value: Self.quoted("request-zoom"),
            reason: "up to \(Self.n(largest)) px off the exact position, on no fixed grid: only the promise-free value holds",
            evidence: evidence)
    }
}
