// swift-tools-version: 6.0
//
// libFuzzer harness for ZoomCheck's input parsers: a package of its own (so that a normal
// `swift build` of ZoomCheck never links a target without `main`), depending on the
// package two levels up by path. Run it with CI/fuzz/run.sh.

import PackageDescription

let package = Package(
    name: "ZoomCheckFuzz",
    dependencies: [.package(name: "ZoomCheck", path: "../..")],
    targets: [
        .executableTarget(
            name: "zoomcheck-fuzz",
            dependencies: [
                .product(name: "ZoomCheckCLI", package: "ZoomCheck"),
                .product(name: "GoldenCorpus", package: "ZoomCheck"),
                .product(name: "PropertyCheck", package: "ZoomCheck"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
