import Foundation
import MercatorCore
import PropertyCheck

/// The postconditions of a restore and the invariants of a session, with their bounds.
enum SessionChecks {
    /// The reading budget of a zoom read at `zoom` in `viewport` (`ErrorBudget.zoomReading`:
    /// the span's two edges, each a whole pixel, and the log2; 0.0091 on a 320-pt view).
    static func readingBound(zoom: Double, viewport: Viewport, convention: ZoomConvention) -> Double {
        ErrorBudget.zoomReading(
            spanPixels: viewport.widthInPoints, worldWidth: convention.worldWidth(atZoom: zoom), zoom: zoom)
    }

    /// Checks what `check` claims about a restore of `saved`, the view having been at
    /// `zoomBefore` (nil: a fit) showing `regionBefore` just before it.
    static func afterRestore(
        _ check: SessionCheck, _ map: MapViewSession, saved: MapViewSession.SavedZoom, zoomBefore: Double?,
        regionBefore: Region
    ) throws {
        let centerBefore = regionBefore.center
        switch check {
        case .restoreKeepsTheLevel:
            guard saved.isLevel else { return }
            try keepsTheView(map, saved: saved, zoomBefore: zoomBefore, centerBefore: centerBefore, bound: 0)
        case .restoreKeepsTheZoom:
            guard !saved.isLevel else { return }
            let bound =
                zoomBefore.map { readingBound(zoom: $0, viewport: saved.viewport, convention: map.convention) } ?? 0
            try keepsTheView(map, saved: saved, zoomBefore: zoomBefore, centerBefore: centerBefore, bound: bound)
        case .restoreKeepsTheFit:
            // Only a restore onto the fit that was read: a later fit or set centre moved the view.
            guard regionBefore == saved.region else { return }
            try keepsTheFit(map, saved: saved)
        case .regionStaysValid: return
        }
    }

    /// No creep and no drift: restoring a zoom read at the zoom the view still has sets that
    /// zoom again (within `bound`); the centre does not move; and reading the restored view
    /// gives back what was restored.
    static func keepsTheView(
        _ map: MapViewSession, saved: MapViewSession.SavedZoom, zoomBefore: Double?, centerBefore: Coordinate,
        bound: Double
    ) throws {
        let restored = map.zoom ?? saved.zoom
        // A reading that is not finite (a getter's answer to a region it cannot read) has no zoom
        // to restore and no pixel to measure a drift by; whether it should have been read is the
        // zoom-reading properties' question, not the session's.
        try assume(restored.isFinite, "the saved reading is not finite: no zoom to restore")
        let what = saved.isLevel ? "level" : "zoom"
        // The levels a correct getter reads from a view set at integer `zoom`: its fitting rule
        // on the region it shows (a span rounded wider by whole pixels reads z − 1), or the
        // nearest level to a zoom within the reading budget (`ZoomFamilyProperties`).
        let readable = { (region: Region, zoom: Double, viewport: Viewport) -> Set<Int> in
            ZoomFamilyProperties.allowedLevels(
                region, viewport, map.convention, zoom: zoom,
                bound: readingBound(zoom: zoom, viewport: viewport, convention: map.convention),
                map.implementation.capabilities)
        }
        if let zoomBefore, saved.viewZoom == zoomBefore, saved.unclamped,
            !saved.isLevel || zoomBefore == zoomBefore.rounded()
        {
            // A getter with a range of its own (`getterRange`) may read the nearest zoom in it.
            let readZooms = map.implementation.capabilities.readZooms
            try ensure(
                abs(restored - zoomBefore) <= bound
                    || (!readZooms.contains(zoomBefore) && abs(restored - readZooms.clamp(zoomBefore)) <= bound)
                    || (saved.isLevel && readable(saved.region, zoomBefore, saved.viewport).contains(Int(restored))),
                """
                the view was at zoom \(NumberText.shortest(zoomBefore)) and read \(what) \
                \(NumberText.shortest(saved.zoom)); restoring it moved the view to zoom \
                \(NumberText.shortest(restored))
                """)
        }
        // The centre may move by a whole pixel at the zoom restored (a program that snaps its centre
        // row shows the snapped centre): at most 360°/W of latitude or longitude.
        let world = map.convention.worldWidth(atZoom: restored)
        let allowedDrift = MapPixel.longitudeDegrees(worldWidth: world) + ErrorBudget.coordinateDegrees
        let drift = Swift.max(
            abs(map.region.center.latitude - centerBefore.latitude),
            Region.longitudeDistance(map.region.center.longitude, centerBefore.longitude))
        try ensure(
            drift <= allowedDrift,
            """
            the centre moved from \(centerBefore) to \(map.region.center) (\(CheckSupport.short(drift))°, \
            allowed \(CheckSupport.short(allowedDrift))°: a pixel at the zoom)
            """)
        guard map.implementation.capabilities.servedZooms.contains(saved.zoom), map.isUnclamped else { return }
        let again = try SessionCommands.reading(map, "reading the restored view") { () throws(ProjectionError) in
            try map.zoomReading()
        }
        if saved.isLevel {
            try ensure(
                Double(again.level) == saved.zoom
                    || readable(map.region, saved.zoom, map.viewport).contains(again.level),
                """
                restored level \(NumberText.shortest(saved.zoom)), then read level \(again.level) from the \
                restored view
                """)
        } else {
            let againBound = SessionChecks.readingBound(
                zoom: saved.zoom, viewport: map.viewport, convention: map.convention)
            try ensure(
                abs(again.zoom - saved.zoom) <= againBound,
                """
                restored zoom \(NumberText.shortest(saved.zoom)), then read zoom \
                \(NumberText.shortest(again.zoom)) from the restored view (off by \
                \(CheckSupport.short(abs(again.zoom - saved.zoom))), allowed \
                \(CheckSupport.short(againBound)))
                """)
        }
    }

