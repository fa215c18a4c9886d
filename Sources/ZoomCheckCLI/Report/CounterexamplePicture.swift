import Foundation
import MercatorCore
import ZoomProperties

/// A picture of a failure's minimal case, for the findings page (``CheckPage``): a fit's points
/// or a view's centre with the region the program returned and the region the corrected core
/// returns; or, for a projection, an unprojection or a round trip, where a position belongs
/// and where the program put it, with an arrow and the distance in pixels of the request's
/// zoom (its screen points).
///
/// A world map in Web-Mercator (rows from ``AccurateMercator``, the package's own ψ): a
/// graticule every 30°, the equator and the prime meridian, the antimeridian (±180°, both
/// edges of the map) and the Mercator band's edges (±85.0511°), with a strip above and below
/// for latitudes beyond the band (up to the poles, drawn linearly). No coastlines: no map data
/// is embedded. A region that crosses ±180° is drawn as two pieces; one of 360° or more is
/// hatched across the whole width and labelled; a region with a value that is not finite, a
/// negative span or no edges is drawn as its centre only (or not at all) and labelled. Beside
/// the world, a close-up where what fails is smaller than an eighth of the world: the points
/// and the correct region, or a window a few times the position's error wide (the whole
/// pixels of its zoom drawn when it is narrow).
///
/// Self-contained SVG: no scripts, nothing fetched; every text escaped; Okabe–Ito colours
/// with a dash pattern per role, so the roles read without colour.
struct CounterexamplePicture {
    let id: String
    let title: String
    let scene: CounterexampleScene
    /// For `diff --html`: the second side's answer to the same request, drawn beside the first's
    /// (`scene`'s), each named; nil for `check`'s picture of one program.
    var comparison: Comparison?

    /// Two implementations asked one request: their names, and the second's scene.
    struct Comparison {
        var firstName: String
        var secondName: String
        var second: CounterexampleScene
    }

    init(id: String, title: String, scene: CounterexampleScene, comparison: Comparison? = nil) {
        self.id = id
        self.title = title
        self.scene = scene
        self.comparison = comparison
    }

    /// Failing sections pictured on a page (each of their distinct failures); the others get none.
    static let picturedFailures = 40

    /// The scene of each failure of `outcome` (the headline, then each other distinct failure),
    /// nil for one whose case is not a fit, a span or a position, or has no choices (an explicit
    /// example), asked of the outcome's implementation.
    static func scenes(_ outcome: CatalogueOutcome) -> [CounterexampleScene?] {
        guard let failure = outcome.run?.result.failure else { return [] }
        return ([failure] + failure.otherFailures).map { report in
            report.minimalChoices.flatMap { outcome.property.scene(outcome.subject.implementation, choices: $0) }
        }
    }

    /// The page's figure of `scene`: the SVG and its caption in words; nothing without a scene.
    static func figure(_ scene: CounterexampleScene?, id: String, title: String, comparison: Comparison? = nil)
        -> [String]
    {
        guard let scene else { return [] }
        let (svg, caption) = CounterexamplePicture(id: id, title: title, scene: scene, comparison: comparison).render()
        return [
            #"<figure class="counterexample-picture">"#, svg, "<figcaption>\(HTMLPage.escape(caption))</figcaption>",
            "</figure>",
        ]
    }

    static let width = 760.0
    /// The world's width and height in the SVG, its left edge, and the top of the strip
    /// beyond the band (the map's top row is `top + strip`).
    static let side = 420.0, left = 64.0, top = 40.0, strip = 14.0
    /// The close-up's side and left edge.
    static let closeSide = 240.0, closeLeft = 506.0

    static let returnedColour = "rgb(213,94,0)", expectedColour = "rgb(0,114,178)", pointColour = "rgb(0,0,0)"
    static let antimeridianColour = "rgb(204,121,167)", bandColour = "rgb(90,90,90)"
    static let returnedDash = "7 4", antimeridianDash = "10 3 2 3", bandDash = "3 3"
    /// A comparison's second side (`diff --html`): bluish green, dotted, hatched the other way.
    static let secondColour = "rgb(0,158,115)", secondDash = "2 3"

    /// A place on the map: u the fraction of the world west to east from −180°, v from the
    /// world's top row down (beyond 0…1 past the band's edge).
    struct Place {
        var u: Double
        var v: Double
    }

    /// A rectangle of places.
    struct Box {
        var west: Double
        var east: Double
        var north: Double
        var south: Double
    }

    /// A square window of the map drawn in a square of the SVG.
    struct Panel {
        var name: String
        var x: Double, y: Double, size: Double
        var u: Double, v: Double, span: Double

        func px(_ u: Double) -> Double { x + (u - self.u) / span * size }
        func py(_ v: Double) -> Double { y + (v - self.v) / span * size }
        var isWorld: Bool { name == "world" }
    }

    static let worldPanel = Panel(name: "world", x: left, y: top + strip, size: side, u: 0, v: 0, span: 1)
    /// The strip beyond the band, as a fraction of the world.
    static var stripFraction: Double { strip / side }

