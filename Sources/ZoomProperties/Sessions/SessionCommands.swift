import MercatorCore
import PropertyCheck

/// The commands of a map-view session, each as Swift code over a ``MapViewSession`` `map`.
enum SessionCommands {
    typealias Command = StateMachineCommand<SessionModel, MapViewSession>

    /// Calls the implementation through the session: `unsupported` discards the case (the
    /// implementation cannot express it), any other error fails the step naming it.
    static func call<T>(_ what: String, _ body: () throws(ProjectionError) -> T) throws -> T {
        do { return try body() } catch {
            if error.code == "unsupported" { throw CaseDiscarded("unsupported: \(error.message)") }
            throw PropertyFailure("\(what) threw \(error)", signature: .answered(error))
        }
    }

    /// `try map.saveZoomLevel()`: reads and keeps the integer level.
    static let saveLevel = Command.command(
        "save level", code: "try map.saveZoomLevel()",
        run: { map, model in try read(map, model) { () throws(ProjectionError) in try map.saveZoomLevel() } },
        update: { $0.saved = .level })

    /// `try map.saveZoom()`: reads and keeps the fractional zoom.
    static let saveZoom = Command.command(
        "save zoom", code: "try map.saveZoom()",
        run: { map, model in try read(map, model) { () throws(ProjectionError) in try map.saveZoom() } },
        update: { $0.saved = .zoom })

    /// A read: a view that shows a fit may hold a region its getter cannot read (a fit of one
    /// point with no minimum delta has no span): that case is discarded, not failed.
    static func read<T>(_ map: MapViewSession, _ model: SessionModel, _ body: () throws(ProjectionError) -> T) throws {
        do { _ = try body() } catch {
            if error.code == "unsupported" { throw CaseDiscarded("unsupported: \(error.message)") }
            if model.showsFit { throw CaseDiscarded("the fitted region cannot be read: \(error)") }
            try discardingAnEmptySpan(map, error)
            throw PropertyFailure("reading the zoom threw \(error)", signature: .answered(error))
        }
    }

    /// `body`'s reading of the view; a view whose longitude span its own rounding made 0 (a
    /// viewport narrower than a whole pixel of the 2^29-px world, at high zoom) has no zoom to
    /// read, and the getter must refuse it (`invalid-span`): the case is discarded.
    static func reading<T>(_ map: MapViewSession, _ what: String, _ body: () throws(ProjectionError) -> T) throws -> T {
        do { return try body() } catch {
            if error.code == "unsupported" { throw CaseDiscarded("unsupported: \(error.message)") }
            try discardingAnEmptySpan(map, error)
            throw PropertyFailure("\(what) threw \(error)", signature: .answered(error))
        }
    }

    static func discardingAnEmptySpan(_ map: MapViewSession, _ error: ProjectionError) throws {
        if error.code == "invalid-span", map.region.span.longitudeDelta == 0 {
            throw CaseDiscarded("the view's longitude span rounded to nothing: no zoom to read (\(error))")
        }
    }

    /// `try map.restoreSavedZoom()`, then the check's postconditions.
    static func restore(_ check: SessionCheck) -> Command {
        Command.command(
            "restore", precondition: { $0.saved != nil }, code: "try map.restoreSavedZoom()",
            run: { map, _ in
                guard let saved = map.saved else { return }
                // A saved reading that is not finite (a getter's answer to a region it cannot
                // read) is no zoom to restore: not a case of this session.
                try assume(saved.zoom.isFinite, "the saved reading is not finite: no zoom to restore")
                let before = map.region, zoomBefore = map.zoom
                do { try map.restoreSavedZoom() } catch let error as ProjectionError {
                    if error.code == "unsupported" { throw CaseDiscarded("unsupported: \(error.message)") }
                    // A fit centred on the band's edge, snapped a hair past it by the program's own
                    // rounding, is a centre its own setter may refuse (PROTOCOL.md's freedoms).
                    if error.code == "invalid-latitude", CheckSupport.mayRefuseToProject(before.center.latitude) {
                        throw CaseDiscarded("the view's centre is on the Mercator band's edge: \(error)")
                    }
                    throw PropertyFailure(
                        "restoring zoom \(NumberText.shortest(saved.zoom)) threw \(error)", signature: .answered(error))
                }
                // The same refusal written as a NaN region, which a policy other than
                // `error-codes` may write (PROTOCOL.md): a centre its own setter snapped a hair
                // past the band's edge (whole pixels at zoom 0 are 0.7° tall).
                if map.region.violations == [.notFinite], map.implementation.capabilities.badInput != .errorCodes,
                    CheckSupport.mayRefuseToProject(before.center.latitude)
                {
                    throw CaseDiscarded("the view's centre is on the Mercator band's edge: a refusal written as NaN")
                }
                try SessionChecks.afterRestore(check, map, saved: saved, zoomBefore: zoomBefore, regionBefore: before)
            }, update: { $0.showsFit = false })
    }

