import Foundation
import MercatorCore

/// The operations themselves: each through `ZoomImplementation` or the public MercatorCore API.
extension CorpusEvaluator {
    /// Observed outputs of the case's operation, by output name.
    static func observe(_ c: CorpusCase, implementation: (any ZoomImplementation)?) throws(ProjectionError) -> [String:
        CorpusValue]
    {
        let inputs = Inputs(c)
        if c.operation.usesAPI { return try observeAPI(c.operation, inputs) }
        guard let impl = implementation else {
            throw .unsupported("op \(c.operation.rawValue) needs an implementation, not api")
        }
        switch c.operation {
        case .project:
            let p = try impl.project(
                inputs.coordinate("coordinate"), zoom: inputs.number("zoom"),
                convention: inputs.convention("convention"))
            return ["x": .number(p.x), "y": .number(p.y)]
        case .unproject:
            let pair = inputs.numbers("pixel")
            let pixel = PixelPoint(
                x: pair[0], y: pair[1], zoom: inputs.number("zoom"), convention: inputs.convention("convention"))
            let coordinate = try impl.unproject(pixel)
            return ["latitude": .number(coordinate.latitude), "longitude": .number(coordinate.longitude)]
        case .region:
            return regionValues(
                try impl.region(
                    centeredAt: inputs.coordinate("center"), zoom: inputs.number("zoom"), viewport: inputs.viewport(),
                    convention: inputs.convention("convention")))
        case .corners: return try corners(impl, inputs)
        case .zoom:
            let reading = try impl.zoom(
                of: inputs.spanRegion(), viewport: inputs.viewport(), convention: inputs.convention("convention"))
            return ["zoom": .number(reading.zoom), "level": .number(Double(reading.level))]
        case .zoomRoundTrip:
            let convention = inputs.convention("convention")
            let region = try impl.region(
                centeredAt: inputs.coordinate("center"), zoom: inputs.number("zoom"), viewport: inputs.viewport(),
                convention: convention)
            let reading = try impl.zoom(of: region, viewport: inputs.viewport(), convention: convention)
            return ["zoom": .number(reading.zoom), "level": .number(Double(reading.level))]
        case .zoomStep:
            let convention = inputs.convention("convention")
            let from = try impl.region(
                centeredAt: inputs.coordinate("center"), zoom: inputs.number("from"), viewport: inputs.viewport(),
                convention: convention)
            let to = try impl.region(
                centeredAt: inputs.coordinate("center"), zoom: inputs.number("to"), viewport: inputs.viewport(),
                convention: convention)
            return [
                "longitudeRatio": .number(to.span.longitudeDelta / from.span.longitudeDelta),
                "latitudeRatio": .number(to.span.latitudeDelta / from.span.latitudeDelta),
                "areaRatio": .number(
                    (to.span.latitudeDelta * to.span.longitudeDelta)
                        / (from.span.latitudeDelta * from.span.longitudeDelta)),
            ]
        case .spanScale:
            let convention = inputs.convention("convention")
            let region = inputs.spanRegion()
            var scaled = region
            let factor = inputs.number("factor")
            scaled.span.latitudeDelta *= factor
            scaled.span.longitudeDelta *= factor
            let before = try impl.zoom(of: region, viewport: inputs.viewport(), convention: convention)
            let after = try impl.zoom(of: scaled, viewport: inputs.viewport(), convention: convention)
            return [
                "zoomChange": .number(after.zoom - before.zoom),
                "levelChange": .number(Double(after.level - before.level)),
            ]
        case .fit:
            let points = inputs.all("point").map { Coordinate(latitude: $0[0], longitude: $0[1]) }
            let region = try impl.fit(points)
            var values = regionValues(region)
            values["containsAll"] = .flag(points.allSatisfy { region.contains($0) })
            return values
        case .constant, .worldWidth, .equivalentZoom, .mapPoint, .groundLength:
            return try observeAPI(c.operation, inputs)
        }
    }

