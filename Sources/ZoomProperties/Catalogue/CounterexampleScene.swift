import Foundation
import MercatorCore
import PropertyCheck

/// The request a failure's minimal case makes, for a picture of it (`check --html`'s
/// counterexample map): a fit of points, a view's span, or a position (a projection, an
/// unprojection, a round trip). Nil for a property whose case is none of these.
package enum CounterexampleRequest: Sendable, Hashable {
    /// A fit of these points (as the check asks it: `fit-takes-the-short-way` sets them at one
    /// latitude).
    case fit([Coordinate])
    /// The region a view shows centred at a coordinate at a zoom.
    case span(SpanInput)
    /// A coordinate projected.
    case project(Coordinate, PixelSpace)
    /// A pixel unprojected.
    case unproject(x: Double, y: Double, PixelSpace)
    /// A coordinate projected, and the pixel unprojected again.
    case coordinateRoundTrip(Coordinate, PixelSpace)
    /// A pixel unprojected, and the coordinate projected again.
    case pixelRoundTrip(x: Double, y: Double, PixelSpace)

    /// The request a property's case makes when its value says it: points fitted (a fit
    /// property's), a span input (a span property's), a projection or unprojection input,
    /// a coordinate fitted, projected or sent there and back as the property's operations
    /// say; nil for any other value, and for a position that has no place on the map (a
    /// coordinate off the sphere or at a pole, a pixel that is not finite: bad input, whose
    /// refusal a picture would not show).
    static func inferred(
        from value: Any, operations: Set<Capabilities.Operation>, implementation: any ZoomImplementation
    ) -> CounterexampleRequest? {
        switch value {
        case let points as [Coordinate]: return operations.contains(.fit) && !points.isEmpty ? .fit(points) : nil
        case let input as BadFitInput: return .fit(input.points)
        case let input as SpanInput: return operations.contains(.span) ? .span(input) : nil
        case let input as ProjectInput: return placed(.project(input.coordinate, input.space))
        case let input as UnprojectInput: return placed(.unproject(x: input.x, y: input.y, input.space))
        case let input as ReferenceProperties.GridInput:
            switch input {
            case .project(let input): return placed(.project(input.coordinate, input.space))
            case .unproject(let input): return placed(.unproject(x: input.x, y: input.y, input.space))
            case .span(let input): return .span(input)
            }
        case let coordinate as Coordinate:
            if operations == [.fit] { return .fit([coordinate]) }
            let space = seedSpace(implementation)
            if operations == [.project] { return placed(.project(coordinate, space)) }
            if operations == [.project, .unproject] { return placed(.coordinateRoundTrip(coordinate, space)) }
            return nil
        default: return nil
        }
    }

    /// `request` when its position has a place on the map, else nil.
    static func placed(_ request: CounterexampleRequest) -> CounterexampleRequest? {
        func onSphere(_ coordinate: Coordinate) -> Bool {
            coordinate.latitude.isFinite && coordinate.longitude.isFinite && abs(coordinate.latitude) < 90
                && abs(coordinate.longitude) <= 180
        }
        switch request {
        case .project(let coordinate, _), .coordinateRoundTrip(let coordinate, _):
            return onSphere(coordinate) ? request : nil
        case .unproject(let x, let y, _), .pixelRoundTrip(let x, let y, _):
            return x.isFinite && y.isFinite ? request : nil
        case .fit, .span: return request
        }
    }

    /// The 2^29-px world the projection properties use for `implementation`.
    static func seedSpace(_ implementation: any ZoomImplementation) -> PixelSpace {
        let space = CheckSupport.pixelSpace(implementation)
        return PixelSpace(zoom: space.zoom, convention: space.convention)
    }
}

