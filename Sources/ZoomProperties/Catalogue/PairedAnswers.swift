import Foundation
import MercatorCore

/// One request a check made of an implementation, as `zoomcheck diff` compares two
/// implementations' answers to it.
enum AnswerRequest: Hashable, Sendable {
    case project(Coordinate, zoom: Double, ZoomConvention)
    case unproject(PixelPoint)
    case span(Coordinate, zoom: Double, Viewport, ZoomConvention)
    case zoom(Region, Viewport, ZoomConvention)
    case fit([Coordinate])

    var operation: String {
        switch self {
        case .project: "project"
        case .unproject: "unproject"
        case .span: "span"
        case .zoom: "zoom"
        case .fit: "fit"
        }
    }
}

/// An answer to an ``AnswerRequest``.
enum RecordedAnswer: Sendable {
    case pixel(PixelPoint)
    case coordinate(Coordinate)
    case region(Region)
    case reading(ZoomReading)
    case refused(ProjectionError)
}

/// The requests of one case and their answers, in the order the check asked them (the first
/// answer to a request asked twice).
final class AnswerLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(request: AnswerRequest, answer: RecordedAnswer)] = []

    func record(_ request: AnswerRequest, _ answer: RecordedAnswer) {
        lock.lock()
        if !entries.contains(where: { $0.request == request }) { entries.append((request, answer)) }
        lock.unlock()
    }

    var answers: [(request: AnswerRequest, answer: RecordedAnswer)] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func answer(to request: AnswerRequest) -> RecordedAnswer? { answers.first { $0.request == request }?.answer }
}

/// An implementation whose answers are written to a log, for comparing them with another's.
struct RecordingImplementation: ZoomImplementation {
    let base: any ZoomImplementation
    let log: AnswerLog

    var name: String { base.name }
    var capabilities: Capabilities { base.capabilities }

