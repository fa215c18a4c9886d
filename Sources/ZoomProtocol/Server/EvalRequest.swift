import MercatorCore

/// One request of the JSON-lines protocol, checked and typed.
struct EvalRequest {
    /// The implementation named by `impl` (default `corrected`).
    var implementation: any ZoomImplementation
    /// The operation and its arguments.
    var operation: EvalOperation
}

/// An operation of PROTOCOL.md with its arguments.
enum EvalOperation {
    case project(Coordinate, zoom: Double, convention: ZoomConvention)
    case unproject(PixelPoint)
    case span(center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
    case zoom(Region, viewport: Viewport, convention: ZoomConvention)
    /// The points, and the view the region is for when the request names one.
    case fit([Coordinate], viewport: Viewport?)
    /// Protocol version 2: what the implementation supports and which conventions it keeps.
    case describe
}

extension EvalRequest {
    /// The default zoom of `project` and `unproject` (PROTOCOL.md).
    static let defaultPixelZoom: Double = 20
    /// The default convention of every op that takes one (PROTOCOL.md).
    static let defaultConvention = ZoomConvention.seed512
    /// The default `scale` (pixels per point) of the `span` and `zoom` viewports (an
    /// extension of PROTOCOL.md).
    static let defaultScale: Double = 1

    /// The ops, by name.
    private static let operationNames: [(name: [UInt8], value: String)] = [
        "project", "unproject", "span", "zoom", "fit", "describe",
    ].map { (Array($0.utf8), $0) }
    /// The shipped implementations, by name (`corrected`, `seed`, `seed-21`, `seed-mappoint`).
    private static let implementations: [(name: [UInt8], value: any ZoomImplementation)] = BuiltInImplementations.all
        .map { (Array($0.name.utf8), $0) }
    /// The conventions, by name.
    private static let conventions: [(name: [UInt8], value: ZoomConvention)] = ZoomConvention.allCases.map {
        (Array($0.rawValue.utf8), $0)
    }

    /// Reads a request from the members of a request object.
    ///
    /// Checks run in a fixed order, and the first problem is reported: a duplicate member,
    /// then `op`, `impl`, then the op's fields in PROTOCOL.md's table order. Fields the op
    /// does not use are ignored whatever they hold.
    ///
    /// - Throws: `invalid-request` naming the field (and the value, for unknown names).
    init(
        _ members: EvalMembers, in line: UnsafeBufferPointer<UInt8>,
        corrected: any ZoomImplementation = BuiltInImplementations.corrected
    ) throws(EvalFailure) {
        if let duplicate = members.duplicate { throw .duplicate(duplicate) }
        if let name = members.duplicateUnknown { throw .invalidRequest("duplicate field \(name)") }
        guard members[.op] != nil else { throw .missing(.op) }
        let op = try members.name(
            .op, in: line, among: Self.operationNames, listing: "project, unproject, span, zoom, fit or describe")
        implementation = try members.name(
            .impl, in: line, among: Self.implementations, listing: "corrected, seed, seed-21 or seed-mappoint",
            default: corrected)
        // `corrected` named explicitly is the session's corrected implementation too.
        if implementation is WebMercator { implementation = corrected }
        func convention() throws(EvalFailure) -> ZoomConvention {
            try members.name(
                .convention, in: line, among: Self.conventions, listing: "seed512 or tile256",
                default: Self.defaultConvention)
        }
        func viewport() throws(EvalFailure) -> Viewport {
            Viewport(
                widthInPoints: try members.number(.width, in: line),
                heightInPoints: try members.number(.height, in: line),
                pixelsPerPoint: try members.number(.scale, in: line, default: Self.defaultScale))
        }
        func center() throws(EvalFailure) -> Coordinate {
            Coordinate(latitude: try members.number(.lat, in: line), longitude: try members.number(.lon, in: line))
        }
        switch op {
        case "project":
            let coordinate = try center()
            let zoom = try members.number(.zoom, in: line, default: Self.defaultPixelZoom)
            operation = .project(coordinate, zoom: zoom, convention: try convention())
        case "unproject":
            let x = try members.number(.x, in: line), y = try members.number(.y, in: line)
            let zoom = try members.number(.zoom, in: line, default: Self.defaultPixelZoom)
            operation = .unproject(PixelPoint(x: x, y: y, zoom: zoom, convention: try convention()))
        case "span":
            let coordinate = try center()
            let zoom = try members.number(.zoom, in: line)
            let viewport = try viewport()
            operation = .span(center: coordinate, zoom: zoom, viewport: viewport, convention: try convention())
        case "zoom":
            let coordinate = try center()
            let span = Span(
                latitudeDelta: try members.number(.latitudeDelta, in: line),
                longitudeDelta: try members.number(.longitudeDelta, in: line))
            let viewport = try viewport()
            operation = .zoom(Region(center: coordinate, span: span), viewport: viewport, convention: try convention())
        case "describe": operation = .describe
        default:
            let points = try members.points(in: line)
            // The view is optional: both dimensions, or neither.
            let named = members[.width] != nil || members[.height] != nil
            operation = .fit(points, viewport: named ? try viewport() : nil)
        }
    }
}
