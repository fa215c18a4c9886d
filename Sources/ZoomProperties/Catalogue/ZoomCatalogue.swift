/// Every property of the catalogue, family by family.
public enum ZoomCatalogue {
    public static let all: [CatalogueProperty] =
        RoundTripProperties.all + MonotonicityProperties.all + SinglePrecisionProperties.all + ZoomFamilyProperties.all
        + LatitudeReadingProperties.all + ViewportSpanProperties.all + ZoomZeroProperties.all
        + BaseDisagreementProperties.all + FitProperties.all + BadInputProperties.all + SessionProperties.all
        + ReferenceProperties.all + FitBoundProperties.all

    /// The properties of one verdict class.
    public static func properties(of verdictClass: VerdictClass) -> [CatalogueProperty] {
        all.filter { $0.verdictClass == verdictClass }
    }

    /// The property called `name`, or nil.
    public static func named(_ name: String) -> CatalogueProperty? { all.first { $0.name == name } }
}
