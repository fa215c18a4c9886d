// swift-tools-version: 6.0
//
// ZoomCheck: property-based verification of the MKMapView zoom-level arithmetic.
// No package dependencies by design: only the Swift toolchain (Foundation, Swift Testing).

import PackageDescription

/// libm must be linked explicitly on Linux: a module that only uses the standard library's
/// math can fail to link `fmod`/`log` in release builds otherwise.
let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "ZoomCheck",
    // MARK: - Products: the promised API
    // The library products are what a user's package may depend on. The CLI's commands, the
    // measuring panels and the golden-corpus tooling are targets of this package only.
    products: [
        .library(name: "MercatorCore", targets: ["MercatorCore"]),
        .library(name: "PropertyCheck", targets: ["PropertyCheck"]),
        .library(name: "PropertyCheckTesting", targets: ["PropertyCheckTesting"]),
        .library(name: "ZoomProperties", targets: ["ZoomProperties"]),
        .library(name: "ZoomProtocol", targets: ["ZoomProtocol"]),
        // What a test of your own ZoomImplementation imports, alone: expectCatalogue, and
        // MercatorCore, ZoomProperties, PropertyCheck and PropertyCheckTesting re-exported.
        .library(name: "ZoomPropertiesTesting", targets: ["ZoomPropertiesTesting"]),
        .executable(name: "zoomcheck", targets: ["zoomcheck"]),
    ],
    targets: [
        // MARK: - Library targets (the products above)

        // The arithmetic: value types, conventions, the implementation protocol, both cores.
        .target(name: "MercatorCore", linkerSettings: linkMath),
        // The property engine: PRNG, choice recording, generators, shrinker, runner, report.
        .target(name: "PropertyCheck", dependencies: ["FileAccess"], linkerSettings: linkMath),
        // Swift Testing glue for PropertyCheck, domain-free (kept apart so the CLI never links
        // Testing): expectProperty, expectFailure.
        .target(name: "PropertyCheckTesting", dependencies: ["PropertyCheck"]),
        // Swift Testing glue for the catalogue: expectCatalogue; re-exports what a conformer needs.
        .target(
            name: "ZoomPropertiesTesting",
            dependencies: ["MercatorCore", "PropertyCheck", "PropertyCheckTesting", "ZoomProperties"]),
        // The property catalogue, generic over the implementation protocol.
        .target(name: "ZoomProperties", dependencies: ["MercatorCore", "PropertyCheck"], linkerSettings: linkMath),
        // The JSON-lines protocol (PROTOCOL.md): JSON reading and writing, requests and
        // responses, the `eval` session that answers them, and the `exec:` client that asks them.
        .target(name: "ZoomProtocol", dependencies: ["MercatorCore"], linkerSettings: linkMath),

        // MARK: - Internal targets (no product)

        // Reading a file the user named, refusing what is not a regular file (regressions files,
        // corpus files, the CLI's outputs): no engine, so that the corpus format stands alone.
        .target(name: "FileAccess"),
        // Golden corpus format: parser, model, evaluator (`zoomcheck corpus`).
        .target(name: "GoldenCorpus", dependencies: ["MercatorCore", "FileAccess"], linkerSettings: linkMath),
        // The engine's benchmarks and standard shrinks (`zoomcheck bench`, the shrink-quality suite).
        .target(name: "PropertyCheckBenchmarks", dependencies: ["PropertyCheck"], linkerSettings: linkMath),
        // Panels that measure the catalogue: correct controls by other routes, realistic mutants, the
        // freedom space as a generator.
        .target(name: "ZoomPanels", dependencies: ["MercatorCore", "PropertyCheck"], linkerSettings: linkMath),
        // The commands behind `zoomcheck` (a library so that tests can drive them in-process).
        .target(
            name: "ZoomCheckCLI",
            dependencies: [
                "FileAccess", "MercatorCore", "PropertyCheck", "PropertyCheckBenchmarks", "ZoomProperties",
                "GoldenCorpus", "ZoomPanels", "ZoomProtocol",
            ], linkerSettings: linkMath),

        // MARK: - Executables

        .executableTarget(name: "zoomcheck", dependencies: ["ZoomCheckCLI"], linkerSettings: linkMath),
        // Appends to a regressions file from a process of its own (concurrency and kill tests).
        .executableTarget(
            name: "regressions-writer", dependencies: ["PropertyCheck"], path: "Tests/Helpers/RegressionsWriter"),

        // MARK: - Tests

        // What the test targets share: the package root, tags, shared inputs, golden texts.
        .target(name: "TestSupport", dependencies: ["MercatorCore"], path: "Tests/TestSupport"),

        .testTarget(name: "MercatorCoreTests", dependencies: ["MercatorCore", "TestSupport"], exclude: ["Reference"]),
        .testTarget(
            name: "PropertyCheckTests",
            dependencies: [
                "FileAccess", "PropertyCheck", "PropertyCheckTesting", "PropertyCheckBenchmarks", "TestSupport",
            ]),
        .testTarget(
            name: "ZoomPropertiesTests",
            dependencies: [
                "ZoomProperties", "MercatorCore", "PropertyCheck", "PropertyCheckTesting", "ZoomPropertiesTesting",
                "TestSupport",
            ]),
        .testTarget(
            name: "GoldenCorpusTests", dependencies: ["FileAccess", "GoldenCorpus", "MercatorCore", "TestSupport"]),
        .testTarget(name: "ZoomProtocolTests", dependencies: ["ZoomProtocol", "MercatorCore", "TestSupport"]),
        .testTarget(
            name: "ZoomCheckCLITests",
            dependencies: ["ZoomCheckCLI", "ZoomProtocol", "ZoomPanels", "MercatorCore", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "ZoomPanelsTests",
            dependencies: ["ZoomPanels", "MercatorCore", "ZoomProperties", "PropertyCheck", "TestSupport"]),
    ])
