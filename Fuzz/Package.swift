// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for the readers that see untrusted content: the front-matter splitter, the
// YAML and JSON readers with positions (and their bounds) and the Markdown renderer
// (fuzz-content); the checkout's cart body, cart path, promotion code and token readers
// (fuzz-checkout). A package of
// its own so that `swift build` at the root never builds it with the fuzzer; run it with
// scripts/fuzz.sh, which builds it with AddressSanitizer and libFuzzer's coverage and runs each corpus for a bounded time.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .unsafeFlags(["-parse-as-library"]),
]

// libFuzzer's own main, linked into the harnesses alone. Everything else, the package's build tool
// included, is compiled with AddressSanitizer's coverage (scripts/fuzz.sh), which libFuzzer reads.
let fuzzer: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]

let package = Package(
    name: "VitrineFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Vitrine", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver", swiftSettings: Array(settings.dropLast())),
        .executableTarget(
            name: "fuzz-checkout",
            dependencies: ["FuzzDriver", .product(name: "VitrineCheckout", package: "Vitrine")],
            swiftSettings: settings, linkerSettings: fuzzer),
        .executableTarget(
            name: "fuzz-content",
            dependencies: ["FuzzDriver", .product(name: "VitrineContent", package: "Vitrine")],
            swiftSettings: settings, linkerSettings: fuzzer),
    ]
)
