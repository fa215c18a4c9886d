import MercatorCore

/// What a program answered to one probe request: a value, a refusal (a protocol error code),
/// or a failure of the program itself (an `exec:` program that died, hung or broke the
/// protocol on it).
package enum ProbeAnswer: Hashable, Sendable {
    case point(x: Double, y: Double)
    case coordinate(latitude: Double, longitude: Double)
    case region(latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double, valid: Bool)
    case reading(zoom: Double, level: Int, nonFinite: Bool)
    case refused(code: String)
    case failed(String)

    /// The refusal's code, or nil for an answer.
    package var code: String? {
        if case .refused(let code) = self { return code }
        return nil
    }

    /// Whether the answer is `unsupported`: the program does not serve the request.
    package var isUnsupported: Bool { code == "unsupported" }

    /// Whether the program answered with values (not a refusal, not a failure).
    package var isValue: Bool {
        switch self {
        case .refused, .failed: false
        default: true
        }
    }

    /// Whether a value answer holds a non-finite number, or is a region flagged invalid: an
    /// answer that cannot be mistaken for a real one (PROTOCOL.md, `badInput: refuses`).
    package var isUnmistakable: Bool {
        switch self {
        case .point(let x, let y): !x.isFinite || !y.isFinite
        case .coordinate(let latitude, let longitude): !latitude.isFinite || !longitude.isFinite
        case .region(let latitude, let longitude, let latitudeDelta, let longitudeDelta, let valid):
            !valid || ![latitude, longitude, latitudeDelta, longitudeDelta].allSatisfy(\.isFinite)
        case .reading(_, _, let nonFinite): nonFinite
        case .refused, .failed: false
        }
    }

    /// The answer in a few words: `x 512, y 256`, `error invalid-zoom`.
    package var text: String {
        func n(_ value: Double) -> String { NumberText.shortest(value) }
        switch self {
        case .point(let x, let y): return "x \(n(x)), y \(n(y))"
        case .coordinate(let latitude, let longitude): return "lat \(n(latitude)), lon \(n(longitude))"
        case .region(let latitude, let longitude, let latitudeDelta, let longitudeDelta, let valid):
            return "(\(n(latitude)), \(n(longitude))) Δ \(n(latitudeDelta)) × \(n(longitudeDelta))"
                + (valid ? ", valid" : ", not valid")
        case .reading(let zoom, let level, let nonFinite):
            return nonFinite ? "zoom \(n(zoom)), level \(n(zoom))" : "zoom \(n(zoom)), level \(level)"
        case .refused(let code): return "error \(code)"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}

/// One request of the probe: a name, the edge it covers, the request as the protocol spells
/// it, the code PROTOCOL.md's table gives it when it is bad input, and how to ask it.
package struct ProbeRequest: Sendable {
    /// A stable name, unique in ``ProbeRequests/all``: `project.past-band.seed512`.
    package let name: String
    /// The operation.
    package let op: Capabilities.Operation
    /// The convention the request names (nil for `fit`).
    package let convention: ZoomConvention?
    /// The request's fields in a few words: `lat 86, lon 0, zoom 20, seed512`.
    package let fields: String
    /// The error code PROTOCOL.md's table gives this request (bad input), or nil for a
    /// valid request.
    package let refusal: String?
    /// Asks the request of an implementation.
    let ask: @Sendable (any ZoomImplementation) throws(ProjectionError) -> ProbeAnswer

    /// Asks the request of `implementation`: its answer, its refusal or its failure.
    package func answer(from implementation: any ZoomImplementation) -> ProbeAnswer {
        do throws(ProjectionError) { return try ask(implementation) } catch {
            if case .implementationFailure(let reason) = error { return .failed(reason) }
            return .refused(code: error.code)
        }
    }
}

/// The designed set of probe requests: fixed, in a fixed order, the same for every program.
///
/// Project and unproject are asked in the 2^29-px world, which every program that projects
/// at all serves (zoom 20 in seed512, zoom 21 in tile256: PROTOCOL.md's `anyPixelZoom`), and
/// at zooms 0, 10, 10.5 and 28; spans and readings at zoom 10, at 0, 28 and past the range,
/// and at every integer zoom 0…28 (the zoom range); every bad value in every field, and two
/// at once (the order of the checks). Each request in a convention is asked in both.
package enum ProbeRequests {
    /// The view of every span, reading and fit unless a request says otherwise: the
    /// documents' phone.
    static let phone = Viewport.fitView

    /// The band's edge, atan(sinh π) in degrees as a double, and the next double past it.
    static let bandEdge = MercatorMath.latitudeLimit
    static let pastBand = MercatorMath.latitudeLimit.nextUp

    /// The zoom at which `convention` numbers the 2^29-px world.
    static func pixelWorldZoom(_ convention: ZoomConvention) -> Double { convention == .seed512 ? 20 : 21 }

    /// The longitude span a view of `width` points shows at integer `zoom` in `convention`.
    static func span(atZoom zoom: Int, width: Double, _ convention: ZoomConvention) -> Double {
        360 * width / (convention.worldWidthAtZoomZero * Double(1 << zoom))
    }

    /// The grid probes' coordinates: off every whole pixel at every zoom.
    static let gridPoints = [
        Coordinate(latitude: 37.7749, longitude: -122.4194), Coordinate(latitude: -33.8688, longitude: 151.2093),
    ]

    /// Every request, in the order they are asked.
    package static let all: [ProbeRequest] = {
        var requests: [ProbeRequest] = []
        for convention in ZoomConvention.allCases { requests += projections(convention) }
        for convention in ZoomConvention.allCases { requests += unprojections(convention) }
        for convention in ZoomConvention.allCases { requests += spans(convention) }
        for convention in ZoomConvention.allCases { requests += readings(convention) }
        requests += fits()
        return requests
    }()

    /// The request called `name`.
    package static func named(_ name: String) -> ProbeRequest? { all.first { $0.name == name } }

    static func n(_ value: Double) -> String { NumberText.shortest(value) }

    static func project(
        _ name: String, _ latitude: Double, _ longitude: Double, zoom: Double, _ convention: ZoomConvention,
        refusal: String? = nil
    ) -> ProbeRequest {
        ProbeRequest(
            name: "project.\(name).\(convention.rawValue)", op: .project, convention: convention,
            fields: "lat \(n(latitude)), lon \(n(longitude)), zoom \(n(zoom))", refusal: refusal
        ) { implementation throws(ProjectionError) in
            let point = try implementation.project(
                Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, convention: convention)
            return .point(x: point.x, y: point.y)
        }
    }

    static func projections(_ c: ZoomConvention) -> [ProbeRequest] {
        let z = pixelWorldZoom(c)
        return [
            project("origin", 0, 0, zoom: z, c), project("east-180", 0, 180, zoom: z, c),
            project("west-180", 0, -180, zoom: z, c), project("near-180", 0, 179.99999999999997, zoom: z, c),
            project("band-north", bandEdge, 0, zoom: z, c), project("band-south", -bandEdge, 0, zoom: z, c),
            project("past-band", pastBand, 0, zoom: z, c), project("north-86", 86, 0, zoom: z, c),
            project("south-89", -89, 0, zoom: z, c),
            project("grid-a", gridPoints[0].latitude, gridPoints[0].longitude, zoom: z, c),
            project("grid-b", gridPoints[1].latitude, gridPoints[1].longitude, zoom: z, c),
            project("zoom-0", 0, 90, zoom: 0, c), project("zoom-10", 0, 90, zoom: 10, c),
            project("zoom-10.5", 0, 90, zoom: 10.5, c), project("zoom-28", 0, 90, zoom: 28, c),
            project("grid-zoom-10", gridPoints[0].latitude, gridPoints[0].longitude, zoom: 10, c),
            project("past-band-zoom-10", pastBand, 0, zoom: 10, c), project("north-86-zoom-10", 86, 0, zoom: 10, c),
            project("south-89-zoom-10", -89, 0, zoom: 10, c),
            project("north-pole", 90, 0, zoom: z, c, refusal: "invalid-latitude"),
            project("south-pole", -90, 0, zoom: z, c, refusal: "invalid-latitude"),
            project("lat-nan", .nan, 0, zoom: z, c, refusal: "invalid-latitude"),
            project("lat-inf", .infinity, 0, zoom: z, c, refusal: "invalid-latitude"),
            project("lat--inf", -.infinity, 0, zoom: z, c, refusal: "invalid-latitude"),
            project("lon-nan", 0, .nan, zoom: z, c, refusal: "invalid-longitude"),
            project("lon-181", 0, 181, zoom: z, c, refusal: "invalid-longitude"),
            project("lon--inf", 0, -.infinity, zoom: z, c, refusal: "invalid-longitude"),
            project("zoom-nan", 0, 0, zoom: .nan, c, refusal: "invalid-zoom"),
            project("zoom--1", 0, 0, zoom: -1, c, refusal: "invalid-zoom"),
            project("zoom-28.5", 0, 0, zoom: 28.5, c, refusal: "invalid-zoom"),
            project("zoom-inf", 0, 0, zoom: .infinity, c, refusal: "invalid-zoom"),
            project("order-lat-first", .nan, .nan, zoom: .nan, c, refusal: "invalid-latitude"),
            project("order-lon-before-zoom", 0, .nan, zoom: .nan, c, refusal: "invalid-longitude"),
        ]
    }

    static func unproject(
        _ name: String, _ x: Double, _ y: Double, zoom: Double, _ convention: ZoomConvention, refusal: String? = nil
    ) -> ProbeRequest {
        ProbeRequest(
            name: "unproject.\(name).\(convention.rawValue)", op: .unproject, convention: convention,
            fields: "x \(n(x)), y \(n(y)), zoom \(n(zoom))", refusal: refusal
        ) { implementation throws(ProjectionError) in
            let coordinate = try implementation.unproject(PixelPoint(x: x, y: y, zoom: zoom, convention: convention))
            return .coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)
        }
    }

    static func unprojections(_ c: ZoomConvention) -> [ProbeRequest] {
        let z = pixelWorldZoom(c), w = 536_870_912.0, w10 = c.worldWidth(atZoom: 10)
        return [
            unproject("centre", w / 2, w / 2, zoom: z, c), unproject("east-edge", w, w / 2, zoom: z, c),
            unproject("beyond-north", w / 2, -w / 4, zoom: z, c),
            unproject("beyond-south", w / 2, w * 5 / 4, zoom: z, c),
            unproject("centre-zoom-10", w10 / 2, w10 / 2, zoom: 10, c),
            unproject("beyond-north-zoom-10", w10 / 2, -w10 / 4, zoom: 10, c),
            unproject("beyond-south-zoom-10", w10 / 2, w10 * 5 / 4, zoom: 10, c),
            unproject("x-nan", .nan, w / 2, zoom: z, c, refusal: "invalid-longitude"),
            unproject("x--1", -1, w / 2, zoom: z, c, refusal: "invalid-longitude"),
            unproject("x-past-world", w + 1, w / 2, zoom: z, c, refusal: "invalid-longitude"),
            unproject("y-nan", w / 2, .nan, zoom: z, c, refusal: "invalid-latitude"),
            unproject("y-inf", w / 2, .infinity, zoom: z, c, refusal: "invalid-latitude"),
            unproject("zoom-nan", w / 2, w / 2, zoom: .nan, c, refusal: "invalid-zoom"),
            unproject("zoom--1", 0.5, 0.5, zoom: -1, c, refusal: "invalid-zoom"),
            unproject("order-zoom-first", .nan, .nan, zoom: .nan, c, refusal: "invalid-zoom"),
            unproject("order-x-before-y", .nan, .nan, zoom: z, c, refusal: "invalid-longitude"),
        ]
    }

    static func span(
        _ name: String, _ latitude: Double, _ longitude: Double, zoom: Double, _ convention: ZoomConvention,
        view: Viewport = phone, refusal: String? = nil
    ) -> ProbeRequest {
        let viewText =
            "\(n(view.widthInPoints))×\(n(view.heightInPoints))"
            + (view.pixelsPerPoint == 1 ? "" : " @\(n(view.pixelsPerPoint))x")
        return ProbeRequest(
            name: "span.\(name).\(convention.rawValue)", op: .span, convention: convention,
            fields: "(\(n(latitude)), \(n(longitude))), zoom \(n(zoom)), view \(viewText)", refusal: refusal
        ) { implementation throws(ProjectionError) in
            let answer = try implementation.regionAnswer(
                centeredAt: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, viewport: view,
                convention: convention)
            return .region(
                latitude: answer.region.center.latitude, longitude: answer.region.center.longitude,
                latitudeDelta: answer.region.span.latitudeDelta, longitudeDelta: answer.region.span.longitudeDelta,
                valid: answer.reportedValid)
        }
    }

    static func spans(_ c: ZoomConvention) -> [ProbeRequest] {
        func view(_ width: Double, _ height: Double, _ scale: Double = 1) -> Viewport {
            Viewport(widthInPoints: width, heightInPoints: height, pixelsPerPoint: scale)
        }
        var requests = [
            span("zoom-10", 0, 0, zoom: 10, c), span("zoom-10.5", 0, 0, zoom: 10.5, c),
            span("zoom-0-off-equator", 7, 0, zoom: 0, c),
            span("zoom-0-wide-view", 0, 0, zoom: 0, c, view: view(1024, 768)), span("east-180", 0, 180, zoom: 5, c),
            span("west-180", 0, -180, zoom: 5, c), span("band-edge", bandEdge, 0, zoom: 3, c),
            span("past-band", 85.06, 0, zoom: 3, c), span("near-pole", 89, 0, zoom: 3, c),
            span("scale-2", 0, 0, zoom: 10, c, view: view(320, 460, 2)),
            span("one-point-view", 0, 0, zoom: 10, c, view: view(1, 1)),
            span("lat-nan", .nan, 0, zoom: 10, c, refusal: "invalid-latitude"),
            span("lat-91", 91, 0, zoom: 10, c, refusal: "invalid-latitude"),
            span("lon-inf", 0, .infinity, zoom: 10, c, refusal: "invalid-longitude"),
            span("lon--181", 0, -181, zoom: 10, c, refusal: "invalid-longitude"),
            span("zoom-nan", 0, 0, zoom: .nan, c, refusal: "invalid-zoom"),
            span("zoom--1", 0, 0, zoom: -1, c, refusal: "invalid-zoom"),
            span("zoom-29", 0, 0, zoom: 29, c, refusal: "invalid-zoom"),
            span("width-0", 0, 0, zoom: 10, c, view: view(0, 460), refusal: "invalid-viewport"),
            span("height-nan", 0, 0, zoom: 10, c, view: view(320, .nan), refusal: "invalid-viewport"),
            span("scale-0", 0, 0, zoom: 10, c, view: view(320, 460, 0), refusal: "invalid-viewport"),
            span("scale-inf", 0, 0, zoom: 10, c, view: view(320, 460, .infinity), refusal: "invalid-viewport"),
            span("order-lat-first", .nan, 0, zoom: 10, c, view: view(0, 460), refusal: "invalid-latitude"),
            span("order-zoom-before-view", 0, 0, zoom: .nan, c, view: view(0, 460), refusal: "invalid-zoom"),
        ]
        // The zoom range: the centre at every integer zoom of the protocol's range.
        for zoom in 0...28 { requests.append(span("level-\(zoom)", 0, 0, zoom: Double(zoom), c)) }
        return requests
    }

    static func reading(
        _ name: String, _ latitude: Double, _ longitude: Double, latitudeDelta: Double, longitudeDelta: Double,
        _ convention: ZoomConvention, view: Viewport = phone, refusal: String? = nil
    ) -> ProbeRequest {
        let viewText =
            "\(n(view.widthInPoints))×\(n(view.heightInPoints))"
            + (view.pixelsPerPoint == 1 ? "" : " @\(n(view.pixelsPerPoint))x")
        return ProbeRequest(
            name: "zoom.\(name).\(convention.rawValue)", op: .zoom, convention: convention,
            fields: "(\(n(latitude)), \(n(longitude))) Δ \(n(latitudeDelta)) × \(n(longitudeDelta)), "
                + "view \(viewText)", refusal: refusal
        ) { implementation throws(ProjectionError) in
            let reading = try implementation.zoom(
                of: Region(
                    center: Coordinate(latitude: latitude, longitude: longitude),
                    span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)), viewport: view,
                convention: convention)
            return .reading(zoom: reading.zoom, level: reading.level, nonFinite: reading.isNonFinite)
        }
    }

    /// The multipliers of the zoom-10 span that make the fractional readings: × 0.8 reads
    /// 10 + log2(1.25) ≈ 10.32, × 0.6 reads 10 + log2(5/3) ≈ 10.74.
    static let fractionalFactors: [(name: String, factor: Double)] = [("10.32", 0.8), ("10.74", 0.6)]

    static func readings(_ c: ZoomConvention) -> [ProbeRequest] {
        let at10 = span(atZoom: 10, width: phone.widthInPoints, c)
        func view(_ width: Double, _ height: Double, _ scale: Double = 1) -> Viewport {
            Viewport(widthInPoints: width, heightInPoints: height, pixelsPerPoint: scale)
        }
        var requests = [reading("at-10", 0, 0, latitudeDelta: at10, longitudeDelta: at10, c)]
        for (name, factor) in fractionalFactors {
            requests.append(reading("at-\(name)", 0, 0, latitudeDelta: at10 * factor, longitudeDelta: at10 * factor, c))
        }
        requests += [
            reading("tall-region", 0, 0, latitudeDelta: 40, longitudeDelta: at10, c),
            reading("wider-than-world", 0, 0, latitudeDelta: 100, longitudeDelta: 360, c),
            reading("narrower-than-28", 0, 0, latitudeDelta: 1e-7, longitudeDelta: 1e-7, c),
            reading("on-antimeridian", 0, 180, latitudeDelta: at10, longitudeDelta: at10, c),
            reading("scale-2", 0, 0, latitudeDelta: at10, longitudeDelta: at10, c, view: view(320, 460, 2)),
            reading("lat-nan", .nan, 0, latitudeDelta: at10, longitudeDelta: at10, c, refusal: "invalid-span"),
            reading("lat-95", 95, 0, latitudeDelta: at10, longitudeDelta: at10, c, refusal: "invalid-span"),
            reading("lon-delta-0", 0, 0, latitudeDelta: at10, longitudeDelta: 0, c, refusal: "invalid-span"),
            reading("lon-delta-nan", 0, 0, latitudeDelta: at10, longitudeDelta: .nan, c, refusal: "invalid-span"),
            reading("lon-delta-400", 0, 0, latitudeDelta: at10, longitudeDelta: 400, c, refusal: "invalid-span"),
            reading("lat-delta-inf", 0, 0, latitudeDelta: .infinity, longitudeDelta: at10, c, refusal: "invalid-span"),
            reading(
                "width-0", 0, 0, latitudeDelta: at10, longitudeDelta: at10, c, view: view(0, 460),
                refusal: "invalid-viewport"),
            reading(
                "scale-nan", 0, 0, latitudeDelta: at10, longitudeDelta: at10, c, view: view(320, 460, .nan),
                refusal: "invalid-viewport"),
            reading(
                "height--1", 0, 0, latitudeDelta: at10, longitudeDelta: at10, c, view: view(320, -1),
                refusal: "invalid-viewport"),
            reading(
                "order-view-first", 0, 0, latitudeDelta: at10, longitudeDelta: .nan, c, view: view(0, 460),
                refusal: "invalid-viewport"),
        ]
        return requests
    }

    static func fit(_ name: String, _ points: [(Double, Double)], refusal: String? = nil) -> ProbeRequest {
        let coordinates = points.map { Coordinate(latitude: $0.0, longitude: $0.1) }
        let text = points.isEmpty ? "no points" : points.map { "(\(n($0.0)), \(n($0.1)))" }.joined(separator: " ")
        return ProbeRequest(name: "fit.\(name)", op: .fit, convention: nil, fields: text, refusal: refusal) {
            implementation throws(ProjectionError) in
            let answer = try implementation.fitAnswer(coordinates)
            return .region(
                latitude: answer.region.center.latitude, longitude: answer.region.center.longitude,
                latitudeDelta: answer.region.span.latitudeDelta, longitudeDelta: answer.region.span.longitudeDelta,
                valid: answer.reportedValid)
        }
    }

    static func fits() -> [ProbeRequest] {
        [
            fit("one-point", [(10, 20)]), fit("coincident", [(10, 20), (10, 20)]), fit("wide-box", [(0, 0), (10, 20)]),
            fit("tall-box", [(0, 0), (20, 10)]), fit("high-latitude", [(60, 0), (80, 10)]),
            fit("across-antimeridian", [(10, 179), (20, -179)]), fit("both-180s", [(0, -180), (0, 180)]),
            fit("pole", [(90, 0), (80, 10)]), fit("empty", [], refusal: "empty-input"),
            fit("lat-nan", [(.nan, 0)], refusal: "invalid-latitude"),
            fit("lon-inf", [(0, .infinity)], refusal: "invalid-longitude"),
            fit("lat-91", [(91, 0)], refusal: "invalid-latitude"),
            fit("lon--181", [(0, -181)], refusal: "invalid-longitude"),
            fit("order-lat-first", [(0, 0), (.nan, .nan)], refusal: "invalid-latitude"),
            fit("order-first-point-first", [(0, 200), (100, 0)], refusal: "invalid-longitude"),
        ]
    }
}

/// The answers of one program to the designed set, in its order.
package struct ProbeAnswers: Sendable {
    package let requests: [ProbeRequest]
    package let answers: [ProbeAnswer]

    /// Asks every request of `implementation`, one at a time, in order.
    package init(asking implementation: any ZoomImplementation, requests: [ProbeRequest] = ProbeRequests.all) {
        self.requests = requests
        answers = requests.map { $0.answer(from: implementation) }
    }

    /// The answer to the request called `name` (nil: no such request).
    package subscript(_ name: String) -> ProbeAnswer? { requests.firstIndex { $0.name == name }.map { answers[$0] } }
}
