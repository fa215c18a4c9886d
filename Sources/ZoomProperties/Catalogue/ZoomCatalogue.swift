/// Every property of the catalogue, family by family.
public enum ZoomCatalogue {
    public static let all: [CatalogueProperty] =
        RoundTripProperties.all + MonotonicityProperties.all + SinglePrecisionProperties.all + ZoomFamilyProperties.all
        + ZoomZeroProperties.all + BaseDisagreementProperties.all + FitProperties.all + BadInputProperties.all

    /// The property called `name`, or nil.
    public static func named(_ name: String) -> CatalogueProperty? {
        all.first { $0.name == name }
    }
}