/// What a picture of a minimal case shows: the request, the program's answer and a correct
/// one, asked afresh (one request of the program, two for a round trip; the same answers as
/// the run got from a deterministic program).
package struct CounterexampleScene: Sendable {
    /// An answer, or why there is none (the error or refusal, in words).
    package enum Answer<Value: Sendable>: Sendable {
        case value(Value)
        case none(String)

        package var value: Value? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    /// A position in the pixels of a space.
    package struct Position: Sendable, Hashable {
        package var x: Double
        package var y: Double
    }

    /// Regions on the world: a fit's or a view's.
    package struct Regions: Sendable {
        /// The points fitted, or the view's centre.
        package var points: [Coordinate]
        /// Whether the points are a fit's (else the one point is a view's centre).
        package var isFit: Bool
        /// The region the program answered.
        package var returned: Answer<Region>
        /// How the program's regions are read (its `regionReading`).
        package var reading: RegionReading
        /// The corrected core's region for the same request, read as MapKit reads it.
        package var expected: Answer<Region>
        /// What the expected region is, in words.
        package var expectedSource: String
    }

    /// A position: where a coordinate or pixel belongs and where the program put it.
    package struct Positions: Sendable {
        package var space: PixelSpace
        /// The coordinate the position is of (nil when the reference gives none, a row far
        /// outside the world).
        package var coordinate: Coordinate?
        /// Where it belongs, by the protocol's definition (`ReferenceProperties.referencePixel`).
        package var expected: Position
        /// Where the program put it, in the same pixels.
        package var returned: Answer<Position>
        /// How the program's position was found, in words.
        package var route: String
    }

    package enum Drawing: Sendable {
        case regions(Regions)
        case positions(Positions)
    }

    package let request: CounterexampleRequest
    package let drawing: Drawing
    /// Requests asked of the program for the picture.
    package let requests: Int

    /// The request in words.
    package var words: String {
        switch request {
        case .fit(let points):
            "fit of \(points.count) point\(points.count == 1 ? "" : "s"): "
                + points.map(\.description).joined(separator: ", ")
        case .span(let input): "span of the view: \(input)"
        case .project(let coordinate, let space): "project \(coordinate) at \(space)"
        case .unproject(let x, let y, let space):
            "unproject (x \(NumberText.shortest(x)), y \(NumberText.shortest(y))) at \(space)"
        case .coordinateRoundTrip(let coordinate, let space): "project \(coordinate) at \(space), then unproject"
        case .pixelRoundTrip(let x, let y, let space):
            "unproject (x \(NumberText.shortest(x)), y \(NumberText.shortest(y))) at \(space), then project"
        }
    }

    /// Asks `implementation` what `request` asks, and the reference what it should answer.
    package static func ask(_ implementation: any ZoomImplementation, _ request: CounterexampleRequest)
        -> CounterexampleScene
    {
        switch request {
        case .fit(let points):
            let padding = implementation.capabilities.fitPadding ?? .documents
            let core = WebMercator(fitOptions: .init(padFactor: padding.factor, minimumDelta: padding.minimumDelta))
            return CounterexampleScene(
                request: request,
                drawing: .regions(
                    Regions(
                        points: points, isFit: true, returned: answer { try implementation.fit(points) },
                        reading: implementation.capabilities.regionReading, expected: answer { try core.fit(points) },
                        expectedSource: "the corrected core's fit (padded \(padding), free aspect)")), requests: 1)
        case .span(let input):
            func region(_ subject: any ZoomImplementation) -> Answer<Region> {
                answer {
                    try subject.region(
                        centeredAt: input.center, zoom: input.zoom, viewport: input.viewport,
                        convention: input.convention)
                }
            }
            return CounterexampleScene(
                request: request,
                drawing: .regions(
                    Regions(
                        points: [input.center], isFit: false, returned: region(implementation),
                        reading: implementation.capabilities.regionReading,
                        expected: region(BuiltInImplementations.corrected), expectedSource: "the corrected core's span")
                ), requests: 1)
        case .project(let coordinate, let space):
            let returned: Answer<Position> = answer {
                try implementation.project(coordinate, zoom: space.zoom, convention: space.convention)
            }.map { Position(x: $0.x, y: $0.y) }
            return positions(request, space, coordinate, reference(coordinate, space), returned, "its project", 1)
        case .unproject(let x, let y, let space):
            let returned = answer {
                try implementation.unproject(PixelPoint(x: x, y: y, zoom: space.zoom, convention: space.convention))
            }.flatMap { onMap($0, space) }
            let latitude = SpanReference.latitude(y: y, world: space.world)
            let coordinate = Coordinate(latitude: latitude, longitude: 360 * x / space.world - 180)
            return positions(
                request, space, coordinate, Position(x: x, y: y), returned, "its unproject, projected by the reference",
                1)
        case .coordinateRoundTrip(let coordinate, let space):
            let back = answer { try implementation.project(coordinate, zoom: space.zoom, convention: space.convention) }
                .flatMap { pixel in
                    answer {
                        try implementation.unproject(
                            PixelPoint(x: pixel.x, y: pixel.y, zoom: space.zoom, convention: space.convention))
                    }
                }
            return positions(
                request, space, coordinate, reference(coordinate, space), back.flatMap { onMap($0, space) },
                "its project then its unproject, the coordinate it gave back projected by the reference", 2)
        case .pixelRoundTrip(let x, let y, let space):
            let back: Answer<Position> = answer {
                try implementation.unproject(PixelPoint(x: x, y: y, zoom: space.zoom, convention: space.convention))
            }.flatMap { coordinate in
                answer { try implementation.project(coordinate, zoom: space.zoom, convention: space.convention) }
            }.map { Position(x: $0.x, y: $0.y) }
            let latitude = SpanReference.latitude(y: y, world: space.world)
            let coordinate = Coordinate(latitude: latitude, longitude: 360 * x / space.world - 180)
            return positions(
                request, space, coordinate, Position(x: x, y: y), back, "its unproject then its project", 2)
        }
    }

    static func positions(
        _ request: CounterexampleRequest, _ space: PixelSpace, _ coordinate: Coordinate?, _ expected: Position,
        _ returned: Answer<Position>, _ route: String, _ requests: Int
    ) -> CounterexampleScene {
        let coordinate = coordinate.flatMap { $0.latitude.isFinite && $0.longitude.isFinite ? $0 : nil }
        return CounterexampleScene(
            request: request,
            drawing: .positions(
                Positions(space: space, coordinate: coordinate, expected: expected, returned: returned, route: route)),
            requests: requests)
    }

    /// A coordinate's pixel by the protocol's definition.
    static func reference(_ coordinate: Coordinate, _ space: PixelSpace) -> Position {
        let pixel = ReferenceProperties.referencePixel(coordinate, in: space)
        return Position(x: pixel.x, y: pixel.y)
    }

    /// A coordinate the program answered, placed by the reference projection; none when it
    /// has no place (not finite, beyond a pole).
    static func onMap(_ coordinate: Coordinate, _ space: PixelSpace) -> Answer<Position> {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite, abs(coordinate.latitude) < 90 else {
            return .none("answered \(coordinate), which has no place on the map")
        }
        return .value(reference(coordinate, space))
    }

    /// The answer of `body`, or its error in words.
    static func answer<Value>(_ body: () throws -> Value) -> Answer<Value> {
        do { return .value(try body()) } catch let error as ProjectionError {
            return .none("refused: \(error.code): \(error.message)")
        } catch { return .none("failed: \(error)") }
    }
}

extension CounterexampleScene.Answer {
    func map<Other>(_ transform: (Value) -> Other) -> CounterexampleScene.Answer<Other> {
        switch self {
        case .value(let value): .value(transform(value))
        case .none(let reason): .none(reason)
        }
    }

    func flatMap<Other>(_ transform: (Value) -> CounterexampleScene.Answer<Other>) -> CounterexampleScene.Answer<Other>
    {
        switch self {
        case .value(let value): transform(value)
        case .none(let reason): .none(reason)
        }
    }
}

extension CatalogueProperty {
    /// The picture of the failure whose minimal case `choices` rebuild, asked of
    /// `implementation` (see ``CounterexampleScene/ask(_:_:)``); nil when the case is not a fit,
    /// a span or a position, or the choices rebuild no case.
    package func scene(_ implementation: any ZoomImplementation, choices: ChoiceSequence) -> CounterexampleScene? {
        picturing(implementation, choices).map { CounterexampleScene.ask(implementation, $0) }
    }
}
