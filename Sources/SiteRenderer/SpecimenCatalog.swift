import CatalogModel
import Foundation

/// A small catalog that uses every optional key the model has: variants, a sale that ends, a
/// store, a category tree, derived pictures, shipping. `vitrine check` renders its pages beside
/// the shop's own, so a name the theme uses only where a record has that key (a promotion's
/// `ends`, a picture's `srcset`) is known to be provided even in a shop that has no such record.
enum SpecimenCatalog {
    static func make(site: Site, now: Date) -> Catalog {
        var site = site
        let currency = site.currency
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }
        func slug(_ text: String) -> Slug { Slug(text)! }
        func at(_ days: Double) -> Timestamp { Timestamp(date: now.addingTimeInterval(days * 86_400)) }
        let source = SourceLocation(path: "(specimen)")
        let text = RenderedMarkdown(html: "<p>Text.</p>", plainText: "Text.")
        let image = ImageReference.local("images/specimen.jpg")
        let second = ImageReference.local("images/specimen-2.jpg")
        site.checkoutURL = site.checkoutURL ?? "https://checkout.example.com/"
        site.description = site.description ?? "A shop."
        // One product a page, so listings have a second page and their pagination both links.
        site.productsPerPage = 1
        site.unitPriceBase = [.ml: NetContent(amount: 100, unit: .ml)]
        site.shipping = [ShippingRate(country: "US", service: "Standard", price: money(495), freeOver: money(5000), minDays: 2, maxDays: 5)]
        let brands = [
            Brand(slug: slug("specimen-a"), title: "Specimen A", logo: image, country: "FR", website: "https://a.example.com/",
                  description: text, source: source),
            Brand(slug: slug("specimen-b"), title: "Specimen B", source: source),
        ]
        let categories = [
            Category(slug: slug("specimen-care"), title: "Care", googleCategory: "2915", image: image, description: text, source: source),
            Category(slug: slug("specimen-serums"), title: "Serums", parent: slug("specimen-care"), source: source),
        ]
        let products = [
            Product(
                slug: slug("specimen-serum"), sku: "SPEC-1", name: "Serum", brand: slug("specimen-a"), price: money(3000),
                priceUnit: "ml", thumbnail: image, image: image, gtin: "0012345678905", mpn: "S-1", tags: ["serum"], date: at(-1),
                images: [second], netContent: NetContent(amount: 30, unit: .ml), options: ["shade", "size"],
                variants: [
                    Variant(sku: "SPEC-1-A", values: ["Light", "30 ml"], image: image, netContent: NetContent(amount: 30, unit: .ml), source: source),
                    Variant(sku: "SPEC-1-B", values: ["Dark", "50 ml"], price: money(4000), availability: .outOfStock, source: source),
                ],
                categories: [slug("specimen-serums")], featured: true, detail: text, source: source),
            Product(slug: slug("specimen-balm"), sku: "SPEC-2", name: "Balm", brand: slug("specimen-b"), price: money(1200),
                    availability: .preorder, date: at(-2), source: source),
            Product(slug: slug("specimen-mist"), sku: "SPEC-3", name: "Mist", brand: slug("specimen-a"), price: money(900),
                    availability: .outOfStock, categories: [slug("specimen-care")], source: source),
        ] + (1...9).map { number in
            // Enough of one brand for its listing's pagination to leave a gap between page links.
            Product(slug: slug("specimen-extra-\(number)"), sku: "SPEC-X\(number)", name: "Extra \(number)", brand: slug("specimen-a"),
                    price: money(100 * Int64(number)), source: source)
        }
        let store = Store(name: "Store", address: "1 Main Street", latitude: 48.85, longitude: 2.35)
        let promotions = [
            Promotion(slug: slug("specimen-sale"), title: "Sale", starts: at(-3), ends: at(3), brands: [slug("specimen-b")],
                      products: [slug("specimen-serum")], discountPercent: 10, code: "SALE10", image: image, stores: [store],
                      content: text, source: source),
            Promotion(slug: slug("specimen-open"), title: "Open", starts: at(-3), brands: [slug("specimen-a")], discountPercent: 5,
                      content: text, source: source),
            Promotion(slug: slug("specimen-soon"), title: "Soon", starts: at(3), ends: at(6), stores: [store], source: source),
            Promotion(slug: slug("specimen-over"), title: "Over", starts: at(-9), ends: at(-6), source: source),
        ]
        let pages = [Page(slug: slug("specimen-page"), title: "Page", body: text, source: source)]
        var catalog = Catalog(site: site, brands: brands, products: products, promotions: promotions, pages: pages, categories: categories)
        catalog.reviews = specimenReviews(for: slug("specimen-serum"), now: now, zone: site.timeZone)
        for picture in [image, second] {
            catalog.pictures[picture.sitePath] = PictureSet(
                renditions: [PictureFormat.avif, .webp, .jpeg].map {
                    PictureSet.Rendition(width: 320, height: 320, format: $0, path: picture.sitePath + "-320." + $0.fileExtension)
                },
                fallback: .jpeg)
        }
        return catalog
    }

    /// More reviews than a page prints, one with every optional key, so the "More reviews" parts
    /// and a review's title, response and language are seen. The shelf reads text back from files:
    /// the lines are written to a temporary file, which the shelf holds open once it is made, so
    /// the file is removed at once.
    static func specimenReviews(for product: Slug, now: Date, zone: TimeZone) -> ReviewShelf {
        let count = PageBuilder.reviewsShown + 2
        let day = Int64(now.timeIntervalSince1970) / 86_400 - 1
        let lines = (0..<count).map { number -> String in
            let date = Timestamp.rfc3339(Date(timeIntervalSince1970: Double(day - Int64(number)) * 86_400))
            return number == 0
                ? #"{"id":"specimen-0","product":"\#(product)","rating":4,"title":"Title","body":"Text.\n\nMore text.","author":"Author","date":"\#(date)","verified":true,"language":"zz","response":{"body":"Thanks.","date":"\#(date)"}}"#
                : #"{"id":"specimen-\#(number)","product":"\#(product)","rating":5,"body":"Text.","author":"Author","date":"\#(date)"}"#
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-specimen-\(UUID().uuidString).jsonl").path
        guard FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8)) else { return .empty }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var offset = 0
        let entries = lines.enumerated().map { number, line -> (product: Slug, entry: ReviewShelf.Entry) in
            let entry = ReviewShelf.Entry(
                date: (day - Int64(number)) * 86_400, file: 0, lineNumber: Int32(number + 1), offset: offset,
                length: Int32(line.utf8.count), rating: number == 0 ? 4 : 5, verified: number == 0, hasResponse: number == 0,
                hash: UInt64(number))
            offset += line.utf8.count + 1
            return (product, entry)
        }
        return ReviewShelf(paths: [path], displayPaths: ["(specimen)"], zone: zone, reviews: entries)
    }
}
