import MercatorCore
import PropertyCheck

/// The accuracy a program promises below what a map shows (family 12): its positions on the
/// grid it declares (`pixelGrid`).
extension ReferenceProperties {
    /// One answer the grid covers: a projection, an unprojection or a span.
    enum GridInput: Sendable, Hashable, CustomStringConvertible {
        case project(ProjectInput)
        case unproject(UnprojectInput)
        case span(SpanInput)

        var description: String {
            switch self {
            case .project(let input): "project \(input)"
            case .unproject(let input): "unproject \(input)"
            case .span(let input): "span \(input)"
            }
        }
    }

    /// The grid a program is measured against: the one it declares, or, when it states none,
    /// ZoomCheck's own accuracy (`none`), so that what it does below a map's pixel is reported.
    static func measuredGrid(_ implementation: any ZoomImplementation) -> Capabilities.PixelGrid {
        implementation.capabilities.pixelGrid ?? Capabilities.PixelGrid.none
    }

    static let declaredGrid = CatalogueProperty.define(
        "positions-keep-the-declared-grid", .reference, .convention, operations: [.project],
        statement: """
            Every position project, unproject and span give lies on the grid the program declares in `pixelGrid`, \
            finer than what a map shows: within a pixel of a fixed world 2^K pixels wide (`2^29`: the documents'; \
            `2^28`: MapKit's map points), or, with `none`, within ZoomCheck's error budget of the exact value. A \
            program that states no grid is measured against `none`, and a difference is reported, not gated.
            """,
        bound: """
            as project-, unproject- and span-matches-the-reference, with the declared grid's pixel (W / 2^K px at \
            the zoom; none for `none`) in place of a whole pixel at the zoom
            """,
        appliesTo: { implementation in
            implementation.capabilities.pixelGrid == .requestZoom
                ? "the implementation promises nothing finer than whole pixels at the request's zoom" : nil
        },
        // The projection branch's longitudes, a third of the draws at least (a program that has
        // only project draws nothing else); its zooms' shares are too small a third of the time
        // to be proven at 10,000 cases.
        strata: { _ in Strata.Design.longitudes.map { $0.scaled(1.0 / 3) } },
        describe: { (input: GridInput) in input.description },
        generator: { implementation in
            let operations = implementation.capabilities.operations
            var branches: [(weight: Int, generator: Gen<GridInput>)] = [
                (weight: 1, generator: projectInputs(implementation).map(GridInput.project))
            ]
            if operations.contains(.unproject) {
                branches.append((weight: 1, generator: unprojectInputs(implementation).map(GridInput.unproject)))
            }
            if operations.contains(.span) {
                branches.append(
                    (weight: 1, generator: SpanInput.fractionalZooms(for: implementation).map(GridInput.span)))
            }
            return Gen.frequency(branches)
        }
    ) { implementation, input, context in
        let grid = measuredGrid(implementation)
        switch input {
        case .project(let input):
            try assume(abs(input.coordinate.latitude) < 90, "the poles project to infinity")
            let pixel = try CheckSupport.projectOrDiscard(
                input.coordinate, policy: implementation.capabilities.badInput
            ) {
                try implementation.project(input.coordinate, zoom: input.space.zoom, convention: input.space.convention)
            }
            try requireProjected(pixel, of: input, pixels: grid.pixels(worldWidth: input.space.world), in: context)
        case .unproject(let input):
            let answer = CheckSupport.outcome {
                try implementation.unproject(
                    PixelPoint(x: input.x, y: input.y, zoom: input.space.zoom, convention: input.space.convention))
            }
            try requireUnprojected(
                answer, of: input, pixels: grid.pixels(worldWidth: input.space.world),
                policy: implementation.capabilities.badInput, in: context)
        case .span(let input):
            let region = try ZoomFamilyProperties.region(implementation, input)
            try requireSpan(region, of: input, pixels: grid.pixels(worldWidth: SpanReference(input).world), in: context)
        }
    }
}
