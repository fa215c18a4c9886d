import MercatorCore

/// The `describe` answer of protocol version 3 (version 2 plus `regionReading`):
/// capabilities as JSON members, and back.
///
/// Every member is optional when read: a missing or unreadable member keeps ZoomCheck's
/// default (`Capabilities.zoomCheckDefaults`), so a program that answers `describe` with an
/// error, or does not know it, is judged by ZoomCheck's conventions.
enum CapabilitiesJSON {
    /// The protocol version `describe` reports.
    static let protocolVersion = 3

    /// Every member of a `describe` answer that ZoomCheck reads, in the order it writes them.
    static let memberNames = [
        "protocol", "name", "operations", "conventions", "fractionalZooms", "anyPixelZoom", "level", "zoomSource",
        "fitPadding", "badInput", "centreLimit", "regionReading", "integerGetter", "fitAspect", "projectBeyondBand",
        "zoomRange", "pixelGrid", "unprojectBeyondWorld", "viewConstraint", "pixelInput", "getterRange",
    ]

    /// The members of a `describe` answer, in a fixed order (after `id`).
    static func members(_ capabilities: Capabilities, name: String) -> [(String, String)] {
        func strings(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        let padding =
            capabilities.fitPadding.map {
                "{\"factor\":\(NumberText.json($0.factor)),\"minimumDelta\":\(NumberText.json($0.minimumDelta))}"
            } ?? "null"
        var members: [(String, String)] = [
            ("protocol", String(protocolVersion)), ("name", "\"\(name)\""),
            ("operations", strings(capabilities.operations.sorted().map(\.rawValue))),
            ("conventions", strings(ZoomConvention.allCases.filter(capabilities.conventions.contains).map(\.rawValue))),
            ("fractionalZooms", String(capabilities.fractionalZooms)),
            ("anyPixelZoom", String(capabilities.anyPixelZoom)),
            ("level", "\"\(capabilities.levelRounding.rawValue)\""),
            ("zoomSource", "\"\(capabilities.zoomSource.rawValue)\""), ("fitPadding", padding),
            ("badInput", "\"\(capabilities.badInput.rawValue)\""),
            ("centreLimit", "\"\(capabilities.centreLimit.rawValue)\""),
            ("regionReading", "\"\(capabilities.regionReading.rawValue)\""),
            ("integerGetter", String(capabilities.integerGetter)),
        ]
        // The members ZoomCheck's defaults leave unstated, written only when stated.
        if let aspect = capabilities.fitAspect { members.append(("fitAspect", "\"\(aspect.rawValue)\"")) }
        if let band = capabilities.projectBeyondBand { members.append(("projectBeyondBand", "\"\(band.rawValue)\"")) }
        if capabilities.zoomRange != nil || capabilities.zoomRangeOpenAbove || capabilities.zoomRangeOpenBelow {
            let range = capabilities.servedZooms
            let lowest = capabilities.zoomRangeOpenBelow ? "null" : NumberText.json(range.lowest)
            let highest = capabilities.zoomRangeOpenAbove ? "null" : NumberText.json(range.highest)
            members.append(("zoomRange", "{\"min\":\(lowest),\"max\":\(highest)}"))
        }
        if let grid = capabilities.pixelGrid { members.append(("pixelGrid", "\"\(grid.rawValue)\"")) }
        if let world = capabilities.unprojectBeyondWorld {
            members.append(("unprojectBeyondWorld", "\"\(world.rawValue)\""))
        }
        if capabilities.viewConstraint != .none {
            members.append(("viewConstraint", "\"\(capabilities.viewConstraint.rawValue)\""))
        }
        if let range = capabilities.getterRange {
            let bounds = "{\"min\":\(NumberText.json(range.lowest)),\"max\":\(NumberText.json(range.highest))}"
            members.append(("getterRange", bounds))
        }
        if capabilities.pixelInput != .any { members.append(("pixelInput", "\"\(capabilities.pixelInput.rawValue)\"")) }
        return members
    }

    /// The conventions a `describe` answer declares: the members `level` (fitting or nearest),
    /// `fitPadding` (an object), `badInput`, `centreLimit`, `projectBeyondBand`,
    /// `unprojectBeyondWorld` and `pixelGrid` (`none` or a fixed world), each present and
    /// understood. `level: unspecified`, `fitPadding: null` and `pixelGrid: request-zoom` say
    /// that nothing is promised.
    static func declaredConventions(in answer: ResponseObject) -> Set<DeclaredConvention> {
        let (capabilities, notes) = self.capabilities(from: answer)
        var declared: Set<DeclaredConvention> = []
        for convention in DeclaredConvention.allCases
        where answer[member: convention.rawValue] != nil
            && !notes.contains(where: { $0.hasPrefix("describe: '\(convention.rawValue)'") })
        {
            switch convention {
            case .level: if capabilities.levelRounding != .unspecified { declared.insert(convention) }
            case .fitPadding: if capabilities.fitPadding != nil { declared.insert(convention) }
            case .pixelGrid: if capabilities.pixelGrid != .requestZoom { declared.insert(convention) }
            case .badInput, .centreLimit, .projectBeyondBand, .unprojectBeyondWorld: declared.insert(convention)
            }
        }
        return declared
    }

    /// Capabilities from a `describe` answer, with a note for each member that was present
    /// but not understood (so that a typo is reported, not silently defaulted).
    static func capabilities(from answer: ResponseObject) -> (Capabilities, notes: [String]) {
        var capabilities = Capabilities.zoomCheckDefaults
        // An answer that lists none of what the program supports (`cat` echoing the request,
        // `{}`) has declared nothing: the defaults are assumed, and nothing is held against it.
        capabilities.isDeclared = ["operations", "conventions", "fractionalZooms", "anyPixelZoom"].contains {
            answer[member: $0] != nil
        }
        var notes: [String] = []
        func note(_ member: String, _ expected: String) {
            if answer[member: member] != nil {
                notes.append("describe: '\(member)' is not \(expected); the default is used")
            }
        }
        if let names = answer.strings("operations"), names.allSatisfy({ Capabilities.Operation(rawValue: $0) != nil }) {
            capabilities.operations = Set(names.compactMap(Capabilities.Operation.init(rawValue:)))
        } else {
            note("operations", "an array of operation names")
        }
        if let names = answer.strings("conventions"), !names.isEmpty,
            names.allSatisfy({ ZoomConvention(rawValue: $0) != nil })
        {
            capabilities.conventions = Set(names.compactMap(ZoomConvention.init(rawValue:)))
        } else {
            note("conventions", "a non-empty array of seed512 and tile256")
        }
        if let value = answer.bool("fractionalZooms") {
            capabilities.fractionalZooms = value
        } else {
            note("fractionalZooms", "true or false")
        }
        if let value = answer.bool("anyPixelZoom") {
            capabilities.anyPixelZoom = value
        } else {
            note("anyPixelZoom", "true or false")
        }
        if let value = answer.string("level").flatMap(Capabilities.LevelRounding.init(rawValue:)) {
            capabilities.levelRounding = value
        } else {
            note("level", "fitting, nearest or unspecified")
        }
        if let value = answer.string("zoomSource").flatMap(Capabilities.ZoomSource.init(rawValue:)) {
            capabilities.zoomSource = value
        } else {
            note("zoomSource", "longitude or latitude-and-longitude")
        }
        if answer.isNull("fitPadding") {
            capabilities.fitPadding = nil
        } else if let padding = answer.object("fitPadding"), let factor = padding.number("factor"),
            let minimum = padding.number("minimumDelta"), factor.isFinite, factor >= 1, minimum.isFinite, minimum >= 0
        {
            capabilities.fitPadding = Capabilities.FitPadding(factor: factor, minimumDelta: minimum)
        } else {
            note("fitPadding", "null or {\"factor\": ≥ 1, \"minimumDelta\": ≥ 0}")
        }
        if let value = answer.string("badInput").flatMap(Capabilities.BadInputPolicy.init(rawValue:)) {
            capabilities.badInput = value
        } else {
            note("badInput", "error-codes, refuses or unchecked")
        }
        if let value = answer.string("centreLimit").flatMap(Capabilities.CentreLimit.init(rawValue:)) {
            capabilities.centreLimit = value
        } else {
            note("centreLimit", "mercator-band or none")
        }
        if let value = answer.string("regionReading").flatMap(RegionReading.init(rawValue:)) {
            capabilities.regionReading = value
        } else {
            note("regionReading", "mapkit or mercator-view")
        }
        if let value = answer.bool("integerGetter") {
            capabilities.integerGetter = value
        } else {
            note("integerGetter", "true or false")
        }
        // Not stated, either fit shape is accepted: the default is ZoomCheck's own only when
        // said.
        capabilities.fitAspect = nil
        if let value = answer.string("fitAspect").flatMap(Capabilities.FitAspect.init(rawValue:)) {
            capabilities.fitAspect = value
        } else {
            note("fitAspect", "free or fixed")
        }
        if let value = answer.string("projectBeyondBand").flatMap(Capabilities.ProjectBeyondBand.init(rawValue:)) {
            capabilities.projectBeyondBand = value
        } else {
            note("projectBeyondBand", "extends, clamps or refuses")
        }
        // An end written null is open: the protocol's end is served, and the getter may read past it.
        if let range = answer.object("zoomRange"), let lowest = range.number("min") ?? (range.isNull("min") ? 0 : nil),
            let highest = range.number("max") ?? (range.isNull("max") ? 28 : nil),
            let value = Capabilities.ZoomRange(lowest: lowest, highest: highest)
        {
            capabilities.zoomRangeOpenBelow = range.isNull("min")
            capabilities.zoomRangeOpenAbove = range.isNull("max")
            capabilities.zoomRange = value
        } else {
            note(
                "zoomRange",
                "{\"min\": z, \"max\": z} with 0 ≤ min ≤ max ≤ 28 (or null: no end) and a whole level between")
        }
        if let value = answer.string("pixelGrid").flatMap(Capabilities.PixelGrid.init(rawValue:)) {
            capabilities.pixelGrid = value
        } else {
            note("pixelGrid", "request-zoom, none or 2^K (K in 8...40)")
        }
        if let value = answer.string("unprojectBeyondWorld").flatMap(Capabilities.UnprojectBeyondWorld.init(rawValue:))
        {
            capabilities.unprojectBeyondWorld = value
        } else {
            note("unprojectBeyondWorld", "extends, clamps or refuses")
        }
        if let value = answer.string("viewConstraint").flatMap(Capabilities.ViewConstraint.init(rawValue:)) {
            capabilities.viewConstraint = value
        } else {
            note("viewConstraint", "none or world")
        }
        if let range = answer.object("getterRange"), let lowest = range.number("min"),
            let highest = range.number("max"), let value = Capabilities.ZoomRange(lowest: lowest, highest: highest),
            capabilities.servedZooms.contains(lowest), capabilities.servedZooms.contains(highest)
        {
            capabilities.getterRange = value
        } else {
            note("getterRange", "{\"min\": z, \"max\": z} inside the zooms served, with a whole level between")
        }
        if let value = answer.string("pixelInput").flatMap(Capabilities.PixelInput.init(rawValue:)) {
            capabilities.pixelInput = value
        } else {
            note("pixelInput", "any, whole or int32")
        }
        return (capabilities, notes)
    }
}
