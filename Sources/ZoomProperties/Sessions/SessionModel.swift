import MercatorCore

/// What the session state machine knows without asking the implementation: whether the
/// view shows a fit (its zoom unknown) and what kind of zoom was saved. Preconditions are
/// judged on it.
struct SessionModel: Sendable, Hashable {
    /// The kind of zoom saved for a later restore.
    enum Saved: Sendable, Hashable { case level, zoom }

    /// Whether the view shows a fit (pan and resize need a known zoom, so wait for a restore).
    var showsFit = false
    /// What was saved, if anything (restore needs something saved).
    var saved: Saved?
    /// The convention of the session's zooms, for running the same commands against another
    /// implementation (``SessionMachine/execute(_:against:)``); nil in a model made elsewhere.
    var convention: ZoomConvention?
}

/// Which claim a session property checks; the commands are the same, the checks differ.
enum SessionCheck: Sendable, Hashable {
    /// Restoring a saved level does not move the view: no zoom creep, no drift of the centre.
    case restoreKeepsTheLevel
    /// Restoring a saved fractional zoom does not move the view beyond the reading budget.
    case restoreKeepsTheZoom
    /// A fit, then a read and a restore, still holds every point the fit held (longitude).
    case restoreKeepsTheFit
    /// After every command the view shows a region a map view accepts.
    case regionStaysValid
}

/// Swift source for the values a session's code prints.
enum SessionCode {
    /// `Coordinate(latitude: 1, longitude: 2)`.
    static func coordinate(_ coordinate: Coordinate) -> String {
        """
        Coordinate(latitude: \(NumberText.shortest(coordinate.latitude)), longitude: \
        \(NumberText.shortest(coordinate.longitude)))
        """
    }

    /// `Viewport(widthInPoints: 320, heightInPoints: 460, pixelsPerPoint: 2)`.
    static func viewport(_ viewport: Viewport) -> String {
        """
        Viewport(widthInPoints: \(NumberText.shortest(viewport.widthInPoints)), heightInPoints: \
        \(NumberText.shortest(viewport.heightInPoints)), pixelsPerPoint: \
        \(NumberText.shortest(viewport.pixelsPerPoint)))
        """
    }

    /// An expression for a shipped implementation, or a placeholder naming another.
    static func implementation(_ implementation: any ZoomImplementation) -> String {
        if let held = implementation as? DeclaredSupport { return self.implementation(held.base) }
        if let seed = implementation as? SeedPort {
            switch seed.variant {
            case .original: return "SeedPort(variant: .original)"
            case .zoomExponent21: return "SeedPort(variant: .zoomExponent21)"
            case .mapPointSpan: return "SeedPort(variant: .mapPointSpan)"
            }
        }
        if implementation is WebMercator { return "WebMercator()" }
        return "implementation /* \(implementation.name) */"
    }

    /// The line that creates the session.
    static func setup(_ implementation: any ZoomImplementation, _ convention: ZoomConvention) -> String {
        "let map = try MapViewSession(\(self.implementation(implementation)), convention: .\(convention.rawValue))"
    }
}
