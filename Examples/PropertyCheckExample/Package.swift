// swift-tools-version: 6.0
//
// An example of a package that adopts PropertyCheck: it depends on ZoomCheck by path, as
// yours would by URL, and uses only its public products.

import PackageDescription

let package = Package(
    name: "PropertyCheckExample",
    products: [
        .library(name: "RunLength", targets: ["RunLength"]),
        .library(name: "ClampedMercator", targets: ["ClampedMercator"]),
    ],
    dependencies: [
        // In your package: .package(path: "../ZoomCheck"), or by URL (README.md, "Depend on it").
        .package(name: "ZoomCheck", path: "../.."),
    ],
    targets: [
        // Code under test: a run-length codec for strings.
        .target(name: "RunLength"),
        // Code under test: someone's own Web-Mercator zoom arithmetic.
        .target(name: "ClampedMercator", dependencies: [.product(name: "MercatorCore", package: "ZoomCheck")]),
        .testTarget(
            name: "RunLengthTests",
            dependencies: [
                "RunLength",
                .product(name: "PropertyCheck", package: "ZoomCheck"),
                .product(name: "PropertyCheckTesting", package: "ZoomCheck"),
            ]),
        .testTarget(
            name: "ClampedMercatorTests",
            dependencies: [
                "ClampedMercator",
                // One product, one import: expectCatalogue with everything a conformer needs.
                .product(name: "ZoomPropertiesTesting", package: "ZoomCheck"),
            ]),
    ]
)
