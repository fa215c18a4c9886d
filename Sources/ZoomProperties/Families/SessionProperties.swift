import MercatorCore
import PropertyCheck

/// Family 11: map-view sessions. Sequences of at most 10 commands on a ``MapViewSession``
/// (save the level or the zoom, restore it, set centre and zoom, resize, pan across ±180°,
/// fit), generated and shrunk as a `StateMachine`; a failure prints the minimal session as
/// Swift code.
enum SessionProperties {
    static let all: [CatalogueProperty] = [
        restoreKeepsTheLevel, restoreKeepsTheZoom, restoreKeepsTheFit, regionStaysValid,
    ]

    /// Every session sets and reads zooms; implementations that cannot do both in one
    /// convention answer `unsupported` when the session starts, and are not applicable.
    static let operations: Set<Capabilities.Operation> = [.span, .zoom]

    /// A session is up to 10 commands (5 on average), each a region and often a reading:
    /// a fifth of the run's cases (2,000 sessions, about 10,000 commands, at the default
    /// 10,000) costs about what a one-call property's 10,000 cases cost.
    static let caseDivisor = 5

    /// Restoring a fractional zoom needs a setter that takes one and a getter that reads one
    /// (not whole levels only: `integerGetter`, whose saved zoom is a level).
    static func needsFractionalZooms(_ implementation: any ZoomImplementation) -> String? {
        implementation.capabilities.fractionalZooms
            ? ZoomFamilyProperties.wholeLevelsOnly(implementation)
            : "restoring a fractional zoom needs fractional zooms, which the implementation does not take"
    }

    static func define(
        _ name: String, _ check: SessionCheck, statement: String, bound: String,
        operations: Set<Capabilities.Operation> = operations,
        appliesTo applicability: @escaping @Sendable (any ZoomImplementation) -> String? = { _ in nil }
    ) -> CatalogueProperty {
        CatalogueProperty.define(
            name, .sessions, .defect, operations: operations, statement: statement, bound: bound,
            appliesTo: applicability, caseDivisor: caseDivisor, describe: SessionMachine.code,
            generator: { SessionMachine.sessions(check, $0) }
        ) { implementation, sequence, _ in try SessionMachine.execute(sequence, against: implementation) }
    }

    static let restoreKeepsTheLevel = define(
        "session-restore-keeps-the-level", .restoreKeepsTheLevel,
        statement: """
            Saving the zoom level and restoring it at the view's centre does not move the view: a level read at \
            integer zoom z (longitude span not clamped) restores z (no zoom creep), the centre stays put, and the \
            restored view reads the level restored.
            """,
        bound: """
            exact integers for the levels (the zoom round trip's rule: every rounding maps z ± the reading budget to \
            z); the centre within the coordinate budget, 3.2e-13°
            """)

    static let restoreKeepsTheZoom = define(
        "session-restore-keeps-the-zoom", .restoreKeepsTheZoom,
        statement: """
            Saving the fractional zoom and restoring it does not move the view: a zoom read at zoom z (not clamped) \
            restores z, the centre stays put, and the restored view reads the zoom restored.
            """,
        bound: """
            the reading budget of the zoom read, (2 × 16u·W/width + 16u) / ln 2 + 2 ulps (2.1e-13 at zoom 15 on a \
            320-pt tile256 view); the centre within 3.2e-13°
            """, appliesTo: needsFractionalZooms)

    static let restoreKeepsTheFit = define(
        "session-fit-read-restore-covers", .restoreKeepsTheFit,
        statement: """
            Fitting points, reading the fractional zoom and restoring it at the fit's centre still holds, in \
            longitude, every point the fitted region held (the getter reads the longitude span; the latitude is not \
            promised by a getter that reads only it).
            """,
        bound: """
            the fit's edge slack (3 × 3.2e-13°) + half the fitted span × the reading budget × ln 2 + the span \
            budget \
            (2 × 3.2e-13° + 16u relative)
            """, operations: [.span, .zoom, .fit], appliesTo: needsFractionalZooms)

    static let regionStaysValid = define(
        "session-region-stays-valid", .regionStaysValid,
        statement: """
            Through any session of set centre (in the Mercator band), level save and restore, resize, pan across \
            ±180° and fit (points in the band), the view shows a region a map view accepts.
            """, bound: "exact: PROTOCOL.md's validity rules compare without tolerance")
}
