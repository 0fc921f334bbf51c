// swift-tools-version:6.0
import PackageDescription

// Times JSON API and schema generation on a generated catalog.
// A package of its own so that `swift build` at the root never builds it; see BENCHMARKS.md.
let package = Package(
    name: "APIBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Vitrine", path: "../..")],
    targets: [
        .executableTarget(
            name: "vitrine-api-benchmark",
            dependencies: [.product(name: "VitrineFeeds", package: "Vitrine")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ])
    ]
)
