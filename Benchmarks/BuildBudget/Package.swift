// swift-tools-version:6.0
import PackageDescription

// What each part of `vitrine build` costs in processor time, each run alone on one thread, and the
// wall time that sum allows on this machine's cores; and what swift-mustache costs per tag. A
// package of its own so that `swift build` at the root never builds it; see BENCHMARKS.md.
let package = Package(
    name: "BuildBudget",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Vitrine", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .executableTarget(
            name: "vitrine-build-budget",
            dependencies: [.product(name: "VitrineFeeds", package: "Vitrine")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]),
        .executableTarget(
            name: "mustache-cost",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")]),
    ]
)