    /// `try map.setCenter(…, zoom: …)`: a centre in the Mercator band, a zoom the
    /// implementation serves (0...28 unless it declares a `zoomRange`: PROTOCOL.md, "ZoomCheck
    /// draws its zooms inside it"), integer, or fractional one time in three where it takes them.
    static func setCenter(fractional: Bool, served: Capabilities.ZoomRange = .protocolRange) -> Command {
        let integer = Gen.int(in: served.levels).map(Double.init)
        let zoom =
            fractional
            ? Gen.frequency([
                (weight: 2, generator: integer), (weight: 1, generator: Gen.double(in: served.lowest...served.highest)),
            ]) : integer
        return Command.command(
            "set centre", arguments: { _ in Gen.zip(CoordinateGen.bandCoordinate, zoom) },
            code: { "try map.setCenter(\(SessionCode.coordinate($0.0)), zoom: \(NumberText.shortest($0.1)))" },
            run: { map, _, arguments in
                try call("setCenter") { () throws(ProjectionError) in try map.setCenter(arguments.0, zoom: arguments.1)
                }
            }, update: { model, _ in model.showsFit = false })
    }

    /// Viewports of a resize: a device, rotated (width and height swapped) or not, full or
    /// in a half-width split view, at 1, 2 or 3 pixels per point.
    static let viewport: Gen<Viewport> = Gen.zip(
        Gen.element(of: ZoomAndViewportGen.deviceSizes), Gen.bool, Gen.bool, Gen.element(of: [1.0, 2, 3])
    ).map { size, rotated, split, scale in
        let width = rotated ? size.height : size.width, height = rotated ? size.width : size.height
        return Viewport(widthInPoints: split ? width / 2 : width, heightInPoints: height, pixelsPerPoint: scale)
    }

    /// `try map.resize(to: …)`: rotation or split view; needs a known zoom.
    static let resize = Command.command(
        "resize", precondition: { !$0.showsFit }, arguments: { _ in viewport },
        code: { "try map.resize(to: \(SessionCode.viewport($0)))" },
        run: { map, _, viewport in try call("resize") { () throws(ProjectionError) in try map.resize(to: viewport) } })

    /// `try map.pan(byWidths: …)`: up to one view width east or west, across ±180° when the
    /// centre is near it; needs a known zoom.
    static let pan = Command.command(
        "pan", precondition: { !$0.showsFit }, arguments: { _ in Gen.double(in: -1...1) },
        code: { "try map.pan(byWidths: \(NumberText.shortest($0)))" },
        run: { map, _, widths in try call("pan") { () throws(ProjectionError) in try map.pan(byWidths: widths) } })

    /// `try map.fit([…])`: one to four points in the Mercator band.
    static let fit = Command.command(
        "fit", arguments: { _ in Gen.array(of: CoordinateGen.bandCoordinate, count: 1...4) },
        code: { "try map.fit([\($0.map(SessionCode.coordinate).joined(separator: ", "))])" },
        run: { map, _, points in try call("fit") { () throws(ProjectionError) in try map.fit(points) } },
        update: { model, _ in model.showsFit = true })
}
