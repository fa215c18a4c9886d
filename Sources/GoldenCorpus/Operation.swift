/// What an output measures: decides which tolerances make sense for it.
package enum OutputKind: String, Hashable, Sendable {
    case degrees, pixels, zoomLevels, ratio, count, kilometres, miles, flag, names
    /// A constant's value: any numeric tolerance applies.
    case anyNumber

    /// Whether `tolerance` is meaningful for this kind (Corpus/README.md, "Tolerances").
    func accepts(_ tolerance: CorpusTolerance) -> Bool {
        switch (self, tolerance) {
        case (.flag, .exact), (.names, .exact): true
        case (.flag, _), (.names, _): false
        case (_, .exact), (_, .ulps), (_, .relative): true
        case (.degrees, .pixels), (.pixels, .pixels), (.anyNumber, .pixels): true
        case (_, .pixels): false
        case (_, .absolute(_, let unit)):
            switch (self, unit) {
            case (.anyNumber, _): true
            case (.degrees, .deg?), (.pixels, .px?), (.kilometres, .km?), (.miles, .mi?): true
            case (.zoomLevels, nil), (.ratio, nil), (.count, nil): true
            default: false
            }
        }
    }
}

/// The type of one argument of an input line.
enum ArgumentKind: Hashable, Sendable {
    case number
    case convention
    case choice([String])

    var label: String {
        switch self {
        case .number: "a number"
        case .convention: "a convention (seed512 or tile256)"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        }
    }
}

/// One input key an operation takes: `viewport W H [S]`.
struct InputSpec: Hashable, Sendable {
    var key: String
    var arguments: [ArgumentKind]
    /// How many trailing arguments may be left out.
    var optionalTrailing: Int = 0
    var required: Bool = true
    /// Whether the key may appear more than once (`point` of a fit).
    var repeatable: Bool = false

    var usage: String {
        let names = arguments.enumerated().map { index, kind -> String in
            let name: String
            switch kind {
            case .number: name = "NUMBER"
            case .convention: name = "CONVENTION"
            case .choice(let words): name = words.joined(separator: "|")
            }
            return index >= arguments.count - optionalTrailing ? "[\(name)]" : name
        }
        return ([key] + names).joined(separator: " ")
    }
}

/// The operations a case can run, each evaluated through `ZoomImplementation` or the public
/// MercatorCore API (Corpus/README.md, "Operations").
package enum Operation: String, Hashable, Sendable, CaseIterable {
    case constant
    case worldWidth = "world-width"
    case equivalentZoom = "equivalent-zoom"
    case project
    case unproject
    case mapPoint = "map-point"
    case region
    case corners
    case zoom
    case zoomRoundTrip = "zoom-roundtrip"
    case zoomStep = "zoom-step"
    case spanScale = "span-scale"
    case fit
    case groundLength = "ground-length"

    /// Names accepted by `constant`'s `name` input.
    static let constantNames = [
        "mercatorOffset", "mercatorRadius", "minimumZoomArc", "annotationRegionPadFactor", "maxDegreesArc",
        "maxGoogleLevels", "zoomLevelClamp", "pixelSpaceZoom", "mapKitWorldWidth", "latitudeLimit",
    ]

    /// Whether the operation calls the public MercatorCore API directly (`impl api`) rather
    /// than a `ZoomImplementation`.
    package var usesAPI: Bool {
        switch self {
        case .constant, .worldWidth, .equivalentZoom, .mapPoint, .groundLength: true
        default: false
        }
    }

    var inputs: [InputSpec] {
        let center = InputSpec(key: "center", arguments: [.number, .number])
        let zoom = InputSpec(key: "zoom", arguments: [.number])
        let viewport = InputSpec(key: "viewport", arguments: [.number, .number, .number], optionalTrailing: 1)
        let convention = InputSpec(key: "convention", arguments: [.convention])
        let span = InputSpec(key: "span", arguments: [.number, .number])
        switch self {
        case .constant: return [InputSpec(key: "name", arguments: [.choice(Self.constantNames)])]
        case .worldWidth: return [zoom, convention]
        case .equivalentZoom: return [zoom, convention, InputSpec(key: "target", arguments: [.convention])]
        case .project: return [InputSpec(key: "coordinate", arguments: [.number, .number]), zoom, convention]
        case .unproject: return [InputSpec(key: "pixel", arguments: [.number, .number]), zoom, convention]
        case .mapPoint: return [InputSpec(key: "coordinate", arguments: [.number, .number])]
        case .region, .zoomRoundTrip: return [center, zoom, viewport, convention]
        case .corners:
            return [
                center, zoom, viewport, convention,
                InputSpec(key: "pixels-at", arguments: [.number, .convention], required: false),
            ]
        case .zoom: return [center, span, viewport, convention]
        case .zoomStep:
            return [
                center, viewport, convention, InputSpec(key: "from", arguments: [.number]),
                InputSpec(key: "to", arguments: [.number]),
            ]
        case .spanScale: return [center, span, viewport, convention, InputSpec(key: "factor", arguments: [.number])]
        case .fit: return [InputSpec(key: "point", arguments: [.number, .number], required: false, repeatable: true)]
        case .groundLength:
            return [
                InputSpec(key: "latitude", arguments: [.number]),
                InputSpec(key: "axis", arguments: [.choice(["latitude", "longitude"])]),
                InputSpec(key: "degrees", arguments: [.number]), InputSpec(key: "radius", arguments: [.number]),
            ]
        }
    }

    /// The outputs the operation observes, with their kinds.
    package var outputs: [(name: String, kind: OutputKind)] {
        let region: [(String, OutputKind)] = [
            ("latitudeDelta", .degrees), ("longitudeDelta", .degrees), ("centerLatitude", .degrees),
            ("centerLongitude", .degrees), ("valid", .flag), ("violations", .names),
        ]
        switch self {
        case .constant: return [("value", .anyNumber)]
        case .worldWidth: return [("width", .pixels), ("halfWidth", .pixels), ("tiles", .count), ("areaRatio", .ratio)]
        case .equivalentZoom: return [("zoom", .zoomLevels), ("width", .pixels), ("tiles", .count)]
        case .project, .mapPoint: return [("x", .pixels), ("y", .pixels)]
        case .unproject: return [("latitude", .degrees), ("longitude", .degrees)]
        case .region: return region
        case .corners:
            return [
                ("north", .degrees), ("south", .degrees), ("west", .degrees), ("east", .degrees),
                ("latitudeDelta", .degrees), ("longitudeDelta", .degrees),
            ]
        case .zoom, .zoomRoundTrip: return [("zoom", .zoomLevels), ("level", .zoomLevels)]
        case .zoomStep: return [("longitudeRatio", .ratio), ("latitudeRatio", .ratio), ("areaRatio", .ratio)]
        case .spanScale: return [("zoomChange", .zoomLevels), ("levelChange", .zoomLevels)]
        case .fit: return region + [("containsAll", .flag)]
        case .groundLength: return [("kilometres", .kilometres), ("miles", .miles)]
        }
    }

    /// The kind of `output`, or nil when the operation has no such output.
    package func kind(of output: String) -> OutputKind? { outputs.first { $0.name == output }?.kind }
}
