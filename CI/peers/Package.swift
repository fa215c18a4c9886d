// swift-tools-version:6.0
//
// The peers of `zoomcheck bench`, same run (Documentation/performance.md, "Beside its peers"):
// swift-property-based beside PropertyCheck's expectProperty, the same checks, one test process,
// release. A package of its own, so that ZoomCheck's own Package.swift depends on nothing; it
// depends on the package two levels up by path. Run it with CI/peers/run.sh.
import PackageDescription

let package = Package(
    name: "ZoomCheckPeers",
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        .package(name: "ZoomCheck", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "PeerTests",
            dependencies: [
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "MercatorCore", package: "ZoomCheck"),
                .product(name: "PropertyCheck", package: "ZoomCheck"),
                .product(name: "PropertyCheckTesting", package: "ZoomCheck"),
            ])
    ])
