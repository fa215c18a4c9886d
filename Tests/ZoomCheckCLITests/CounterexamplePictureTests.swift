import Foundation
import MercatorCore
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProperties

/// The findings page's picture of a minimal case (`CounterexamplePicture`): asserted on the
/// SVG's structure — its elements, classes and coordinates rounded to a hundredth — not on
/// pixels.
@Suite("The picture of a counterexample", .tags(.cli)) struct CounterexamplePictureTests {
    /// The corrected core with one operation replaced, for planting a bug.
    struct Planted: ZoomImplementation {
        var name = "planted"
        var core = WebMercator()
        var fitting: (@Sendable ([Coordinate]) throws(ProjectionError) -> Region)?
        var spanning: (@Sendable (Region) -> Region)?
        var projecting: (@Sendable (PixelPoint) -> PixelPoint)?

        func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
            -> PixelPoint
        {
            let pixel = try core.project(coordinate, zoom: zoom, convention: convention)
            return projecting?(pixel) ?? pixel
        }

        func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }

        func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
            throws(ProjectionError) -> Region
        {
            let region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
            return spanning?(region) ?? region
        }

        func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
            -> ZoomReading
        { try core.zoom(of: region, viewport: viewport, convention: convention) }

        func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
            guard let fitting else { return try core.fit(points) }
            return try fitting(points)
        }
    }

    /// The most common real bug: a bounding box of the longitudes, so that two pins either side
    /// of ±180° are fitted the long way round (a centre of 0 and 358° and more of longitude).
    static let antimeridianBug = Planted(
        name: "antimeridian-bug",
        fitting: { points throws(ProjectionError) in
            let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
            let (west, east) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
            return Region(
                center: Coordinate(
                    latitude: ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2, longitude: (west + east) / 2),
                span: Span(latitudeDelta: 0.014, longitudeDelta: east - west + 0.5))
        })

    static func picture(_ implementation: any ZoomImplementation, _ request: CounterexampleRequest) -> String {
        CounterexamplePicture(id: "p", title: "a picture", scene: CounterexampleScene.ask(implementation, request))
            .render().svg
    }

    /// Each element of `svg` whose class is `kind`, with its attributes.
    static func elements(_ kind: String, in svg: String) -> [[String: String]] {
        svg.split(separator: "\n").filter { $0.contains(#"class="\#(kind)""#) }.map { line in
            Dictionary(
                line.matches(of: /([a-z0-9-]+)="([^"]*)"/).map { (String($0.1), String($0.2)) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// The lines of a panel's group (`world` or `close-up`).
    static func panel(_ name: String, in svg: String) -> String {
        guard let start = svg.range(of: #"data-panel="\#(name)""#) else { return "" }
        let rest = svg[start.upperBound...]
        return String(rest[..<(rest.range(of: "</g>")?.lowerBound ?? rest.endIndex)])
    }

    @Test("A fit across ±180° fitted the long way round: both points, the two regions, the antimeridian")
    func antimeridianFit() throws {
        let svg = Self.picture(
            Self.antimeridianBug,
            .fit([Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 0, longitude: -179)]))
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
        #expect(svg.contains(#"class="counterexample" data-kind="regions""#))
        let world = Self.panel("world", in: svg)
        // Both points, on the equator, at the map's two edges (x = 64 + (λ + 180)/360 · 420).
        let points = Self.elements("point", in: world)
        #expect(points.map { $0["data-longitude"] } == ["179", "-179"])
        #expect(points.map { $0["cx"] } == ["482.83", "65.17"])
        #expect(Set(points.map { $0["cy"] }) == ["264"])  // 40 + 14 + 420/2: the equator
        // The program's region: one piece from 179.25° W to 179.25° E, the long way round.
        let returned = Self.elements("region returned", in: world)
        #expect(returned.map { [$0["data-west"], $0["data-east"]] } == [["-179.25", "179.25"]])
        // The corrected core's: 2.3° centred on ±180° (the 2° arc padded × 1.15), two pieces.
        let expected = Self.elements("region expected", in: world)
        #expect(
            expected.map { [$0["data-piece"], $0["data-west"], $0["data-east"]] } == [
                ["1", "178.85", "180"], ["2", "-180", "-178.85"],
            ])
        // At least 2 px wide, about each piece's middle, at each edge.
        #expect(expected.map { $0["x"] } == ["482.33", "63.67"])
        // The antimeridian on both edges; the band's edges; the graticule's equator.
        let antimeridian = Self.elements("antimeridian", in: world)
        #expect(antimeridian.map { $0["x1"] } == ["64", "484"])
        #expect(antimeridian.allSatisfy { $0["stroke-dasharray"] == CounterexamplePicture.antimeridianDash })
        #expect(Self.elements("band-edge", in: world).map { $0["data-latitude"] } == ["85.05", "-85.05"])
        #expect(Self.elements("band-edge", in: world).map { $0["y1"] } == ["54", "474"])
        #expect(!Self.elements("graticule equator", in: world).isEmpty)
        // A close-up of the points and the correct region, across ±180°: one copy of each point,
        // the correct region's two pieces side by side, the antimeridian between them.
        let close = Self.panel("close-up", in: svg)
        let closePoints = Self.elements("point", in: close).compactMap { $0["cx"].flatMap(Double.init) }
        #expect(closePoints.count == 2)
        let closeExpected = Self.elements("region expected", in: close)
        #expect(closeExpected.count == 2)
        let seams = Self.elements("antimeridian", in: close).compactMap { $0["x1"].flatMap(Double.init) }
        #expect(seams.count == 1)
        if let seam = seams.first, closePoints.count == 2 {
            #expect(closePoints.min()! < seam && seam < closePoints.max()!, "the points either side of ±180°")
        }
        // The legend names each role, and the returned and expected regions differ in dash.
        for words in ["the points fitted", "the region the program returned", "the region expected"] {
            #expect(svg.contains(words), "\(words)")
        }
        #expect(returned.allSatisfy { $0["stroke-dasharray"] == CounterexamplePicture.returnedDash })
        #expect(expected.allSatisfy { $0["stroke-dasharray"] == nil })
        #expect(svg.contains("crosses ±180°: drawn as two pieces"))
        #expect(!svg.contains("<script") && !svg.contains("href=\"http"))
    }

    @Test(
        """
        diff's picture of two answers: the first's region and the second's, each named and dashed its own way, \
        beside the corrected core's; two positions, a square and a diamond, each with its distance
        """) func comparison() throws
    {
        let points = [Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 0, longitude: -179)]
        let corrected = BuiltInImplementations.corrected
        let comparison = CounterexamplePicture.Comparison(
            firstName: "antimeridian-bug", secondName: "corrected",
            second: CounterexampleScene.ask(corrected, .fit(points)))
        let svg = CounterexamplePicture(
            id: "p", title: "both", scene: CounterexampleScene.ask(Self.antimeridianBug, .fit(points)),
            comparison: comparison
        ).render().svg
        let world = Self.panel("world", in: svg)
        #expect(
            Self.elements("region returned", in: world).map { [$0["data-west"], $0["data-east"]] } == [
                ["-179.25", "179.25"]
            ])
        // The second side's region: the corrected core's, across ±180° in two pieces, dotted.
        let second = Self.elements("region second", in: world)
        #expect(
            second.map { [$0["data-piece"], $0["data-west"], $0["data-east"]] } == [
                ["1", "178.85", "180"], ["2", "-180", "-178.85"],
            ])
        #expect(second.allSatisfy { $0["stroke-dasharray"] == CounterexamplePicture.secondDash })
        #expect(second.allSatisfy { $0["fill"] == "url(#p-hatch2)" } && svg.contains(#"<pattern id="p-hatch2""#))
        #expect(Self.elements("region expected", in: world).count == 2)
        for words in [
            "the region antimeridian-bug returned", "the region corrected returned", "the region expected",
            "corrected returned (dotted, hatched the other way)",
        ] { #expect(svg.contains(words), "\(words)") }
        // check's picture of one program has no second side.
        #expect(!Self.picture(Self.antimeridianBug, .fit(points)).contains("hatch2"))
        // Positions: one program 3 px east, the other where it belongs.
        let east = Planted(projecting: { PixelPoint(x: $0.x + 3, y: $0.y, zoom: $0.zoom, convention: $0.convention) })
        let request = CounterexampleRequest.project(
            Coordinate(latitude: 10, longitude: 20), PixelSpace(zoom: 20, convention: .seed512))
        let positions = CounterexamplePicture(
            id: "q", title: "both", scene: CounterexampleScene.ask(east, request),
            comparison: CounterexamplePicture.Comparison(
                firstName: "east", secondName: "corrected", second: CounterexampleScene.ask(corrected, request))
        ).render()
        #expect(Self.elements("position returned", in: positions.svg).count == 2)
        #expect(Self.elements("position second", in: positions.svg).count == 2)
        #expect(Self.elements("position expected", in: positions.svg).count == 2)
        #expect(positions.svg.contains(">east: 3 px off<") && positions.svg.contains(">corrected: 0 px off<"))
        #expect(positions.caption.contains("where corrected put it (diamond; its project)"))
    }

    @Test("The planted bug on the page: the failure's section holds its picture, and the page is the same twice")
    func antimeridianPage() throws {
        guard let property = ZoomCatalogue.all.first(where: { $0.name == "fit-takes-the-short-way" }) else {
            Issue.record("no fit-takes-the-short-way")
            return
        }
        var subject = CatalogueSubject(Self.antimeridianBug)
        subject.regressions = .nowhere
        var settings = RunSettings.catalogueDefaults
        settings.caseCount = 100
        let outcome = CatalogueRunner(settings: settings).run(property, against: subject)
        #expect(outcome.run?.result.failure != nil)
        let run = CheckRun(header: .init(subjects: [subject], seed: settings.seed, caseCount: 100), outcomes: [outcome])
        let display = ReplayDisplay(program: "zoomcheck", shown: "zoomcheck", seed: settings.seed, runDirectory: "/r")
        func page() -> String { CheckPage.html(run, replay: display, sweep: { _ in .none("not swept here") }) }
        let html = page()
        #expect(html == page(), "the same run writes the same page")
        let id = "picture-failure-fit-takes-the-short-way--antimeridian-bug"
        guard let start = html.range(of: #"<section class="failure""#),
            let figure = html.range(of: #"<svg xmlns="http://www.w3.org/2000/svg" id="\#(id)""#),
            let end = html[figure.lowerBound...].range(of: "</svg>")
        else {
            Issue.record("no picture in \(html)")
            return
        }
        #expect(
            start.lowerBound < figure.lowerBound && !html[start.lowerBound..<figure.lowerBound].contains("</section>"))
        let svg = String(html[figure.lowerBound..<end.upperBound])
        let world = Self.panel("world", in: svg)
        #expect(Self.elements("point", in: world).count >= 2)
        #expect(Self.elements("antimeridian", in: world).count == 2)
        #expect(Self.elements("region expected", in: world).count == 2, "the correct region crosses ±180°")
        #expect(Self.elements("region returned", in: world).count == 1)
        #expect(html.contains(#"<figure class="counterexample-picture">"#))
        #expect(html.contains("The pictures of the minimal cases cost 1 requests"))
    }

    @Test("A span failure: the view's centre, the region returned and the corrected core's") func spanPicture() {
        let doubled = Planted(spanning: { region in
            var wide = region
            wide.span.longitudeDelta *= 2
            return wide
        })
        let input = SpanInput(
            center: Coordinate(latitude: 40, longitude: 170), zoom: 3,
            viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: .seed512)
        let svg = Self.picture(doubled, .span(input))
        let world = Self.panel("world", in: svg)
        #expect(Self.elements("cross centre", in: world).count == 1)
        // 320 px at zoom 3 of a 4096-px world: 28.125°, doubled to 56.25°; 170° ± half of it
        // crosses ±180° in both.
        let returned = Self.elements("region returned", in: world)
        #expect(returned.map { [$0["data-west"], $0["data-east"]] } == [["141.88", "180"], ["-180", "-161.87"]])
        let expected = Self.elements("region expected", in: world)
        #expect(expected.map { [$0["data-west"], $0["data-east"]] } == [["155.94", "180"], ["-180", "-175.94"]])
        #expect(svg.contains(">the view's centre<"))
        #expect(svg.contains("the corrected core's span"))
    }

    @Test("A projection failure: where the point belongs, where the program put it, an arrow and the distance")
    func projectionPicture() {
        let low = Planted(projecting: { PixelPoint(x: $0.x, y: $0.y + 3, zoom: $0.zoom, convention: $0.convention) })
        let svg = Self.picture(
            low, .project(Coordinate(latitude: 10, longitude: 20), PixelSpace(zoom: 20, convention: .seed512)))
        #expect(svg.contains(#"data-kind="positions""#))
        let close = Self.panel("close-up", in: svg)
        let expected = Self.elements("position expected", in: close)
        let returned = Self.elements("position returned", in: close)
        let arrows = Self.elements("arrow", in: close)
        #expect(expected.count == 1 && returned.count == 1 && arrows.count == 1)
        // The arrow runs from the point straight down, 3 px of zoom 20 drawn across a quarter of
        // a close-up 16 px wide (240 / 16 · 3 = 45).
        if let arrow = arrows.first, let x1 = arrow["x1"].flatMap(Double.init),
            let y1 = arrow["y1"].flatMap(Double.init), let x2 = arrow["x2"].flatMap(Double.init),
            let y2 = arrow["y2"].flatMap(Double.init)
        {
            #expect(x1 == x2)
            #expect(abs(y2 - y1 - 45) < 0.02, "\(arrow)")
        }
        #expect(Self.elements("distance", in: svg).count == 1)
        #expect(svg.contains(">3 px apart at zoom 20 seed512<"))
        // The whole pixels of zoom 20 in a close-up 16 px across: 16 or 17 lines each way.
        let grid = Self.elements("pixel-grid", in: close)
        #expect(grid.count == 1)
        #expect(
            grid.allSatisfy { ["16", "17"].contains($0["data-columns"]) && ["16", "17"].contains($0["data-rows"]) })
        // On the world the two coincide: no arrow longer than its head there.
        #expect(Self.elements("arrow", in: Self.panel("world", in: svg)).isEmpty)
    }

    @Test("A position with no place on the map (a pole's row, a pixel not finite) is labelled, never drawn nor hung on")
    func unplacedPositions() {
        let space = PixelSpace(zoom: 20, convention: .seed512)
        let pole = Self.picture(WebMercator(), .project(Coordinate(latitude: 90, longitude: 0), space))
        #expect(pole.contains("has no place on the map: not drawn"))
        #expect(Self.elements("position expected", in: pole).isEmpty)
        #expect(Self.panel("close-up", in: pole).isEmpty)
        let nan = Self.picture(WebMercator(), .unproject(x: .nan, y: 3, space))
        #expect(nan.contains("has no place on the map: not drawn"))
        #expect(nan.contains("the program's position: none: refused: invalid-"))
        // The catalogue asks for no such picture: bad input is a refusal, not a position.
        let implementation = WebMercator()
        let project: Set<Capabilities.Operation> = [.project]
        #expect(
            CounterexampleRequest.inferred(
                from: Coordinate(latitude: .nan, longitude: 0), operations: project, implementation: implementation)
                == nil)
        #expect(
            CounterexampleRequest.inferred(
                from: Coordinate(latitude: 95, longitude: 0), operations: project, implementation: implementation)
                == nil)
        #expect(
            CounterexampleRequest.inferred(
                from: Coordinate(latitude: 10, longitude: 20), operations: project, implementation: implementation)
                == .project(Coordinate(latitude: 10, longitude: 20), PixelSpace(zoom: 20, convention: .seed512)))
        #expect(
            CounterexampleRequest.inferred(from: [Coordinate](), operations: [.fit], implementation: implementation)
                == nil)
        #expect(
            CounterexampleRequest.inferred(from: 3.5, operations: [.project], implementation: implementation) == nil)
    }

    @Test("Text from a program or a property is escaped in the picture and its caption") func hostileText() {
        let hostile = #"<script>alert("x")</script> & 'q'"#
        let refusing = Planted(fitting: { _ throws(ProjectionError) in throw .invalidLatitude(hostile) })
        let scene = CounterexampleScene.ask(refusing, .fit([Coordinate(latitude: 1, longitude: 2)]))
        let (svg, caption) = CounterexamplePicture(id: "p", title: hostile, scene: scene).render()
        #expect(!svg.contains("<script") && !svg.contains(hostile))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 'q'"))
        let figure = CounterexamplePicture.figure(scene, id: "p", title: hostile).joined(separator: "\n")
        #expect(!figure.contains("<script") && caption.contains(hostile))
        #expect(figure.contains("returned: no region: refused: invalid-latitude: &lt;script&gt;"))
    }

    @Test("A region that is not finite, negative or wider than the world is labelled, never a crash")
    func impossibleRegions() {
        func answering(_ region: Region) -> Planted { Planted(fitting: { _ throws(ProjectionError) in region }) }
        let point = [Coordinate(latitude: 10, longitude: 20)]
        let nan = Self.picture(
            answering(
                Region(
                    center: Coordinate(latitude: .nan, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: .nan)
                )), .fit(point))
        #expect(Self.elements("region returned", in: nan).isEmpty)
        #expect(nan.contains("not drawn: a value is not finite"))
        #expect(nan.contains("centre (nan, 0)"))
        let negative = Self.picture(
            answering(
                Region(
                    center: Coordinate(latitude: 10, longitude: 20), span: Span(latitudeDelta: 1, longitudeDelta: -3))),
            .fit(point))
        #expect(Self.elements("region returned", in: negative).isEmpty)
        #expect(Self.elements("cross returned", in: Self.panel("world", in: negative)).count == 1)
        #expect(negative.contains("a negative span: drawn as its centre only"))
        let wide = Self.picture(
            answering(
                Region(
                    center: Coordinate(latitude: 10, longitude: 20), span: Span(latitudeDelta: 200, longitudeDelta: 400)
                )), .fit(point))
        let world = Self.elements("region returned", in: Self.panel("world", in: wide))
        #expect(
            world.map { [$0["x"], $0["width"], $0["y"]] } == [["64", "420", "40"]],
            "hatched over the whole map, poles to poles")
        #expect(world.first?["fill"] == "url(#p-hatch)")
        #expect(wide.contains("400° — more than the whole world, drawn as 360°"))
        #expect(wide.contains("reaches past the north pole: drawn to 90°"))
        // Points that are not on the sphere are left out and counted.
        let bad = Self.picture(WebMercator(), .fit([Coordinate(latitude: .nan, longitude: 20)] + point))
        #expect(Self.elements("point", in: Self.panel("world", in: bad)).count == 1)
        #expect(bad.contains("1 of the points not drawn"))
        #expect(bad.contains("expected: no region: refused: invalid-latitude"))
    }
}