    /// u of a longitude (not wrapped).
    static func u(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// v of a latitude: its row as a fraction of the world inside the band; beyond it, into
    /// the strip, linearly to the pole (clamped at ±90°).
    static func v(latitude: Double) -> Double {
        let limit = MercatorMath.latitudeLimit, clamped = Swift.min(Swift.max(latitude, -90), 90)
        if abs(clamped) <= limit { return AccurateMercator.y(latitude: clamped, world: 1) }
        let beyond = (abs(clamped) - limit) / (90 - limit) * stripFraction
        return clamped > 0 ? -beyond : 1 + beyond
    }

    static func place(_ coordinate: Coordinate) -> Place {
        Place(u: u(longitude: coordinate.longitude), v: v(latitude: coordinate.latitude))
    }

    /// Whether a coordinate has a place on the sphere.
    static func drawable(_ coordinate: Coordinate) -> Bool {
        coordinate.latitude.isFinite && coordinate.longitude.isFinite && abs(coordinate.latitude) <= 90
            && abs(coordinate.longitude) <= 180
    }

    // MARK: - Regions

    /// A region as drawn: its pieces (within u 0…1), its centre when it is drawn as that alone,
    /// whether it is the whole world, and what the reader must be told.
    struct RegionShape {
        var boxes: [Box] = []
        var centre: Place?
        var wholeWorld = false
        var notes: [String] = []

        /// What a whole-world region's label on the map says.
        var worldLabel: String { notes.first { $0.hasSuffix("whole world") || $0.contains("as 360°") } ?? "" }
    }

    static func shape(_ region: Region, reading: RegionReading) -> RegionShape {
        var shape = RegionShape()
        let centre = region.center, span = region.span
        let centreDrawable = drawable(centre)
        guard [centre.latitude, centre.longitude, span.latitudeDelta, span.longitudeDelta].allSatisfy(\.isFinite) else {
            shape.notes.append("not drawn: a value is not finite")
            return shape
        }
        if span.latitudeDelta < 0 || span.longitudeDelta < 0 {
            shape.notes.append("a negative span: drawn as its centre only (×)")
            shape.centre = centreDrawable ? place(centre) : nil
            return shape
        }
        guard let edges = reading.edges(of: region) else {
            shape.notes.append("no edges as \(reading.rawValue) reads it: drawn as its centre only (×)")
            shape.centre = abs(centre.latitude) <= 90 ? place(centre) : nil
            return shape
        }
        if edges.north > 90 { shape.notes.append("reaches past the north pole: drawn to 90°") }
        if edges.south < -90 { shape.notes.append("reaches past the south pole: drawn to −90°") }
        if abs(centre.longitude) > 180 { shape.notes.append("centre longitude outside ±180°: drawn wrapped") }
        let north = v(latitude: edges.north), south = v(latitude: edges.south)
        if span.longitudeDelta >= 360 {
            shape.wholeWorld = true
            shape.boxes = [Box(west: 0, east: 1, north: north, south: south)]
            shape.notes.append(
                span.longitudeDelta == 360
                    ? "360° — the whole world"
                    : "\(short(span.longitudeDelta))° — more than the whole world, drawn as 360°")
            return shape
        }
        var west = u(longitude: centre.longitude - span.longitudeDelta / 2)
        west -= west.rounded(.down)
        let east = west + span.longitudeDelta / 360
        if east > 1 {
            shape.boxes = [
                Box(west: west, east: 1, north: north, south: south),
                Box(west: 0, east: east - 1, north: north, south: south),
            ]
            shape.notes.append("crosses ±180°: drawn as two pieces")
        } else {
            shape.boxes = [Box(west: west, east: east, north: north, south: south)]
        }
        return shape
    }

    /// A number for a label: to six significant digits.
    static func short(_ value: Double) -> String { FailureNeighbourhood.short(value) }

    // MARK: - Rendering

    /// The SVG element, and the caption's sentences (in text, for the figcaption).
    func render() -> (svg: String, caption: String) {
        switch scene.drawing {
        case .regions(let regions): renderRegions(regions)
        case .positions(let positions): renderPositions(positions)
        }
    }

    /// The legend's items: a swatch and its words.
    enum Swatch {
        case point, centre, returnedRegion, expectedRegion, antimeridian, bandEdge, expectedPosition
        case returnedPosition, arrow, secondRegion, secondPosition
    }

    func renderRegions(_ regions: CounterexampleScene.Regions) -> (svg: String, caption: String) {
        let returned = regions.returned.value.map { Self.shape($0, reading: regions.reading) }
        let expected = regions.expected.value.map { Self.shape($0, reading: .mapKit) }
        var secondRegions: CounterexampleScene.Regions?
        if case .regions(let other)? = comparison?.second.drawing { secondRegions = other }
        let second = secondRegions.flatMap { other in
            other.returned.value.map { Self.shape($0, reading: other.reading) }
        }
        let points = regions.points.filter(Self.drawable).map(Self.place)
        var notes: [String] = []
        let what = regions.isFit ? "the points" : "the view's centre"
        let skipped = regions.points.count - points.count
        if skipped > 0 { notes.append("\(skipped) of \(what) not drawn: not finite, or off the sphere") }
        let firstWord = comparison.map { "\($0.firstName) returned" } ?? "returned"
        switch regions.returned {
        case .value(let region):
            notes.append("\(firstWord) (dashed, hatched): \(region)" + Self.joined(returned?.notes ?? []))
        case .none(let reason): notes.append("\(firstWord): no region: \(reason)")
        }
        if let comparison, let secondRegions {
            switch secondRegions.returned {
            case .value(let region):
                notes.append(
                    "\(comparison.secondName) returned (dotted, hatched the other way): \(region)"
                        + Self.joined(second?.notes ?? []))
            case .none(let reason): notes.append("\(comparison.secondName) returned: no region: \(reason)")
            }
        }
        switch regions.expected {
        case .value(let region): notes.append("expected (solid): \(region)" + Self.joined(expected?.notes ?? []))
        case .none(let reason): notes.append("expected: no region: \(reason)")
        }
        let close = closeUp(
            focus: points, expected?.boxes ?? [], small: (returned?.boxes ?? []) + (second?.boxes ?? []))
        var body: [String] = []
        for panel in [Self.worldPanel] + (close.map { [$0] } ?? []) {
            body += open(panel)
            for (shape, role) in [(expected, Role.expected), (returned, .returned), (second, .second)] {
                guard let shape else { continue }
                body += draw(shape, role: role, in: panel)
            }
            body += points.flatMap { place in
                copies(of: place, in: panel).map {
                    regions.isFit ? pointMarker($0, in: panel) : Self.cross($0, in: panel, colour: Self.pointColour)
                }
            }
            body.append("</g>")
        }
        var legend: [Swatch] = [regions.isFit ? .point : .centre, .returnedRegion]
        var words = [
            "\(regions.isFit ? "the points fitted" : "the view's centre")",
            "the region \(comparison?.firstName ?? "the program") returned",
        ]
        var whose = "The program's region (\(regions.reading.rawValue) reading)"
        if let comparison, let secondRegions {
            legend.append(.secondRegion)
            words.append("the region \(comparison.secondName) returned")
            whose = """
                \(comparison.firstName)'s region (\(regions.reading.rawValue) reading), \(comparison.secondName)'s \
                (\(secondRegions.reading.rawValue) reading)
                """
        }
        legend += [.expectedRegion, .antimeridian, .bandEdge]
        words.append("the region expected: \(regions.expectedSource)")
        let caption = """
            \(scene.words). \(whose) and \
            \(regions.expectedSource) (MapKit's reading), on a Web-Mercator world\
            \(close == nil ? "" : ", and a close-up")\
            : \(notes.joined(separator: "; ")).
            """
        let side =
            close.map { [("close-up-note", "close-up: \(Self.short($0.span * 360))° of longitude across")] } ?? []
        return (assemble(kind: "regions", body: body, legend: legend, words: words, notes: notes, side: side), caption)
    }

    static func joined(_ notes: [String]) -> String { notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")" }

    /// The close-up of the places and boxes in `focus` and `boxes` (with `small`'s when they are
    /// small too), or nil when they span an eighth of the world or more, or there is nothing.
    func closeUp(focus: [Place], _ boxes: [Box], small: [Box]) -> Panel? {
        var places = focus
        for box in boxes + small.filter({ $0.east - $0.west < 0.125 && $0.south - $0.north < 0.125 }) {
            places += [Place(u: box.west, v: box.north), Place(u: box.east, v: box.south)]
        }
        guard let anchor = places.first else { return nil }
        // Each place on the copy of the world nearest the first: across ±180° is near.
        let unwrapped = places.map { Place(u: $0.u - (($0.u - anchor.u)).rounded(), v: $0.v) }
        let west = unwrapped.map(\.u).min()!, east = unwrapped.map(\.u).max()!
        let north = unwrapped.map(\.v).min()!, south = unwrapped.map(\.v).max()!
        let extent = Swift.max(east - west, south - north)
        guard extent < 0.125 else { return nil }
        // Half as wide again as what it shows; a lone point, a thousandth of a degree.
        let span = extent > 0 ? extent * 1.6 : 1 / 360_000
        return Panel(
            name: "close-up", x: Self.closeLeft, y: Self.top + Self.strip, size: Self.closeSide,
            u: (west + east) / 2 - span / 2, v: (north + south) / 2 - span / 2, span: span)
    }

    /// The copies of a place a panel shows: on the world, itself; in a close-up, the one
    /// nearest the window's middle.
    func copies(of place: Place, in panel: Panel) -> [Place] {
        guard !panel.isWorld else { return [place] }
        let middle = panel.u + panel.span / 2
        return [Place(u: place.u - (place.u - middle).rounded(), v: place.v)]
    }

    /// A panel's frame, graticule, antimeridian and band edges, and its clip; the caller
    /// closes the group.
    func open(_ panel: Panel) -> [String] {
        let n = SVGPlot.number
        let clip = "\(id)-\(panel.name)"
        let topV = panel.isWorld ? -Self.stripFraction : panel.v
        let bottomV = panel.isWorld ? 1 + Self.stripFraction : panel.v + panel.span
        let (x0, x1, y0, y1) = (panel.px(panel.u), panel.px(panel.u + panel.span), panel.py(topV), panel.py(bottomV))
        // The world's clip is wider than the map by a marker's radius: a point on ±180° shows whole.
        let margin = panel.isWorld ? 6.0 : 0
        var out = [
            #"""
            <clipPath id="\#(clip)"><rect x="\#(n(x0 - margin))" y="\#(n(y0))" width="\#(n(x1 - x0 + 2 * margin))" \#
            height="\#(n(y1 - y0))"/></clipPath>
            """#,
            #"""
            <rect class="frame" x="\#(n(x0))" y="\#(n(y0))" width="\#(n(x1 - x0))" height="\#(n(y1 - y0))" \#
            fill="rgb(250,250,247)" stroke="rgb(68,68,68)"/>
            """#,
        ]
        if panel.isWorld {
            // The strips beyond the band, shaded.
            for (from, to) in [(-Self.stripFraction, 0.0), (1.0, 1 + Self.stripFraction)] {
                out.append(
                    #"""
                    <rect class="beyond-band" x="\#(n(x0))" y="\#(n(panel.py(from)))" width="\#(n(x1 - x0))" \#
                    height="\#(n(panel.py(to) - panel.py(from)))" fill="rgb(232,232,232)"/>
                    """#)
            }
        }
        out.append(#"<g class="panel" data-panel="\#(panel.name)" clip-path="url(#\#(clip))">"#)
        out += graticule(panel)
        return out
    }

    /// Meridians every 30° and parallels at 0, ±30° and ±60° (the equator and the prime
    /// meridian darker), the band's edges and the antimeridian, with labels on the world.
    func graticule(_ panel: Panel) -> [String] {
        let n = SVGPlot.number
        var lines: [String] = []
        let (x0, x1) = (panel.px(panel.u), panel.px(panel.u + panel.span))
        let (y0, y1) = (
            panel.py(panel.v - (panel.isWorld ? Self.stripFraction : 0)),
            panel.py(panel.v + panel.span + (panel.isWorld ? Self.stripFraction : 0))
        )
        func vertical(_ u: Double, _ attributes: String) {
            let x = panel.px(u)
            guard x >= x0 - 0.5, x <= x1 + 0.5 else { return }
            lines.append(#"<line \#(attributes) x1="\#(n(x))" y1="\#(n(y0))" x2="\#(n(x))" y2="\#(n(y1))"/>"#)
        }
        func horizontal(_ v: Double, _ attributes: String) {
            let y = panel.py(v)
            guard y >= y0 - 0.5, y <= y1 + 0.5 else { return }
            lines.append(#"<line \#(attributes) x1="\#(n(x0))" y1="\#(n(y))" x2="\#(n(x1))" y2="\#(n(y))"/>"#)
        }
        // The meridians of every copy of the world the panel shows.
        let firstCopy = panel.u.rounded(.down), lastCopy = (panel.u + panel.span).rounded(.up) - 1
        for copy in stride(from: firstCopy, through: lastCopy, by: 1) {
            for longitude in stride(from: -150.0, through: 150, by: 30) {
                let strong = longitude == 0
                let kind = strong ? "graticule prime-meridian" : "graticule"
                let grey = strong ? "150,150,150" : "215,215,215"
                vertical(
                    copy + Self.u(longitude: longitude),
                    #"class="\#(kind)" data-longitude="\#(n(longitude))" stroke="rgb(\#(grey))""#)
            }
        }
        // The antimeridian at every edge between copies (one meridian: each drawn once).
        for edge in stride(from: firstCopy, through: lastCopy + 1, by: 1) {
            let x = panel.px(edge)
            if !panel.isWorld, x >= x0, x <= x1 {
                lines.append(
                    #"""
                    <text class="antimeridian-label" x="\#(n(x + 4))" y="\#(n(y0 + 14))" font-size="11" \#
                    fill="rgb(150,60,110)">±180°</text>
                    """#)
            }
            vertical(
                edge,
                #"""
                class="antimeridian" data-longitude="180" stroke="\#(Self.antimeridianColour)" stroke-width="2" \#
                stroke-dasharray="\#(Self.antimeridianDash)"
                """#)
        }
        for latitude in [-60.0, -30, 0, 30, 60] {
            let kind = latitude == 0 ? "graticule equator" : "graticule"
            let grey = latitude == 0 ? "150,150,150" : "215,215,215"
            horizontal(
                Self.v(latitude: latitude), #"class="\#(kind)" data-latitude="\#(n(latitude))" stroke="rgb(\#(grey))""#)
        }
        for latitude in [MercatorMath.latitudeLimit, -MercatorMath.latitudeLimit] {
            horizontal(
                Self.v(latitude: latitude),
                #"""
                class="band-edge" data-latitude="\#(n(latitude))" stroke="\#(Self.bandColour)" stroke-width="1.2" \#
                stroke-dasharray="\#(Self.bandDash)"
                """#)
        }
        return lines
    }

    /// The world panel's labels, outside its clip: longitudes below, latitudes left, the
    /// antimeridian and the band's edges named.
    func worldLabels() -> [String] {
        let n = SVGPlot.number, panel = Self.worldPanel
        var out: [String] = []
        let below = panel.py(1 + Self.stripFraction) + 14
        for longitude in stride(from: -180.0, through: 180, by: 60) {
            let name = longitude == 0 ? "0°" : "\(Int(abs(longitude)))°\(longitude < 0 ? " W" : " E")"
            out.append(
                #"""
                <text x="\#(n(panel.px(Self.u(longitude: longitude))))" y="\#(n(below))" \#
                text-anchor="middle">\#(abs(longitude) == 180 ? "±180°" : name)</text>
                """#)
        }
        for latitude in [-60.0, -30, 0, 30, 60] {
            let name = latitude == 0 ? "0°" : "\(Int(abs(latitude)))°\(latitude < 0 ? " S" : " N")"
            out.append(
                #"""
                <text x="\#(n(panel.px(0) - 5))" y="\#(n(panel.py(Self.v(latitude: latitude)) + 4))" \#
                text-anchor="end">\#(name)</text>
                """#)
        }
        let limit = MercatorMath.latitudeLimit
        for (latitude, name) in [(limit, "85.05° N"), (-limit, "85.05° S")] {
            out.append(
                #"""
                <text class="band-edge-label" x="\#(n(panel.px(0) - 5))" \#
                y="\#(n(panel.py(Self.v(latitude: latitude)) + (latitude > 0 ? 2 : 8)))" text-anchor="end" \#
                font-size="10" fill="\#(Self.bandColour)">\#(name)</text>
                """#)
        }
        out.append(
            #"""
            <text class="antimeridian-label" x="\#(n(panel.px(1)))" y="\#(n(Self.top - 4))" text-anchor="middle" \#
            font-size="11" fill="rgb(150,60,110)">antimeridian ±180°</text>
            """#)
        out.append(
            #"""
            <text x="\#(n(panel.px(0)))" y="\#(n(Self.top - 4))" text-anchor="middle" font-size="11" \#
            fill="rgb(150,60,110)">±180°</text>
            """#)
        return out
    }

    /// A region's pieces in a panel (at least 2 px each way, so that a region finer than the
    /// panel shows), or its centre as a cross.
    /// Whose a region drawn is: the program's (a comparison's first side), the reference's, or
    /// a comparison's second side.
    enum Role: String { case returned, expected, second }

    func draw(_ shape: RegionShape, role kind: Role, in panel: Panel) -> [String] {
        let n = SVGPlot.number
        let role = kind.rawValue
        let colour: String, fill: String, dash: String
        switch kind {
        case .returned:
            (colour, fill, dash) = (
                Self.returnedColour, "url(#\(id)-hatch)", #" stroke-dasharray="\#(Self.returnedDash)""#
            )
        case .expected: (colour, fill, dash) = (Self.expectedColour, "rgba(0,114,178,0.16)", "")
        case .second:
            (colour, fill, dash) = (
                Self.secondColour, "url(#\(id)-hatch2)", #" stroke-dasharray="\#(Self.secondDash)""#
            )
        }
        var out: [String] = []
        for (index, whole) in shape.boxes.enumerated() {
            var box = whole
            // The whole world seen close: one box past the window's sides, no seam.
            if shape.wholeWorld, !panel.isWorld { (box.west, box.east) = (panel.u - 1, panel.u + panel.span + 1) }
            let offsets: [Double] =
                panel.isWorld || shape.wholeWorld
                ? [0] : [-1, 0, 1].filter { box.west + $0 < panel.u + panel.span && box.east + $0 > panel.u }
            for offset in offsets {
                var (x0, x1) = (panel.px(box.west + offset), panel.px(box.east + offset))
                var (y0, y1) = (panel.py(box.north), panel.py(box.south))
                if x1 - x0 < 2 { (x0, x1) = ((x0 + x1) / 2 - 1, (x0 + x1) / 2 + 1) }
                if y1 - y0 < 2 { (y0, y1) = ((y0 + y1) / 2 - 1, (y0 + y1) / 2 + 1) }
                out.append(
                    #"""
                    <rect class="region \#(role)" data-piece="\#(index + 1)" data-west="\#(n(box.west * 360 - 180))" \#
                    data-east="\#(n(box.east * 360 - 180))" x="\#(n(x0))" y="\#(n(y0))" width="\#(n(x1 - x0))" \#
                    height="\#(n(y1 - y0))" fill="\#(fill)" stroke="\#(colour)" stroke-width="2"\#(dash)/>
                    """#)
            }
        }
        if shape.wholeWorld, panel.isWorld, let box = shape.boxes.first {
            let whose: String
            switch kind {
            case .returned: whose = comparison.map { "\($0.firstName) returned: " } ?? "returned: "
            case .expected: whose = "expected: "
            case .second: whose = "\(comparison?.secondName ?? "second") returned: "
            }
            let label = whose + shape.worldLabel
            let offsets: [Role: Double] = [.returned: -8, .expected: 16, .second: 40]
            let y = panel.py(Swift.min(Swift.max((box.north + box.south) / 2, 0), 1)) + (offsets[kind] ?? 0)
            out.append(
                #"""
                <text class="whole-world \#(role)" x="\#(n(panel.px(0.5)))" y="\#(n(y))" text-anchor="middle" \#
                font-weight="bold" fill="\#(colour)" stroke="rgb(255,255,255)" stroke-width="3" \#
                paint-order="stroke">\#(HTMLPage.escape(label))</text>
                """#)
        }
        if let centre = shape.centre {
            out += copies(of: centre, in: panel).map { Self.cross($0, in: panel, colour: colour, role: role) }
        }
        return out
    }

    /// A point fitted: a black disc ringed in white.
    func pointMarker(_ place: Place, in panel: Panel) -> String {
        let n = SVGPlot.number
        return #"""
            <circle class="point" data-longitude="\#(n(place.u * 360 - 180))" cx="\#(n(panel.px(place.u)))" \#
            cy="\#(n(panel.py(place.v)))" r="4.5" fill="\#(Self.pointColour)" stroke="rgb(255,255,255)" \#
            stroke-width="1.5"/>
            """#
    }

    /// A cross (×) at a place: a view's centre, or a region drawn as its centre alone.
    static func cross(_ place: Place, in panel: Panel, colour: String, role: String = "centre") -> String {
        let n = SVGPlot.number, x = panel.px(place.u), y = panel.py(place.v), r = 5.0
        return #"""
            <path class="cross \#(role)" d="M\#(n(x - r)),\#(n(y - r))L\#(n(x + r)),\#(n(y + r))\#
            M\#(n(x + r)),\#(n(y - r))L\#(n(x - r)),\#(n(y + r))" stroke="\#(colour)" stroke-width="2.5" fill="none"/>
            """#
    }

    // MARK: - Positions

    func renderPositions(_ positions: CounterexampleScene.Positions) -> (svg: String, caption: String) {
        let world = positions.space.world
        let expected = Place(u: positions.expected.x / world, v: positions.expected.y / world)
        var notes: [String] = []
        let at = "zoom \(NumberText.shortest(positions.space.zoom)) \(positions.space.convention)"
        // Where it belongs has a place when the reference gives a finite pixel (not a pole's row).
        let placed = expected.u.isFinite && expected.v.isFinite
        if !placed {
            notes.append(
                """
                where it belongs, (x \(NumberText.shortest(positions.expected.x)), \
                y \(NumberText.shortest(positions.expected.y))), has no place on the map: not drawn
                """)
        }
        /// Where a side put it, and how far from where it belongs, with a note of it.
        func locate(_ answer: CounterexampleScene.Answer<CounterexampleScene.Position>, who: String) -> (
            place: Place?, distance: Double?
        ) {
            switch answer {
            case .value(let position) where placed && position.x.isFinite && position.y.isFinite:
                // x on the circle: 0 and W are one meridian.
                var dx = position.x - positions.expected.x
                dx -= (dx / world).rounded() * world
                let dy = position.y - positions.expected.y
                let distance = (dx * dx + dy * dy).squareRoot()
                notes.append(
                    """
                    \(who) put it at (x \(NumberText.shortest(position.x)), y \(NumberText.shortest(position.y))), \
                    \(Self.short(distance)) px from (x \(NumberText.shortest(positions.expected.x)), \
                    y \(NumberText.shortest(positions.expected.y))) at \(at)
                    """)
                return (Place(u: (positions.expected.x + dx) / world, v: position.y / world), distance)
            case .value(let position):
                notes.append(
                    "\(who)'s position (x \(NumberText.shortest(position.x)), y \(NumberText.shortest(position.y)))"
                        + (placed ? " is not finite: not drawn" : ": not drawn"))
            case .none(let reason): notes.append("\(who)'s position: none: \(reason)")
            }
            return (nil, nil)
        }
        let (returned, distance) = locate(positions.returned, who: comparison?.firstName ?? "the program")
        var secondPositions: CounterexampleScene.Positions?
        if case .positions(let other)? = comparison?.second.drawing { secondPositions = other }
        let (second, secondDistance) =
            secondPositions.map { locate($0.returned, who: comparison?.secondName ?? "the second") } ?? (nil, nil)
        if let coordinate = positions.coordinate { notes.append("the position is of \(coordinate)") }
        var body: [String] = []
        // A close-up unless the two are an eighth of the world apart.
        let pixel = 1 / world
        var panels = [Self.worldPanel]
        let apart =
            [returned, second].compactMap { $0 }.map { Swift.max(abs($0.u - expected.u), abs($0.v - expected.v)) }.max()
            ?? 0
        if placed, apart < 0.125 {
            let span = Swift.min(0.25, Swift.max(apart * 4, 16 * pixel))
            panels.append(
                Panel(
                    name: "close-up", x: Self.closeLeft, y: Self.top + Self.strip, size: Self.closeSide,
                    u: expected.u - span / 2, v: expected.v - span / 2, span: span))
        }
        let n = SVGPlot.number
        for panel in panels {
            body += open(panel)
            if !panel.isWorld, panel.span * world <= 48 { body += pixelGrid(panel, world: world) }
            // On the world, a place outside it is drawn in the strip's edge.
            func shown(_ place: Place) -> Place {
                guard panel.isWorld else { return place }
                let edge = Self.stripFraction
                return Place(u: place.u - place.u.rounded(.down), v: Swift.min(Swift.max(place.v, -edge), 1 + edge))
            }
            let from = shown(expected)
            for (answer, isSecond) in [(returned, false), (second, true)] {
                guard let answer else { continue }
                let to = shown(answer)
                // An arrow where it is longer than its head.
                let length = hypot(panel.px(to.u) - panel.px(from.u), panel.py(to.v) - panel.py(from.v))
                if length >= 8 {
                    body.append(
                        #"""
                        <line class="arrow" x1="\#(n(panel.px(from.u)))" y1="\#(n(panel.py(from.v)))" \#
                        x2="\#(n(panel.px(to.u)))" y2="\#(n(panel.py(to.v)))" stroke="rgb(0,0,0)" stroke-width="1.5" \#
                        marker-end="url(#\#(id)-arrowhead)"/>
                        """#)
                }
                body.append(
                    isSecond
                        ? #"""
                        <path class="position second" d="\#(Self.diamond(panel.px(to.u), panel.py(to.v)))" \#
                        fill="\#(Self.secondColour)" stroke="rgb(255,255,255)" stroke-width="1"/>
                        """#
                        : #"""
                        <path class="position returned" d="\#(Self.square(panel.px(to.u), panel.py(to.v)))" \#
                        fill="\#(Self.returnedColour)" stroke="rgb(255,255,255)" stroke-width="1"/>
                        """#)
            }
            if placed {
                body.append(
                    #"""
                    <circle class="position expected" cx="\#(n(panel.px(from.u)))" cy="\#(n(panel.py(from.v)))" \#
                    r="5" fill="none" stroke="\#(Self.expectedColour)" stroke-width="2.5"/>
                    """#)
            }
            body.append("</g>")
        }
        var side: [(String, String)] = []
        if let comparison {
            if let distance { side.append(("distance", "\(comparison.firstName): \(Self.short(distance)) px off")) }
            if let secondDistance {
                side.append(("distance", "\(comparison.secondName): \(Self.short(secondDistance)) px off"))
            }
            if distance != nil || secondDistance != nil { side.append(("close-up-note", "at \(at)")) }
        } else if let distance {
            side.append(("distance", "\(Self.short(distance)) px apart at \(at)"))
        }
        if let close = panels.last, !close.isWorld {
            side.append(("close-up-note", "close-up: \(Self.short(close.span * world)) px of that zoom across"))
            if close.span * world <= 48 { side.append(("close-up-note", "grid: the whole pixels of that zoom")) }
        }
        var legend: [Swatch] = [.expectedPosition, .returnedPosition]
        var words = ["where it belongs (the reference)", "where \(comparison?.firstName ?? "the program") put it"]
        var whose = "where the program put it (square; \(positions.route))"
        if let comparison, let secondPositions {
            legend.append(.secondPosition)
            words.append("where \(comparison.secondName) put it")
            whose = """
                where \(comparison.firstName) put it (square; \(positions.route)) and where \(comparison.secondName) \
                put it (diamond; \(secondPositions.route))
                """
        }
        legend += [.arrow, .antimeridian, .bandEdge]
        words.append("the difference")
        let caption = """
            \(scene.words). Where it belongs by the protocol's definition (circle) and \(whose), on a Web-Mercator \
            world\(panels.count > 1 ? " and in a close-up" : ""): \(notes.joined(separator: "; ")).
            """
        return (
            assemble(kind: "positions", body: body, legend: legend, words: words, notes: notes, side: side), caption
        )
    }

    /// Whole pixels of the request's zoom, in a close-up a few dozen pixels wide.
    func pixelGrid(_ panel: Panel, world: Double) -> [String] {
        let n = SVGPlot.number
        let (x0, x1, y0, y1) = (
            panel.px(panel.u), panel.px(panel.u + panel.span), panel.py(panel.v), panel.py(panel.v + panel.span)
        )
        // At most 49 whole pixels each way, where they are whole numbers apart (below 2^52).
        func whole(_ from: Double, _ to: Double) -> [Double] {
            guard from.isFinite, to.isFinite, abs(from) < 0x1p52, abs(to) < 0x1p52 else { return [] }
            return (0...48).map { from.rounded(.up) + Double($0) }.filter { $0 <= to }
        }
        // One path: a vertical per column, a horizontal per row.
        let columns = whole(panel.u * world, (panel.u + panel.span) * world).map {
            "M\(n(panel.px($0 / world))),\(n(y0))V\(n(y1))"
        }
        let rows = whole(panel.v * world, (panel.v + panel.span) * world).map {
            "M\(n(x0)),\(n(panel.py($0 / world)))H\(n(x1))"
        }
        guard !columns.isEmpty || !rows.isEmpty else { return [] }
        return [
            #"""
            <path class="pixel-grid" data-columns="\#(columns.count)" data-rows="\#(rows.count)" \#
            d="\#((columns + rows).joined())" stroke="rgb(225,225,240)" fill="none"/>
            """#
        ]
    }

    /// A comparison's second side's position: a diamond.
    static func diamond(_ x: Double, _ y: Double) -> String {
        let n = SVGPlot.number, r = 6.0
        return "M\(n(x)),\(n(y - r))l\(n(r)),\(n(r))l\(n(-r)),\(n(r))l\(n(-r)),\(n(-r))z"
    }

    static func square(_ x: Double, _ y: Double) -> String {
        let n = SVGPlot.number, r = 4.5
        return "M\(n(x - r)),\(n(y - r))h\(n(2 * r))v\(n(2 * r))h\(n(-2 * r))z"
    }

    // MARK: - Assembly

    /// The SVG element: title, the hatch and arrowhead, the panels, the world's labels, the
    /// legend and the notes (each escaped).
    func assemble(
        kind: String, body: [String], legend: [Swatch], words: [String], notes: [String], side: [(String, String)]
    ) -> String {
        let n = SVGPlot.number
        let legendTop = Self.worldPanel.py(1 + Self.stripFraction) + 36
        // Two columns when every item's words fit half the width.
        let rowHeight = 18.0, columns = words.allSatisfy { $0.count <= 44 } ? 2 : 1
        let rows = (legend.count + columns - 1) / columns
        let notesTop = legendTop + Double(rows) * rowHeight + 8
        let noteLines = notes.flatMap { Self.wrapped($0, width: 112) }
        let height = notesTop + Double(noteLines.count) * 15 + 8
        var out = SVGPlot.opening(
            id: id, width: Self.width, height: height, title: title,
            extra: #" class="counterexample" data-kind="\#(kind)""#)
        out.append(
            #"""
            <defs><pattern id="\#(id)-hatch" patternUnits="userSpaceOnUse" width="6" height="6" \#
            patternTransform="rotate(45)"><rect width="6" height="6" fill="rgba(213,94,0,0.08)"/><line x1="0" \#
            y1="0" x2="0" y2="6" stroke="\#(Self.returnedColour)" stroke-width="1.5" stroke-opacity="0.6"/></pattern>\#
            <marker id="\#(id)-arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" \#
            orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="rgb(0,0,0)"/></marker></defs>
            """#)
        if comparison != nil {
            out.append(
                #"""
                <defs><pattern id="\#(id)-hatch2" patternUnits="userSpaceOnUse" width="6" height="6" \#
                patternTransform="rotate(-45)"><rect width="6" height="6" fill="rgba(0,158,115,0.08)"/><line x1="0" \#
                y1="0" x2="0" y2="6" stroke="\#(Self.secondColour)" stroke-width="1.5" stroke-opacity="0.6"/>\#
                </pattern></defs>
                """#)
        }
        out += body
        out += worldLabels()
        out.append(#"<g class="legend" data-top="\#(n(legendTop))">"#)
        let columnWidth = (Self.width - 2 * Self.left) / Double(columns)
        for (index, swatch) in legend.enumerated() {
            let x = Self.left + Double(index % columns) * columnWidth
            let y = legendTop + Double(index / columns) * rowHeight
            let text =
                index < words.count
                ? words[index]
                : swatch == .antimeridian ? "the antimeridian, ±180°" : "the Mercator band's edges, ±85.0511°"
            out.append(legendSwatch(swatch, x: x, y: y))
            out.append(#"<text x="\#(n(x + 30))" y="\#(n(y + 4))">\#(HTMLPage.escape(text))</text>"#)
        }
        out.append("</g>")
        for (index, line) in noteLines.enumerated() {
            out.append(
                #"""
                <text class="note" x="\#(n(Self.left))" y="\#(n(notesTop + Double(index) * 15 + 4))" \#
                font-size="11.5">\#(HTMLPage.escape(line))</text>
                """#)
        }
        // Beside the world, under the close-up: the distance and the close-up's scale.
        var sideY = Self.top + Self.strip + Self.closeSide + 18
        for (kind, text) in side {
            for line in Self.wrapped(text, width: 36) {
                out.append(
                    #"""
                    <text class="\#(kind)" x="\#(n(Self.closeLeft))" y="\#(n(sideY))"\#
                    \#(kind == "distance" ? #" font-weight="bold""# : "")>\#(HTMLPage.escape(line))</text>
                    """#)
                sideY += 16
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }

    func legendSwatch(_ swatch: Swatch, x: Double, y: Double) -> String {
        let n = SVGPlot.number
        let centre = Place(u: 0, v: 0)
        let at = Panel(name: "legend", x: x + 11, y: y, size: 1, u: 0, v: 0, span: 1)
        func line(_ colour: String, _ dash: String?, width: Double = 2) -> String {
            #"""
            <line x1="\#(n(x))" y1="\#(n(y))" x2="\#(n(x + 22))" y2="\#(n(y))" stroke="\#(colour)" \#
            stroke-width="\#(n(width))"\#(dash.map { #" stroke-dasharray="\#($0)""# } ?? "")/>
            """#
        }
        func box(_ fill: String, _ colour: String, _ dash: String?) -> String {
            #"""
            <rect x="\#(n(x))" y="\#(n(y - 6))" width="22" height="12" fill="\#(fill)" stroke="\#(colour)" \#
            stroke-width="2"\#(dash.map { #" stroke-dasharray="\#($0)""# } ?? "")/>
            """#
        }
        switch swatch {
        case .point: return pointMarker(centre, in: at)
        case .centre: return Self.cross(centre, in: at, colour: Self.pointColour)
        case .returnedRegion: return box("url(#\(id)-hatch)", Self.returnedColour, Self.returnedDash)
        case .expectedRegion: return box("rgba(0,114,178,0.16)", Self.expectedColour, nil)
        case .antimeridian: return line(Self.antimeridianColour, Self.antimeridianDash)
        case .bandEdge: return line(Self.bandColour, Self.bandDash, width: 1.2)
        case .expectedPosition:
            return #"""
                <circle cx="\#(n(x + 11))" cy="\#(n(y))" r="5" fill="none" stroke="\#(Self.expectedColour)" \#
                stroke-width="2.5"/>
                """#
        case .returnedPosition: return #"<path d="\#(Self.square(x + 11, y))" fill="\#(Self.returnedColour)"/>"#
        case .secondRegion: return box("url(#\(id)-hatch2)", Self.secondColour, Self.secondDash)
        case .secondPosition: return #"<path d="\#(Self.diamond(x + 11, y))" fill="\#(Self.secondColour)"/>"#
        case .arrow:
            return #"""
                <line x1="\#(n(x))" y1="\#(n(y))" x2="\#(n(x + 22))" y2="\#(n(y))" stroke="rgb(0,0,0)" \#
                stroke-width="1.5" marker-end="url(#\#(id)-arrowhead)"/>
                """#
        }
    }
}
