import Foundation

/// The text files of a new shop's `Content/` folder, written for its title.
struct StarterContent {
    var title: String
    var today: Date

    static let photoPath = "images/products/stoneware-mug.png"

    /// What git leaves out: the built site and, beside it, the picture cache and build record
    /// (`BuildCache.folder(forOutput:)`).
    static let gitignore = """
        # The built site, and beside it the derived pictures and the incremental build's record.
        /Output/
        /.Output.vitrine-cache/

        """

    /// The brand: the shop's own label, named after the shop.
    var brandSlug: String { Self.slug(title) ?? "my-shop" }

    func textFiles() -> [(path: String, text: String)] {
        [
            ("Content/site.json", siteJSON),
            ("Content/brands/\(brandSlug).md", brand),
            ("Content/categories/kitchen.md", category),
            ("Content/products/stoneware-mug.md", mug),
            ("Content/products/linen-tea-towel.md", teaTowel),
            ("Content/promotions/opening-week.md", promotion),
            ("Content/pages/about.md", about),
            ("README.md", readme),
        ]
    }

    var siteJSON: String {
        """
        {
          "title": \(Self.quoted(title)),
          "baseURL": "https://www.example.com/",
          "currency": "USD",
          "locale": "en_US",
          "timeZone": "UTC",
          "description": \(Self.quoted("Things we make and love, from \(title).")),
          "productsPerPage": 20
        }

        """
    }

    var brand: String {
        """
        ---
        title: \(Self.quoted(title))
        country: US
        ---

        Everything we sell we make ourselves, in small batches. Tell your shoppers here who you
        are and what your label stands for.

        """
    }

    let category = """
        ---
        title: "Kitchen"
        ---

        Things for the kitchen and the table.

        """

    var mug: String {
        """
        ---
        sku: MUG
        name: "Stoneware mug"
        brand: \(brandSlug)
        categories: [kitchen]
        price: 24.00
        image: \(Self.photoPath)
        tags: [kitchen, handmade]
        date: \(day(0))
        options: [colour]
        variants:
          - sku: MUG-SAND
            colour: Sand
          - sku: MUG-SLATE
            colour: Slate
            price: 26.00
        ---

        A heavy, hand-thrown mug that holds a generous cup. Each one is a little different.

        - Dishwasher and microwave safe
        - Two glazes: Sand and Slate

        """
    }

    var teaTowel: String {
        """
        ---
        sku: TOWEL-LINEN
        name: "Linen tea towel"
        brand: \(brandSlug)
        categories: [kitchen]
        price: 14.00
        tags: [kitchen, linen]
        date: \(day(0))
        ---

        Washed linen that dries glasses without lint and gets softer with every wash.

        """
    }

    var promotion: String {
        """
        ---
        title: "Opening week: 10% off tea towels"
        starts: \(day(0))
        ends: \(day(7))
        products: [linen-tea-towel]
        discountPercent: 10
        ---

        To celebrate the new shop, our linen tea towels are 10% off for a week.

        """
    }

    var about: String {
        """
        ---
        title: \(Self.quoted("About \(title)"))
        ---

        Who you are, where you work and how to reach you. This page is
        `Content/pages/about.md`: edit it, and the footer links to it.

        """
    }

    var readme: String {
        """
        # \(title)

        A shop built with Vitrine: content in `Content/`, the site in `Output/`.

        ```sh
        vitrine serve                 # preview at http://127.0.0.1:8000/, rebuilt on every save
        vitrine check --strict        # what CI checks
        vitrine build                 # the site into Output/
        vitrine theme copy partials/header.mustache   # start changing the built-in theme
        ```

        `.github/workflows/publish.yml` publishes the site on GitHub Pages at every push to `main`
        (in the repository's settings, under Pages, choose GitHub Actions as the source).
        Set `baseURL` in `Content/site.json` to the address the shop is published at.

        """
    }

    /// `today` moved by `days`, as an ISO 8601 date (UTC, as site.json's time zone).
    func day(_ days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .day, value: days, to: today) ?? today
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 2026, parts.month ?? 1, parts.day ?? 1)
    }

    /// A JSON string, which YAML also reads as a string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04x", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// A slug as the content model allows one (`a-z`, `0-9`, `-`, at most 64), nil when the text
    /// has no letter or digit it can keep.
    static func slug(_ text: String) -> String? {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US")).lowercased()
        var slug = ""
        for character in folded {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(64))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? nil : slug
    }
}
