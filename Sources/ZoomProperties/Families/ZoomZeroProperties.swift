import MercatorCore
import PropertyCheck

/// Family 6: what low zooms do to regions (the zoom-0 edge case of the comments). Defects:
/// a region a map view rejects is no answer, whatever the conventions.
enum ZoomZeroProperties {
    static let all: [CatalogueProperty] = [regionsValid, longitudeAtMost360, withinPoles]

    static let regionsValid = CatalogueProperty.define(
        "regions-are-valid", .zoomZero, .defect, operations: [.span],
        statement: "Every region set at an integer zoom 0...28 is one a map view accepts (PROTOCOL.md's `valid`).",
        bound: "exact: the validity rules compare with 90, 180 and 360 without tolerance",
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.01)],
        strata: { _ in Strata.Design.integerSpans }, generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        let region = try ZoomFamilyProperties.region(implementation, input)
        try ensure(region.isValid, "\(region) breaks: \(region.violations.map(\.rawValue).joined(separator: ", "))")
    }

    static let longitudeAtMost360 = CatalogueProperty.define(
        "longitude-span-at-most-360", .zoomZero, .defect, operations: [.span],
        statement: "No region spans more than 360° of longitude, however wide the viewport.",
        bound: "exact comparison with 360",
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.01)],
        strata: { _ in Strata.Design.integerSpans }, generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        let region = try ZoomFamilyProperties.region(implementation, input)
        try ensure(
            region.span.longitudeDelta <= 360, "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta))")
    }

    static let withinPoles = CatalogueProperty.define(
        "region-within-the-poles", .zoomZero, .defect, operations: [.span],
        statement: "No region reaches past a pole: centre ± latitudeDelta / 2 stays within ±90°.",
        bound: "exact comparison with ±90",
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.01)],
        strata: { _ in Strata.Design.integerSpans }, generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        let region = try ZoomFamilyProperties.region(implementation, input)
        try ensure(
            region.northEdge <= 90 && region.southEdge >= -90,
            "edges \(NumberText.shortest(region.northEdge))° and \(NumberText.shortest(region.southEdge))°")
    }
}
