import MercatorCore

/// Where the seed's zoom arithmetic breaks, measured over integer zooms and viewport widths.
package struct ZoomSurveys: Sendable, Hashable {
    /// The centre every span here is computed at (the answer does not depend on it for
    /// longitude, which is all these surveys read).
    static let centre = Coordinate(latitude: 12, longitude: 34)

    /// For one viewport width: the first zoom at which the seed getter stops reading back
    /// `z + 1` (the hidden ×2 makes every reading one level high), and the first zoom at which
    /// the seed's longitude span stops being the exact 360·w/W because `round()` quantises it.
    package struct RoundTripRow: Sendable, Hashable {
        package var widthInPoints: Double
        package var firstZoomWithWrongLevel: Int?
        package var firstQuantisedZoom: Int?
        package var readingAtFirstWrongLevel: String
    }

    /// For one viewport width and each zoom 0...28 set with the seed's setter: the level the
    /// seed getter reads minus the zoom set (nil when the getter throws), and the seed's
    /// longitude span in degrees beside the exact, unclamped 360·w/W.
    package struct ZoomProfile: Sendable, Hashable {
        package var widthInPoints: Double
        package var levelErrors: [Int?]
        package var seedLongitudeDeltas: [Double]
        package var exactLongitudeDeltas: [Double]
    }

    /// The per-zoom profile of each width (the data behind `roundTrip` and the report's plots).
    package static func profiles(widths: [Double]) -> [ZoomProfile] {
        widths.map { width in
            let viewport = Viewport(widthInPoints: width, heightInPoints: 460)
            var profile = ZoomProfile(
                widthInPoints: width, levelErrors: [], seedLongitudeDeltas: [], exactLongitudeDeltas: [])
            for zoom in 0...28 {
                let region = SeedPort().setCenterCoordinate(centre, zoomLevel: UInt(zoom), viewport: viewport)
                profile.seedLongitudeDeltas.append(region.span.longitudeDelta)
                profile.exactLongitudeDeltas.append(
                    360 * width / ZoomConvention.seed512.worldWidth(atZoom: Double(zoom)))
                profile.levelErrors.append(
                    (try? SeedPort.getZoomLevel(region: region, viewport: viewport)).map { $0 - zoom })
            }
            return profile
        }
    }

    /// One row per width, zooms 0...28.
    package static func roundTrip(widths: [Double] = [1, 320, 333, 375, 390, 768, 1024, 1280, 4096]) -> [RoundTripRow] {
        widths.map { width in
            let viewport = Viewport(widthInPoints: width, heightInPoints: 460)
            var row = RoundTripRow(
                widthInPoints: width, firstZoomWithWrongLevel: nil, firstQuantisedZoom: nil,
                readingAtFirstWrongLevel: "")
            for zoom in 0...28 {
                let region = SeedPort().setCenterCoordinate(centre, zoomLevel: UInt(zoom), viewport: viewport)
                // Unclamped: the seed does not clamp at 360°, and this survey is about rounding.
                let exact = 360 * width / ZoomConvention.seed512.worldWidth(atZoom: Double(zoom))
                // 0.01 px: far above the ~1e-5 px that the subtraction of two rounded longitudes
                // can cost at zoom 28, far below the ≥ 0.25 px a round() shift makes.
                let pixel = 360 / ZoomConvention.seed512.worldWidth(atZoom: Double(zoom))
                if row.firstQuantisedZoom == nil, abs(region.span.longitudeDelta - exact) > 0.01 * pixel {
                    row.firstQuantisedZoom = zoom
                }
                if row.firstZoomWithWrongLevel == nil {
                    let level: String
                    do throws(ProjectionError) {
                        level = String(try SeedPort.getZoomLevel(region: region, viewport: viewport))
                    } catch { level = "error (\(error.code))" }
                    if level != String(zoom + 1) {
                        row.firstZoomWithWrongLevel = zoom
                        let fractional = SeedPort.getterFractionalZoom(
                            longitudeDelta: region.span.longitudeDelta, viewport: viewport)
                        row.readingAtFirstWrongLevel = "level \(level), fractional \(NumberText.shortest(fractional))"
                    }
                }
            }
            return row
        }
    }

    /// For each seed variant: the narrowest integer viewport width (points) whose zoom-0 span
    /// exceeds 360° of longitude, found by scanning 1...8192.
    package static func zoomZeroWidthThresholds() -> [(variant: String, widthInPoints: Int?)] {
        SeedPort.Variant.allCases.map { variant in
            let port = SeedPort(variant: variant)
            let width = (1...8192).first { width in
                port.setCenterCoordinate(
                    centre, zoomLevel: 0, viewport: Viewport(widthInPoints: Double(width), heightInPoints: 100)
                ).span.longitudeDelta > 360
            }
            return (variant.rawValue, width)
        }
    }

    /// For zooms 0...4 on the 320×460 phone: the lowest centre latitude (to 1e-6°, by
    /// bisection between 0 and the Mercator limit) from which the seed's region reaches past
    /// the north pole; nil when no centre in the band does.
    package static func poleReachThresholds(viewport: Viewport = Viewport(widthInPoints: 320, heightInPoints: 460))
        -> [(zoom: Int, latitude: Double?)]
    {
        (0...4).map { zoom in
            func reaches(_ latitude: Double) -> Bool {
                SeedPort().setCenterCoordinate(
                    Coordinate(latitude: latitude, longitude: 0), zoomLevel: UInt(zoom), viewport: viewport
                ).violations.contains(.reachesPastNorthPole)
            }
            guard reaches(MercatorMath.latitudeLimit) else { return (zoom, nil) }
            if reaches(0) { return (zoom, 0) }
            var low = 0.0, high = MercatorMath.latitudeLimit
            while high - low > 1e-6 {
                let middle = (low + high) / 2
                if reaches(middle) { high = middle } else { low = middle }
            }
            return (zoom, high)
        }
    }

    /// The largest difference between the seed's longitude span at z and the corrected
    /// tile256 span at z + 1, over zooms 0...27 and the given widths, in the seed's own
    /// quantum: seed512 pixels at zoom 20 (each of the seed's two `round()` calls moves an
    /// edge by at most half of one).
    package static func baseDisagreement(widths: [Double] = [320, 375, 390, 768, 1024, 1280]) -> Double {
        var worst = 0.0
        for width in widths {
            let viewport = Viewport(widthInPoints: width, heightInPoints: 460)
            for zoom in 0...27 {
                let seed = SeedPort().setCenterCoordinate(centre, zoomLevel: UInt(zoom), viewport: viewport).span
                    .longitudeDelta
                let tile = 360 * width / ZoomConvention.tile256.worldWidth(atZoom: Double(zoom + 1))
                let seedPixel = 360 / ZoomConvention.seed512.worldWidth(atZoom: 20)
                worst = Swift.max(worst, abs(seed - tile) / seedPixel)
            }
        }
        return worst
    }
}

