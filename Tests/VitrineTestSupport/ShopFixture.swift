public import Foundation

/// A small valid shop written to a fresh temporary folder. Tests change one file to break one
/// rule and look for the diagnostic that names it.
public struct ShopFixture: Sendable {
    public let root: URL
    public var content: URL { root.appendingPathComponent("Content") }
    public var output: URL { root.appendingPathComponent("Output") }

    /// The repository's default theme.
    public static var templates: URL { repositoryRoot.appendingPathComponent("Templates") }

    public static var repositoryRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }

    public static let files: [String: String] = [
        "site.json": """
            {
              "title": "Test & Shop",
              "baseURL": "https://example.com/shop/",
              "currency": "USD",
              "locale": "en_US",
              "description": "A shop for tests.",
              "productsPerPage": 2,
              "checkoutURL": "https://checkout.example.com/"
            }
            """,
        "brands/origins.md": """
            ---
            title: Origins
            logo: images/origins.png
            country: US
            website: https://origins.example.com/
            ---
            Plant-powered skincare since **1990**.
            """,
        "brands/aven.json": """
            {"title": "Aven", "country": "FR", "description": "Thermal spring water care."}
            """,
        "products/origins/night-serum.md": """
            ---
            sku: ORG-NS-30
            name: Night Serum
            brand: origins
            price: 32.00
            priceUnit: ml
            thumbnail: images/night-serum.png
            image: images/night-serum.png
            gtin: "0012345678905"
            tags: [serum, night]
            date: 2026-03-14
            ---
            A calm serum for the night.

            ## How to use
            Apply **two drops**.
            """,
        "products/origins/day-cream.md": """
            ---
            sku: ORG-DC-50
            name: Day Cream
            brand: origins
            price: "18.5"
            availability: out_of_stock
            ---
            Light day cream.
            """,
        "products/origins/eye-balm.md": """
            ---
            sku: ORG-EB-15
            name: Eye Balm
            brand: origins
            price: 24
            priceUnit: oz
            availability: preorder
            ---
            Cooling eye balm.
            """,
        "products/aven-mist.json": """
            {"sku": "AVN-MIST", "name": "Thermal Mist", "brand": "aven", "price": 12.9, "priceUnit": "fl oz",
             "detail": "Soothing **mist**."}
            """,
        "promotions/xmas.md": """
            ---
            title: 10% off for X'mas
            starts: 2026-11-15
            ends: 2026-12-26
            products: [night-serum]
            discountPercent: 10
            code: XMAS10
            stores:
              - name: Paris store
                address: 1 Rue de Rivoli
                latitude: 48.8566
                longitude: 2.3522
            ---
            Ten percent off the **night serum**.
            """,
        "promotions/spring.md": """
            ---
            title: Spring sale
            starts: 2027-03-01
            brands: [aven]
            discountPercent: 20
            ---
            Coming soon.
            """,
        "promotions/summer.json": """
            {"title": "Summer sale", "starts": "2026-06-01", "ends": "2026-08-31", "brands": ["origins"],
             "content": "Over."}
            """,
        "pages/about.md": """
            ---
            title: About us
            ---
            We sell **nice** things.
            """,
    ]

    /// The clock every fixture test uses: X'mas active, spring upcoming, summer expired.
    public static let clock = Records.now

    public init(changes: [String: String?] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        var files = Self.files
        for (path, text) in changes { files[path] = text }
        for (path, text) in files {
            try write(text, to: "Content/" + path)
        }
        for (image, width) in [("origins.png", 40), ("night-serum.png", 30)] {
            let url = root.appendingPathComponent("Content/images/" + image)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try TinyPNG.make(width: width, height: 20).write(to: url)
        }
    }

    public func write(_ text: String, to relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(relative))
    }

    /// Staging folders or files a build left beside its output in `root` (the picture caches
    /// apart): a failed build must leave none.
    public func stagingLeftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.contains("vitrine-") && !$0.hasSuffix(".vitrine-cache") }
    }

    public func cleanUp() {
        try? FileManager.default.removeItem(at: root)
    }
}