    static func observeAPI(_ operation: Operation, _ inputs: Inputs) throws(ProjectionError) -> [String: CorpusValue] {
        switch operation {
        case .constant:
            let values: [String: Double] = [
                "mercatorOffset": SeedPort.mercatorOffset, "mercatorRadius": SeedPort.mercatorRadius,
                "minimumZoomArc": SeedPort.minimumZoomArc,
                "annotationRegionPadFactor": SeedPort.annotationRegionPadFactor,
                "maxDegreesArc": SeedPort.maxDegreesArc, "maxGoogleLevels": SeedPort.maxGoogleLevels,
                "zoomLevelClamp": Double(SeedPort.zoomLevelClamp), "pixelSpaceZoom": SeedPort.pixelSpaceZoom,
                "mapKitWorldWidth": MapKitGeometry.worldWidth, "latitudeLimit": MercatorMath.latitudeLimit,
            ]
            guard let value = values[inputs.word("name")] else {
                throw .unsupported("no constant \(inputs.word("name"))")
            }
            return ["value": .number(value)]
        case .worldWidth:
            let convention = inputs.convention("convention")
            let zoom = inputs.number("zoom")
            let width = convention.worldWidth(atZoom: zoom)
            let previous = convention.worldWidth(atZoom: zoom - 1)
            return [
                "width": .number(width), "halfWidth": .number(width / 2),
                "tiles": .number((width / 256) * (width / 256)),
                "areaRatio": .number((width * width) / (previous * previous)),
            ]
        case .equivalentZoom:
            let target = inputs.convention("target")
            let zoom = inputs.convention("convention").equivalentZoom(inputs.number("zoom"), in: target)
            let width = target.worldWidth(atZoom: zoom)
            return ["zoom": .number(zoom), "width": .number(width), "tiles": .number((width / 256) * (width / 256))]
        case .mapPoint:
            let point = MapKitGeometry.mapPoint(for: inputs.coordinate("coordinate"))
            return ["x": .number(point.x), "y": .number(point.y)]
        case .groundLength:
            // MKMetersPerMapPointAtLatitude on a sphere of `radius`: 2πR cos φ / MKMapSizeWorld.width.
            let latitude = inputs.number("latitude"), degrees = inputs.number("degrees")
            let metresPerMapPoint =
                2 * Double.pi * inputs.number("radius") * PortableMath.cosine(degrees: latitude)
                / MapKitGeometry.worldWidth
            let mapPoints: Double
            if inputs.word("axis") == "latitude" {
                let south = MapKitGeometry.mapPoint(for: Coordinate(latitude: latitude - degrees / 2, longitude: 0))
                let north = MapKitGeometry.mapPoint(for: Coordinate(latitude: latitude + degrees / 2, longitude: 0))
                mapPoints = south.y - north.y
            } else {
                let west = MapKitGeometry.mapPoint(for: Coordinate(latitude: latitude, longitude: -degrees / 2))
                let east = MapKitGeometry.mapPoint(for: Coordinate(latitude: latitude, longitude: degrees / 2))
                mapPoints = east.x - west.x
            }
            let metres = mapPoints * metresPerMapPoint
            return ["kilometres": .number(metres / 1000), "miles": .number(metres / 1609.344)]
        default: throw .unsupported("op \(operation.rawValue) runs through an implementation")
        }
    }

    /// Corners of the viewport through `project` and `unproject` in the case's pixel space
    /// (`pixels-at`, default the zoom's own): centre − scaled/2 and that + scaled, as the
    /// documents' code computes them.
    static func corners(_ impl: any ZoomImplementation, _ inputs: Inputs) throws(ProjectionError) -> [String:
        CorpusValue]
    {
        let convention = inputs.convention("convention")
        let zoom = inputs.number("zoom")
        let pixelZoom = inputs.optional("pixels-at")?.first?.number ?? zoom
        let pixelConvention =
            inputs.optional("pixels-at").flatMap { $0.last?.word }.flatMap(ZoomConvention.init(rawValue:)) ?? convention
        let scale = pixelConvention.worldWidth(atZoom: pixelZoom) / convention.worldWidth(atZoom: zoom)
        let viewport = inputs.viewport()
        let width = viewport.widthInPoints * scale, height = viewport.heightInPoints * scale
        let center = try impl.project(inputs.coordinate("center"), zoom: pixelZoom, convention: pixelConvention)
        let left = center.x - width / 2, top = center.y - height / 2
        let northWest = try impl.unproject(PixelPoint(x: left, y: top, zoom: pixelZoom, convention: pixelConvention))
        let southEast = try impl.unproject(
            PixelPoint(x: left + width, y: top + height, zoom: pixelZoom, convention: pixelConvention))
        return [
            "north": .number(northWest.latitude), "south": .number(southEast.latitude),
            "west": .number(northWest.longitude), "east": .number(southEast.longitude),
            "latitudeDelta": .number(-1 * (southEast.latitude - northWest.latitude)),
            "longitudeDelta": .number(southEast.longitude - northWest.longitude),
        ]
    }

    static func regionValues(_ region: Region) -> [String: CorpusValue] {
        [
            "latitudeDelta": .number(region.span.latitudeDelta), "longitudeDelta": .number(region.span.longitudeDelta),
            "centerLatitude": .number(region.center.latitude), "centerLongitude": .number(region.center.longitude),
            "valid": .flag(region.isValid), "violations": .names(region.violations.map { "\($0)" }),
        ]
    }

}

/// Typed access to a parsed case's inputs (the parser has checked their presence and types).
struct Inputs {
    let corpusCase: CorpusCase

    init(_ corpusCase: CorpusCase) { self.corpusCase = corpusCase }

    func optional(_ key: String) -> [CorpusArgument]? { corpusCase.arguments(key) }
    func numbers(_ key: String) -> [Double] { (optional(key) ?? []).map { $0.number ?? .nan } + [.nan, .nan, .nan] }
    func number(_ key: String) -> Double { numbers(key)[0] }
    func word(_ key: String) -> String { optional(key)?.first?.word ?? "" }
    func convention(_ key: String) -> ZoomConvention { ZoomConvention(rawValue: word(key)) ?? .seed512 }
    func coordinate(_ key: String) -> Coordinate {
        let pair = numbers(key)
        return Coordinate(latitude: pair[0], longitude: pair[1])
    }
    func all(_ key: String) -> [[Double]] {
        corpusCase.inputs.filter { $0.key == key }.map { $0.arguments.map { $0.number ?? .nan } }
    }
    func viewport() -> Viewport {
        let values = optional("viewport") ?? []
        let numbers = values.map { $0.number ?? .nan }
        return Viewport(
            widthInPoints: numbers.first ?? .nan, heightInPoints: numbers.count > 1 ? numbers[1] : .nan,
            pixelsPerPoint: numbers.count > 2 ? numbers[2] : 1)
    }
    func spanRegion() -> Region {
        let span = numbers("span")
        return Region(center: coordinate("center"), span: Span(latitudeDelta: span[0], longitudeDelta: span[1]))
    }
}
