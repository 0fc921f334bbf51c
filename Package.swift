// swift-tools-version:6.0
import PackageDescription

let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Release builds only; together about a sixth of a 10,000-product build (BENCHMARKS.md):
    // cross-module optimization lets the optimizer inline and specialize the model's accessors and
    // the writers across the project's modules; and exclusive access is checked when compiling
    // and in debug builds, which the test suite runs, not again on every access in release.
    .unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Vitrine",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        // For the packages under Benchmarks/, kept apart so benchmarks stay out of the normal build.
        .library(
            name: "VitrineFeeds",
            targets: [
                "CatalogModel", "BuildEngine", "ContentLoader", "SiteRenderer", "FeedWriter", "CatalogAPI", "SearchIndexer",
                "SiteBuilder",
            ]),
        // For the fuzz package under Fuzz/: the content readers and the checkout's cart and token
        // parsers. Not `VitrineFeeds`: the fuzzer's flag reaches every target built, and the theme
        // embedder that SiteBuilder's plugin runs is a program whose `main` clashes with libFuzzer's.
        .library(name: "VitrineContent", targets: ["ContentLoader"]),
        .library(name: "VitrineCheckout", targets: ["CheckoutService"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // `vitrine build --archive`: the site as one tar file.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // The allocator of the `vitrine` executable: a build takes about a fifth less time than with
        // glibc's malloc (BENCHMARKS.md). Debian's package has no pkg-config file.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // The checkout service's orders: one SQLite file, written by one process, read by the editor and `vitrine orders`.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The one way every layer spreads work over the cores, the model's indexes included.
        // Names hashed without SipHash (template keys, slugs), and a text's bytes read in place.
        .target(name: "TextHash", swiftSettings: strictness),
        .target(name: "Parallel", dependencies: ["TextHash"], swiftSettings: strictness),
        .target(
            name: "CatalogModel", dependencies: ["Parallel", "TextHash", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictness),
        // What a build is made of, whoever produces it: output jobs and what they depend on, file
        // stamps and digests.
        .target(
            name: "BuildEngine", dependencies: ["CatalogModel", "Parallel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictness),
        .target(
            name: "ContentLoader",
            dependencies: [
                "CatalogModel", "BuildEngine", "Parallel", "CCmarkGFM", "TextHash", .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ],
            swiftSettings: strictness),
        // The theme engine: Mustache resolved once per template, run against the official suite.
        .target(name: "TemplateEngine", dependencies: ["TextHash"], swiftSettings: strictness),
        .target(
            name: "SiteRenderer",
            dependencies: ["CatalogModel", "BuildEngine", "TemplateEngine", "TextHash", "ShopStrings"],
            swiftSettings: strictness),
        // The theme's string tables (`i18n/<language>.json`): messages with placeholders and CLDR
        // plural forms, looked up with a fallback to English. Apart from SiteRenderer, so that feeds and
        // the checkout service can take their texts from the same tables.
        .target(name: "ShopStrings", dependencies: ["CatalogModel"], swiftSettings: strictness),
        .target(
            name: "FeedWriter", dependencies: ["CatalogModel", "BuildEngine", "CLibXML2", "TextHash", "ShopStrings", "DefaultTheme"],
            swiftSettings: strictness),
        // Product photos in the widths and formats pages offer, through libvips, cached across builds.
        .target(
            name: "ImageDerivatives",
            dependencies: ["CatalogModel", "BuildEngine", "Parallel", "CVips", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictness),
        .target(
            name: "SearchIndexer", dependencies: ["CatalogModel", "BuildEngine", "Parallel", "CZlib", "TextHash"], swiftSettings: strictness),
        .target(name: "CatalogAPI", dependencies: ["CatalogModel", "BuildEngine"], swiftSettings: strictness),
        .target(
            name: "Importer",
            dependencies: ["CatalogModel", "ContentLoader", "CLibXML2"],
            swiftSettings: strictness),
        .target(name: "SiteArchive", dependencies: ["BuildEngine", "CArchive"], swiftSettings: strictness),
        // `vitrine deploy`: the built folder sent to a server over SSH, an S3 bucket or a static host,
        // only the files whose bytes changed since the last deploy.
        .target(
            name: "SiteDeploy",
            dependencies: ["Parallel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictness),
        // The default theme, `Templates/`, embedded in the program at build time: a shop's own
        // `Templates/` holds only the files it changes.
        .executableTarget(name: "ThemeEmbedder", swiftSettings: strictness),
        .plugin(name: "EmbedDefaultTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .target(name: "DefaultTheme", dependencies: ["ShopStrings"], swiftSettings: strictness, plugins: ["EmbedDefaultTheme"]),
        // `vitrine theme copy` and `vitrine theme diff`: a shop's overrides of the built-in theme.
        .target(name: "ThemeOverrides", dependencies: ["DefaultTheme", "CatalogModel", "BuildEngine"], swiftSettings: strictness),
        // `vitrine init`: a small working shop to start from.
        .target(name: "ShopStarter", dependencies: ["CZlib"], swiftSettings: strictness),
        .target(
            name: "SiteBuilder",
            dependencies: [
                "CatalogModel", "BuildEngine", "Parallel", "ContentLoader", "SiteRenderer", "FeedWriter", "CatalogAPI",
                "SearchIndexer", "ImageDerivatives", "TextHash", "SiteArchive", "DefaultTheme",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictness),
        // `vitrine serve --edit`: forms from the model's key table, saved only when the catalog validates.
        .target(
            name: "ContentEditor",
            dependencies: [
                "CatalogModel", "BuildEngine", "Parallel", "ContentLoader", "ImageDerivatives", "TemplateEngine", "Orders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictness),
        .target(
            name: "PreviewServer",
            dependencies: [
                "SiteBuilder", "CatalogModel", "ContentLoader", "ContentEditor",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictness),
        // Orders paid through Stripe Checkout, kept in SQLite: the service writes them, staff read them.
        .target(name: "Orders", dependencies: ["CatalogModel", "CSQLite"], swiftSettings: strictness),
        .target(
            name: "CheckoutService",
            dependencies: [
                "CatalogModel", "Orders", "ShopStrings", "DefaultTheme",
                .product(name: "Hummingbird", package: "hummingbird"),
                "TemplateEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ],
            resources: [.embedInCode("Resources/openapi.json"), .embedInCode("Resources/summary.mustache")],
            swiftSettings: strictness),
        .executableTarget(
            name: "vitrine",
            dependencies: [
                "SiteBuilder", "CatalogModel", "CatalogAPI", "SearchIndexer", "CheckoutService", "PreviewServer", "Importer",
                "ImageDerivatives", "ContentEditor", "CMimalloc", "ShopStarter", "ThemeOverrides", "SiteArchive", "Orders",
                "SiteDeploy", "SiteRenderer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness),
        .target(
            name: "VitrineTestSupport", dependencies: ["BuildEngine", "CatalogModel", "ContentLoader", "SiteBuilder", "CArchive"],
            path: "Tests/VitrineTestSupport", swiftSettings: strictness),
        .testTarget(
            name: "SiteArchiveTests", dependencies: ["SiteArchive", "BuildEngine", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(name: "SiteDeployTests", dependencies: ["SiteDeploy", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(
            name: "ImporterTests", dependencies: ["Importer", "CatalogModel", "ContentLoader", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(name: "OrdersTests", dependencies: ["Orders", "CatalogModel"], swiftSettings: strictness),
        .testTarget(name: "ShopStringsTests", dependencies: ["ShopStrings", "CatalogModel", "DefaultTheme"], swiftSettings: strictness),
        .testTarget(name: "TextHashTests", dependencies: ["TextHash"], swiftSettings: strictness),
        .testTarget(name: "DefaultThemeTests", dependencies: ["DefaultTheme", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(
            name: "ThemeOverridesTests", dependencies: ["ThemeOverrides", "DefaultTheme", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(name: "ShopStarterTests", dependencies: ["ShopStarter", "VitrineTestSupport"], swiftSettings: strictness),
        .testTarget(
            name: "TemplateEngineTests", dependencies: ["TemplateEngine"], exclude: ["Specification"],
            swiftSettings: strictness),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"], swiftSettings: strictness),
        .testTarget(name: "BuildEngineTests", dependencies: ["BuildEngine", "CatalogModel"], swiftSettings: strictness),
        .testTarget(
            name: "ContentLoaderTests", dependencies: ["ContentLoader", "CatalogModel", "BuildEngine", "Parallel", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "SiteRendererTests",
            dependencies: [
                "SiteRenderer", "TemplateEngine", "CatalogModel", "BuildEngine", "ContentLoader", "VitrineTestSupport", "ShopStrings",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictness),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "CatalogModel", "BuildEngine", "Parallel", "ContentLoader", "SiteRenderer", "CheckoutService", "CLibXML2",
                "ImageDerivatives", "VitrineTestSupport", "DefaultTheme", "ShopStrings",
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "PreviewServerTests",
            dependencies: [
                "PreviewServer", "SiteBuilder", "CatalogModel", "ContentLoader", "ContentEditor", "VitrineTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "ContentEditorTests",
            dependencies: [
                "ContentEditor", "CatalogModel", "ContentLoader", "VitrineTestSupport", "Orders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "FeedWriterTests",
            dependencies: ["FeedWriter", "CatalogModel", "BuildEngine", "ContentLoader", "CLibXML2", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "CatalogAPITests",
            dependencies: ["CatalogAPI", "CatalogModel", "BuildEngine", "ContentLoader", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "ImageDerivativesTests",
            dependencies: ["ImageDerivatives", "BuildEngine", "CatalogModel", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "SearchIndexerTests",
            dependencies: ["SearchIndexer", "CatalogModel", "ContentLoader", "CZlib", "VitrineTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "CheckoutServiceTests",
            dependencies: [
                "CheckoutService", "CatalogModel", "ContentLoader", "VitrineTestSupport", "Orders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "vitrineTests",
            dependencies: [
                "vitrine", "VitrineTestSupport", "CMimalloc", "Orders", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictness),
    ]
)