    /// A fit read and restored at its fractional zoom still holds, in longitude, every point
    /// the fitted region held: the restored span is the fitted span up to the reading budget.
    static func keepsTheFit(_ map: MapViewSession, saved: MapViewSession.SavedZoom) throws {
        guard !saved.isLevel, !saved.fittedPoints.isEmpty,
            map.implementation.capabilities.servedZooms.contains(saved.zoom)
        else { return }
        let fitted = saved.region
        let delta = fitted.span.longitudeDelta
        // A fit wider than the lowest zoom served shows (or narrower than the highest) has no zoom
        // to restore it at: the getter may read the nearest zoom served, and the view set there
        // cannot hold what no served zoom holds.
        let exactZoom = PortableMath.log2(
            360 * saved.viewport.widthInPoints / (map.convention.worldWidthAtZoomZero * delta))
        guard map.implementation.capabilities.servedZooms.contains(exactZoom) else { return }
        let bound = readingBound(zoom: saved.zoom, viewport: saved.viewport, convention: map.convention)
        // The restored half-span may fall short of the fitted one by its zoom's reading error
        // (a factor 2^-bound ≈ 1 − bound·ln 2) and by its own span budget.
        let slack = FitProperties.edgeSlack + delta / 2 * bound * M_LN2 + ErrorBudget.spanDegrees(delta)
        for point in saved.fittedPoints where fitted.contains(point, slack: FitProperties.edgeSlack) {
            let distance = Region.longitudeDistance(point.longitude, map.region.center.longitude)
            try ensure(
                distance <= map.region.span.longitudeDelta / 2 + slack,
                """
                \(point) was in the fitted region \(fitted) but is \(CheckSupport.short(distance))° from \
                the centre of the restored \(map.region) (allowed \
                \(CheckSupport.short(map.region.span.longitudeDelta / 2 + slack))°)
                """)
        }
    }

    /// The view shows a region a map view accepts (PROTOCOL.md's `valid`, exact, in the
    /// implementation's declared region reading).
    static let regionIsValid = StateMachineInvariant<SessionModel, MapViewSession>("the region stays valid") { map, _ in
        let violations = map.implementation.capabilities.regionReading.violations(of: map.region)
        try ensure(violations.isEmpty, "\(map.region) breaks: \(violations.map(\.rawValue).joined(separator: ", "))")
    }
}
