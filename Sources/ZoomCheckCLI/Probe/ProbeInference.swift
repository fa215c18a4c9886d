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
    /// False for the centre limit of a program that declares `badInput: unchecked`: it
    /// refuses nothing, and no refusal property holds it to the limit.
    package var heldByBadInput = true

    /// Whether the inference rests on one request alone (thin evidence: a second program
    /// could answer it alike and differ elsewhere).
    package var isThin: Bool { value != nil && evidence.count < 2 }

    /// How the declaration compares with the inference.
    package enum Agreement: String, Sendable {
        case agrees, differs, undetermined
        case notDeclared = "not declared"
        case promisesNothing = "declares no promise"
        /// Declared `refuses` or `unchecked` where the answers keep exact codes: true, but weaker.
        case weaker = "declares less"
        /// A centre limit declared beside `badInput: unchecked`: nothing holds it.
        case notHeld = "not held (badInput: unchecked)"
    }

    package var agreement: Agreement {
        guard let declared else { return .notDeclared }
        if declaredPromisesNothing { return .promisesNothing }
        guard let value else { return .undetermined }
        if !heldByBadInput, value != declared { return .notHeld }
        if value == declared { return .agrees }
        if name == "badInput" {
            let strength = ["\"unchecked\"": 0, "\"refuses\"": 1, "\"error-codes\"": 2]
            if let have = strength[value], let promised = strength[declared], have > promised { return .weaker }
        }
        if name == "fitPadding", let a = Self.padding(value), let b = Self.padding(declared), Self.close(a.0, b.0),
            Self.close(a.1, b.1)
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

extension InferredMember {
    /// A declared member the answers contradict, as the card and `check`'s notes both say it:
    /// "declares `level: "nearest"`, answers like `"fitting"`: " and the reason.
    var mismatch: String { "declares `\(name): \(declared ?? "")`, answers like `\(value ?? "")`: \(reason)" }
}

/// The `describe` members inferred from a program's answers to the designed set
/// (``ProbeRequests``), each with its evidence; never a guess: a member the answers do not
/// decide is undetermined.
package struct ProbeInference: Sendable {
    package let answers: ProbeAnswers
    /// The convention the card is shown in: span's, else the getter's, else the pixels'
    /// (nil: it answered nothing in either). Each member is read in its op's convention.
    package let convention: ZoomConvention?
    package private(set) var members: [InferredMember] = []

    /// The conventions `span` and the getter are read in: the first each answers in.
    package let spanConvention: ZoomConvention?
    package let getterConvention: ZoomConvention?

    /// The convention the request called `name` is read in, by its op.
    package func convention(for name: String) -> ZoomConvention? {
        if name.hasPrefix("span.") { return spanConvention }
        if name.hasPrefix("zoom.") { return getterConvention }
        if name.hasPrefix("project.") || name.hasPrefix("unproject.") { return pixelConvention }
        return convention
    }

    /// The convention `project` and `unproject` are read in: the first whose 2^29-px world or
    /// zoom 10 they answer (a program that projects in that world only numbers it either way).
    package let pixelConvention: ZoomConvention?

    package init(_ answers: ProbeAnswers) {
        self.answers = answers
        func answered(_ convention: ZoomConvention, _ ops: Set<Capabilities.Operation>) -> Bool {
            zip(answers.requests, answers.answers).contains { request, answer in
                request.convention == convention && ops.contains(request.op) && request.refusal == nil && answer.isValue
            }
        }
        spanConvention = ZoomConvention.allCases.first { answered($0, [.span]) }
        getterConvention = ZoomConvention.allCases.first { answered($0, [.zoom]) }
        pixelConvention = ZoomConvention.allCases.first { answered($0, [.project, .unproject]) }
        convention = spanConvention ?? getterConvention ?? pixelConvention
        members = [
            operations(), conventions(), fractionalZooms(), anyPixelZoom(), level(), zoomSource(), fitPadding(),
            badInput(), centreLimit(), regionReading(), integerGetter(), fitAspect(), projectBeyondBand(), zoomRange(),
            pixelGrid(), unprojectBeyondWorld(),
        ]
    }

    /// The member called `name`.
    package func member(_ name: String) -> InferredMember? { members.first { $0.name == name } }

    // MARK: - Reading answers

    /// The answer to `name` in the members' convention (`name.seed512`), with its full name.
    func inConvention(_ name: String) -> (name: String, answer: ProbeAnswer)? {
        guard let convention = convention(for: name) else { return nil }
        let full = "\(name).\(convention.rawValue)"
        return answers[full].map { (full, $0) }
    }

    /// The answer to `name` in the 2^29-px world, or to its zoom-10 twin (`name-zoom-10`) when
    /// the program does not serve that world there (a zoom range that stops below it), with
    /// the world's width.
    func inWorld(_ name: String) -> (name: String, answer: ProbeAnswer, world: Double)? {
        guard let convention = pixelConvention, let first = inPixels(name) else { return nil }
        if !first.answer.isUnsupported { return (first.name, first.answer, 536_870_912) }
        return inPixels(name + "-zoom-10").map { ($0.name, $0.answer, convention.worldWidth(atZoom: 10)) }
    }

    /// The answer to `name` in the pixel convention (`project.origin.tile256`).
    func inPixels(_ name: String) -> (name: String, answer: ProbeAnswer)? {
        guard let pixelConvention else { return nil }
        let full = "\(name).\(pixelConvention.rawValue)"
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
            // The conventions span and the getter take: project and unproject may serve the
            // 2^29-px world in either numbering (anyPixelZoom).
            let valid = zip(answers.requests, answers.answers).filter { request, _ in
                request.convention == convention && request.refusal == nil && [.span, .zoom].contains(request.op)
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
            reason: "span and the getter answered valid requests in \(served.joined(separator: " and "))",
            evidence: evidence)
    }

    func fractionalZooms() -> InferredMember {
        guard let whole = inConvention("span.zoom-10"), let fraction = inConvention("span.zoom-10.5") else {
            return InferredMember(name: "fractionalZooms", value: nil, reason: "no convention answered", evidence: [])
        }
        let evidence = [whole.name, fraction.name]
        if case .region(_, _, _, let wholeSpan, _) = whole.answer,
            case .region(_, _, _, let fractionSpan, _) = fraction.answer
        {
            // A fractional zoom shows 2^-0.5 of zoom 10's longitudes; the fraction dropped (or
            // rounded up) shows zoom 10's (or 11's).
            let ratio = fractionSpan / wholeSpan
            let shown = "span at zoom 10.5 shows × \(Self.n(ratio)) of zoom 10's longitudes"
            if abs(ratio - 0.5.squareRoot()) < 0.01 {
                return InferredMember(
                    name: "fractionalZooms", value: "true", reason: shown + " (2^-0.5: the fraction is kept)",
                    evidence: evidence)
            }
            if ratio == 1 || ratio == 0.5 {
                return InferredMember(
                    name: "fractionalZooms", value: "false",
                    reason: shown + ": the fraction is dropped, the zoom taken as an integer", evidence: evidence)
            }
            return InferredMember(name: "fractionalZooms", value: nil, reason: shown, evidence: evidence)
        }
        if whole.answer.isValue, fraction.answer.isUnsupported {
            return InferredMember(
                name: "fractionalZooms", value: "false",
                reason: "span answered zoom 10 and refused 10.5 as unsupported", evidence: evidence)
        }
        return InferredMember(
            name: "fractionalZooms", value: nil, reason: "span answered neither zoom 10 nor 10.5 with regions",
            evidence: evidence)
    }

    func anyPixelZoom() -> InferredMember {
        let others = ["project.zoom-0", "project.zoom-10", "project.zoom-28"].compactMap(inPixels)
        guard let world = inPixels("project.origin"), !others.isEmpty else {
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
        guard let convention = spanConvention else {
            return InferredMember(name: "zoomRange", value: nil, reason: "no convention answered", evidence: [])
        }
        let levels = (0...28).compactMap { answers["span.level-\($0).\(convention.rawValue)"] }
        let served = servedSpanLevels
        let evidence = ["span.level-0…28.\(convention.rawValue)"]
        guard let lowest = served.first, let highest = served.last else {
            return InferredMember(
                name: "zoomRange", value: nil, reason: "span answered no integer zoom 0…28 with values",
                evidence: evidence)
        }
        guard served.count == highest - lowest + 1, levels.filter({ !$0.isValue }).allSatisfy(\.isUnsupported) else {
            return InferredMember(
                name: "zoomRange", value: nil,
                reason: "the zooms span answered are not one run refused elsewhere as unsupported: "
                    + served.map(String.init).joined(separator: ","), evidence: evidence)
        }
        // The run's ends, and the zooms refused beside them.
        let ends = [lowest - 1, lowest, highest, highest + 1].filter { (0...28).contains($0) }
        let boundaries = ends.map { "span.level-\($0).\(convention.rawValue)" }
        return InferredMember(
            name: "zoomRange", value: "{\"min\":\(lowest),\"max\":\(highest)}",
            reason: "span answered integer zooms \(lowest)…\(highest)"
                + (lowest == 0 && highest == 28 ? " (every one)" : ", and unsupported outside"), evidence: boundaries)
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
                reason: "zoom equals level at fractional regions ("
                    + fractional.map { Self.n($0.zoom) }.joined(separator: ", ") + ")", evidence: evidence)
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
        let shown =
            "a 40°-tall region with the same longitude span reads \(Self.n(tallZoom)), "
            + "the square one \(Self.n(squareZoom))"
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
        guard let ratios = boxRatios(), case .region(_, _, let pointLat, let pointLon, _) = answers["fit.one-point"]
        else {
            return InferredMember(
                name: "fitPadding", value: nil, reason: "fit answered the boxes or the one point with no region",
                evidence: evidence)
        }
        let mapKit = regionReadingValue == "mapkit"
        let aspect = fitAspectValue
        // In a Mercator view the latitude delta is not the extent padded in degrees: the
        // longitudes alone are read there. A fixed-aspect fit pads its binding extent: the
        // least of the four ratios.
        let wide = mapKit ? Swift.min(ratios.wide.0, ratios.wide.1) : ratios.wide.1
        let tall = mapKit ? Swift.min(ratios.tall.0, ratios.tall.1) : ratios.tall.1
        let minimum = mapKit ? Swift.min(pointLat, pointLon) : pointLon
        var how = mapKit ? "" : " (in longitude only: the regions are not read as MapKit's)"
        var factorValue = Swift.min(wide, tall)
        if mapKit, aspect == "fixed" {
            how = " (a fixed-aspect fit: the least padding of the two boxes' four extents)"
        } else if !Self.near(wide, tall, 0.02) {
            return InferredMember(
                name: "fitPadding", value: nil,
                reason: "the two boxes' padded extents disagree (× \(Self.n(wide)) and × \(Self.n(tall)))\(how)",
                evidence: evidence)
        }
        guard factorValue >= 1 - 1e-12, minimum.isFinite, minimum >= 0 else {
            return InferredMember(
                name: "fitPadding", value: nil,
                reason: "the boxes were padded × \(Self.n(factorValue)) and one point got \(Self.n(minimum))°",
                evidence: evidence)
        }
        // Exact up to 1e-12, or within whole-pixel rounding of a factor in hundredths (0.5 %)
        // and a minimum in thousandths of a degree (1 %), said so.
        var rounded = false
        if !InferredMember.close(wide, tall) || Self.tidy(factorValue).count > 8 {
            let hundredths = (factorValue * 100).rounded() / 100
            if Self.near(factorValue, hundredths, 0.005) {
                rounded = true
                factorValue = hundredths
            }
        }
        var minimumValue = minimum
        if rounded || Self.tidy(minimum).count > 8 {
            let thousandths = (minimum * 1000).rounded() / 1000
            if Self.near(minimum, thousandths, 0.01) || (thousandths == 0 && minimum <= zeroSpanRounding) {
                rounded = true
                minimumValue = thousandths
            }
        }
        let factor = Self.tidy(factorValue), least = Self.tidy(minimumValue)
        let measured =
            rounded
            ? " (measured × \(Self.n(wide)), × \(Self.n(tall)) and \(Self.n(minimum))°: whole-pixel rounding)" : ""
        return InferredMember(
            name: "fitPadding", value: "{\"factor\":\(factor),\"minimumDelta\":\(least)}",
            reason: "both boxes padded × \(factor); one point gets \(least)°\(how)\(measured)", evidence: evidence)
    }

    /// The widest a one-point region may come out when its edges are kept on whole pixels: its
    /// two edges a pixel apart either way, at the highest integer zoom `span` served, read in
    /// 256-pt tiles (the coarser numbering; 28 when undetermined). A map shows no more of it.
    var zeroSpanRounding: Double {
        2 * 360 / ZoomConvention.tile256.worldWidth(atZoom: Double(servedSpanLevels.last ?? 28))
    }

    /// The integer zooms 0...28 `span` answered with values in its own convention, in order.
    var servedSpanLevels: [Int] {
        guard let convention = spanConvention else { return [] }
        return (0...28).filter { answers["span.level-\($0).\(convention.rawValue)"]?.isValue == true }
    }

    /// Whether `a` and `b` agree within `relative`.
    static func near(_ a: Double, _ b: Double, _ relative: Double) -> Bool {
        abs(a - b) <= relative * Swift.max(abs(a), abs(b))
    }

    /// The fit's aspect as a bare word (nil: undetermined): each delta padded alike within
    /// whole-pixel rounding (2 %: an edge a pixel off on a box a few hundred pixels across),
    /// or one of them more than 5 % larger.
    var fitAspectValue: String? {
        guard regionReadingValue == "mapkit", let ratios = boxRatios() else { return nil }
        if Self.near(ratios.wide.0, ratios.wide.1, 0.02) && Self.near(ratios.tall.0, ratios.tall.1, 0.02) {
            return "free"
        }
        if !Self.near(ratios.wide.0, ratios.wide.1, 0.05) || !Self.near(ratios.tall.0, ratios.tall.1, 0.05) {
            return "fixed"
        }
        return nil
    }

    func fitAspect() -> InferredMember {
        let evidence = ["fit.wide-box", "fit.tall-box"]
        guard regionReadingValue == "mapkit", let ratios = boxRatios() else {
            return InferredMember(
                name: "fitAspect", value: nil, reason: "no boxes fitted as MapKit's regions", evidence: evidence)
        }
        let shown =
            "the 10°×20° box padded × \(Self.n(ratios.wide.0)) in latitude, "
            + "× \(Self.n(ratios.wide.1)) in longitude"
        switch fitAspectValue {
        case "free":
            return InferredMember(
                name: "fitAspect", value: Self.quoted("free"), reason: shown + ": each delta on its own",
                evidence: evidence)
        case "fixed":
            return InferredMember(
                name: "fitAspect", value: Self.quoted("fixed"), reason: shown + ": one delta padded, the other larger",
                evidence: evidence)
        default: return InferredMember(name: "fitAspect", value: nil, reason: shown, evidence: evidence)
        }
    }

    /// The region reading the high-latitude fit shows, as a bare word (nil: undetermined).
    var regionReadingValue: String? {
        guard case .region(let latitude, _, _, _, _) = answers["fit.high-latitude"] else { return nil }
        // Within half a degree (a whole pixel at the scale the fit shows, and more), and
        // nearer one midpoint than the other: they are 2.59° apart.
        let degrees = abs(latitude - 70), rows = abs(latitude - Self.mercatorMidpoint)
        if degrees < 0.5, degrees < rows { return "mapkit" }
        if rows < 0.5, rows < degrees { return "mercator-view" }
        return nil
    }

    /// The latitude whose row lies midway between those of 60° and 80°, in ZoomCheck's own
    /// arithmetic (`AccurateMercator`: no libm, the same bits under every libm).
    static let mercatorMidpoint: Double = {
        let world = 536_870_912.0
        let middle =
            (AccurateMercator.y(latitude: 60, world: world) + AccurateMercator.y(latitude: 80, world: world)) / 2
        return AccurateMercator.latitude(y: middle, world: world)
    }()

    func regionReading() -> InferredMember {
        let evidence = ["fit.high-latitude"]
        guard case .region(let latitude, _, _, _, _) = answers["fit.high-latitude"] else {
            return InferredMember(
                name: "regionReading", value: nil, reason: "fit answered no region", evidence: evidence)
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
        guard total > 0 else { return InferredMember(name: "badInput", value: nil, reason: counts, evidence: []) }
        if !answered.isEmpty {
            return InferredMember(
                name: "badInput", value: Self.quoted("unchecked"), reason: counts, evidence: Array(answered.prefix(4)))
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
        let shown =
            "centres at the band's edge: \(edge.answer.text); at 85.06°: \(past.answer.text); "
            + "at 89°: \(pole.answer.text)"
        // Refused: with a code (any but unsupported), or, under `badInput: refuses`, with an
        // answer that cannot be mistaken for one.
        func refused(_ answer: ProbeAnswer) -> Bool {
            (answer.code != nil && !answer.isUnsupported) || answer.isUnmistakable
        }
        if edge.answer.isValue, !edge.answer.isUnmistakable, refused(past.answer), refused(pole.answer) {
            return InferredMember(
                name: "centreLimit", value: Self.quoted("mercator-band"), reason: shown, evidence: evidence)
        }
        if [edge, past, pole].allSatisfy({ $0.answer.isValue && !$0.answer.isUnmistakable }) {
            return InferredMember(name: "centreLimit", value: Self.quoted("none"), reason: shown, evidence: evidence)
        }
        return InferredMember(name: "centreLimit", value: nil, reason: shown, evidence: evidence)
    }

    func projectBeyondBand() -> InferredMember {
        let probes = [
            ("project.past-band", ProbeRequests.pastBand), ("project.north-86", 86), ("project.south-89", -89),
        ]
        var kinds: Set<String> = [], evidence: [String] = [], shown: [String] = []
        for (name, latitude) in probes {
            guard let (full, answer, world) = inWorld(name) else { continue }
            evidence.append(full)
            let edge = latitude > 0 ? 0 : world
            let reference = AccurateMercator.y(latitude: latitude, world: world)
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
        return InferredMember(name: "projectBeyondBand", value: Self.quoted(kind), reason: reason, evidence: evidence)
    }

    func unprojectBeyondWorld() -> InferredMember {
        let probes = [("unproject.beyond-north", -0.25, 1.0), ("unproject.beyond-south", 1.25, -1.0)]
        var kinds: Set<String> = [], evidence: [String] = [], shown: [String] = []
        for (name, row, sign) in probes {
            guard let (full, answer, world) = inWorld(name) else { continue }
            let y = row * world
            evidence.append(full)
            let reference = AccurateMercator.latitude(y: y, world: world)
            switch answer {
            case .coordinate(let latitude, _) where latitude.isNaN:
                // Under `badInput: refuses` a refusal may be written as a NaN answer (PROTOCOL.md).
                shown.append("y \(Self.n(y)) → lat nan (a refusal written as NaN)")
                kinds.insert("refuses")
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
        guard let convention = pixelConvention else {
            return InferredMember(name: "pixelGrid", value: nil, reason: "no convention answered", evidence: [])
        }
        let u = 0x1p-53
        var points: [(name: String, x: Double, y: Double, world: Double, xr: Double, yr: Double)] = []
        for (name, coordinate, zoom) in [
            ("project.grid-a", ProbeRequests.gridPoints[0], ProbeRequests.pixelWorldZoom(convention)),
            ("project.grid-b", ProbeRequests.gridPoints[1], ProbeRequests.pixelWorldZoom(convention)),
            ("project.grid-zoom-10", ProbeRequests.gridPoints[0], 10),
        ] {
            guard let (full, answer) = inPixels(name), case .point(let x, let y) = answer else { continue }
            let world = convention.worldWidth(atZoom: zoom)
            points.append(
                (
                    full, x, y, world, world * (coordinate.longitude + 180) / 360,
                    AccurateMercator.y(latitude: coordinate.latitude, world: world)
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
            reason: "up to \(Self.n(largest)) px off the exact position, on no fixed grid: "
                + "only the promise-free value holds", evidence: evidence)
    }
}