    private func recorded<T>(
        _ request: AnswerRequest, _ answer: (T) -> RecordedAnswer, _ body: () throws(ProjectionError) -> T
    ) throws(ProjectionError) -> T {
        do {
            let value = try body()
            log.record(request, answer(value))
            return value
        } catch {
            log.record(request, .refused(error))
            throw error
        }
    }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try recorded(.project(coordinate, zoom: zoom, convention), RecordedAnswer.pixel) { () throws(ProjectionError) in
            try base.project(coordinate, zoom: zoom, convention: convention)
        }
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try recorded(.unproject(pixel), RecordedAnswer.coordinate) { () throws(ProjectionError) in
            try base.unproject(pixel)
        }
    }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try recorded(.span(center, zoom: zoom, viewport, convention), RecordedAnswer.region) {
            () throws(ProjectionError) in
            try base.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> RegionAnswer
    {
        try recorded(.span(center, zoom: zoom, viewport, convention), { .region($0.region) }) {
            () throws(ProjectionError) in
            try base.regionAnswer(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        try recorded(.zoom(region, viewport, convention), RecordedAnswer.reading) { () throws(ProjectionError) in
            try base.zoom(of: region, viewport: viewport, convention: convention)
        }
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try recorded(.fit(points), RecordedAnswer.region) { () throws(ProjectionError) in try base.fit(points) }
    }

    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        try recorded(.fit(points), { .region($0.region) }) { () throws(ProjectionError) in try base.fitAnswer(points) }
    }
}

/// How far apart two correct answers to one request may be: the sum of the budgets the
/// catalogue allows each answer against the reference (`MapPixel`'s whole pixel at the zoom
/// plus `ErrorBudget`'s roundings, as the reference properties bound them). Two answers
/// further apart than that cannot both be within their budget of the reference: at least one
/// of them is wrong.
///
/// Compared where the catalogue's bound is a distance: a projected position (x on the circle,
/// y inside the Mercator band), an unprojected coordinate inside the world, a span's
/// longitudeDelta, a zoom read back. Not compared, because the protocol leaves them free: a
/// refusal beside a value (bad input may be refused or answered, past the band a program may
/// extend, clamp or refuse), an answer that is not finite, the rows past the band, a span's
/// latitudeDelta (the pole limit and the clipping make its bound an interval, judged by the
/// verdicts), the zoom level (the fitting-level conventions) and a fit (its padding and level
/// conventions let two correct fits differ by far more than a pixel: judged by the verdicts).
enum PairBudget {
    /// What differs between `first`'s and `second`'s answers to the same request, beyond
    /// what two correct answers may differ by, or nil. Refusals differ when both refused
    /// with different codes and both declare the protocol's error codes (`badInput`
    /// error-codes), under which the protocol fixes the code.
    static func difference(
        _ request: AnswerRequest, _ first: RecordedAnswer, _ second: RecordedAnswer, exactCodes: Bool
    ) -> String? {
        switch (request, first, second) {
        case (_, .refused(let one), .refused(let other)):
            let free = ["unsupported", ProjectionError.implementationFailure("").code]
            guard exactCodes, one.code != other.code, !free.contains(one.code), !free.contains(other.code) else {
                return nil
            }
            return "refused with \(one.code) and with \(other.code)"
        case (.project(let coordinate, let zoom, let convention), .pixel(let one), .pixel(let other)):
            let world = convention.worldWidth(atZoom: zoom)
            let x = positionBudget(world: world)
            if let text = apart("x", one.x, other.x, x, unit: "px", circle: world) { return text }
            guard abs(coordinate.latitude) <= MercatorMath.latitudeLimit else { return nil }
            let y =
                2 * (MapPixel.pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: coordinate.latitude))
            return apart("y", one.y, other.y, y, unit: "px")
        case (.unproject(let pixel), .coordinate(let one), .coordinate(let other)):
            let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
            guard pixel.y >= 0, pixel.y <= world else { return nil }
            let longitude = positionBudget(world: world) * 360 / world + 2 * ErrorBudget.coordinateDegrees
            if let text = apart("longitude", one.longitude, other.longitude, longitude, unit: "°", circle: 360) {
                return text
            }
            let latitude = SpanReference.latitude(y: pixel.y, world: world)
            let cosine = ErrorBudget.cosine(ofLatitude: latitude)
            let inverse =
                ErrorBudget.relative / Swift.max(cosine, .leastNormalMagnitude) * MercatorMath.degreesPerRadian
            let allowance =
                (MapPixel.pixels + ErrorBudget.positionPixels(worldWidth: world)) * 360 * cosine / world + inverse
                + ErrorBudget.coordinateDegrees
            return apart("latitude", one.latitude, other.latitude, 2 * allowance, unit: "°")
        case (.span(_, let zoom, let viewport, let convention), .region(let one), .region(let other)):
            let world = convention.worldWidth(atZoom: zoom)
            let reference = Swift.min(360, 360 * viewport.widthInPoints / world)
            let bound = ErrorBudget.spanDegrees(reference) + 2 * MapPixel.longitudeDegrees(worldWidth: world)
            return apart("longitudeDelta", one.span.longitudeDelta, other.span.longitudeDelta, 2 * bound, unit: "°")
        case (.zoom(let region, let viewport, _), .reading(let one), .reading(let other)):
            let bound = ErrorBudget.zoomReading(
                longitudeDelta: region.span.longitudeDelta, widthInPoints: viewport.widthInPoints, zoom: one.zoom)
            return apart("zoom", one.zoom, other.zoom, 2 * bound, unit: " levels")
        default: return nil
        }
    }

    /// Twice a position's budget in pixels: a whole pixel at the zoom plus the roundings.
    static func positionBudget(world: Double) -> Double {
        2 * (MapPixel.pixels + ErrorBudget.positionPixels(worldWidth: world))
    }

    /// "x 3 px apart, more than the 2 px two correct answers may differ by", or nil when the
    /// two finite values are within `bound` (on a circle of `circle` when given); nil too when
    /// either is not finite.
    static func apart(
        _ what: String, _ one: Double, _ other: Double, _ bound: Double, unit: String, circle: Double? = nil
    ) -> String? {
        guard one.isFinite, other.isFinite, bound.isFinite else { return nil }
        var distance = abs(one - other)
        if let circle {
            let around = distance.truncatingRemainder(dividingBy: circle)
            distance = Swift.min(around, circle - around)
        }
        guard distance > bound else { return nil }
        return """
            \(what) \(NumberText.shortest(one)) and \(NumberText.shortest(other)): \
            \(CheckSupport.short(distance))\(unit) apart, more than the \(CheckSupport.short(bound))\(unit) two \
            correct answers may differ by
            """
    }

    /// The first request both logs answered and whose answers differ (see ``difference``).
    static func firstDifference(_ first: AnswerLog, _ second: AnswerLog, exactCodes: Bool) -> (
        request: AnswerRequest, text: String
    )? {
        for (request, answer) in first.answers {
            guard let other = second.answer(to: request),
                let text = difference(request, answer, other, exactCodes: exactCodes)
            else { continue }
            return (request, text)
        }
        return nil
    }
}