extension ZoomSurveys {
    /// The seed getter's reading before its rounding (`getterFractionalZoom`) minus `zoom`,
    /// for the region the seed's setter makes at `zoom` in a `width`×460-pt view; levels.
    package static func getterLevelError(width: Double, zoom: Int) -> Double {
        let viewport = Viewport(widthInPoints: width, heightInPoints: 460)
        let region = SeedPort().setCenterCoordinate(centre, zoomLevel: UInt(zoom), viewport: viewport)
        let error =
            SeedPort.getterFractionalZoom(longitudeDelta: region.span.longitudeDelta, viewport: viewport) - Double(zoom)
        return error.isFinite ? error : -.infinity
    }

    /// The largest `getterLevelError` over every integer width 1...4096 pt and zoom 0...28
    /// (118 784 evaluations), and where it is first reached.
    package static func getterLevelErrorSurvey() -> (worst: Double, width: Double, zoom: Int, evaluations: Int) {
        var worst = -Double.infinity, at = (width: 0.0, zoom: 0), evaluations = 0
        for width in 1...4096 {
            for zoom in 0...28 {
                evaluations += 1
                let error = getterLevelError(width: Double(width), zoom: zoom)
                if error > worst { (worst, at) = (error, (Double(width), zoom)) }
            }
        }
        return (worst, at.width, at.zoom, evaluations)
    }
}
