import BuildEngine
public import CatalogModel
import Foundation

/// A product's reviews in the API: pages of the full text for apps and for the product page's
/// "More reviews" button, and the average and count where the API names the product.
extension CatalogAPI {
    /// Reviews per page: what one press of "More reviews" adds to a product page.
    public static let reviewsPerPage = Routes.reviewsPerAPIPage

    /// Pages of a product's reviews; at least one for a product with any.
    public static func reviewPageCount(forReviews count: Int) -> Int {
        max(1, (count + reviewsPerPage - 1) / reviewsPerPage)
    }

    /// Every reviewed product's pages, by product then page. A page prints its reviews and the
    /// numbers of all of them, so it depends on the product's record (which its reviews mark
    /// changed) and the site (its URLs).
    func reviewJobs(_ shared: Shared<CatalogAPI>) -> [OutputJob] {
        var jobs: [OutputJob] = []
        for product in catalog.reviews.reviewedProducts {
            let pages = Self.reviewPageCount(forReviews: catalog.reviews.entries(for: product).count)
            for page in 1...pages {
                jobs.append(OutputJob(
                    path: APIRoutes.reviews(product, page: page), category: .data, kind: "api-reviews",
                    dependencies: [.site, .record(.product, product)]
                ) {
                    // A product that lost its reviews has no document; its job is planned only
                    // while it has some, so this is a race with an edit at most.
                    shared.value.reviewPageBytes(product, page: page)
                })
            }
        }
        return jobs
    }

    /// Page `page` (from 1) of a product's reviews, newest first; nil when the product has no
    /// reviews or no such page. Reads exactly the page's reviews from their files.
    public func reviewPage(_ product: Slug, page: Int) -> ReviewPageDocument? {
        guard case (var document, let range)? = reviewPageFrame(product, page: page) else { return nil }
        document.reviews = catalog.reviews.reviews(for: product, in: range).map(ReviewDocument.init)
        return document
    }

    /// Page `page` as the build writes it, its texts copied from the review lines; an empty page
    /// when the product has no reviews or no such page (a race with an edit at most).
    func reviewPageBytes(_ product: Slug, page: Int) -> Data {
        guard let (document, range) = reviewPageFrame(product, page: page) else {
            return JSONOutput.data(ReviewPageDocument.empty(product))
        }
        let lines = catalog.reviews.lines(for: product, in: range)
        let zone = catalog.site.timeZone
        var writer = JSONObjectWriter(capacity: 512 + lines.reduce(0) { $0 + 128 + Int($1.entry.length) })
        document.write(to: &writer) { writer in
            writer.objects("reviews", lines) { writer, line in
                ReviewLineDocument(line: line, product: product, zone: zone).write(to: &writer)
            }
        }
        return Data(writer.finish())
    }

    /// A page's numbers without its reviews, and which of the product's reviews it shows.
    private func reviewPageFrame(_ product: Slug, page: Int) -> (ReviewPageDocument, Range<Int>)? {
        guard let summary = catalog.reviews.summary(for: product) else { return nil }
        let pages = Self.reviewPageCount(forReviews: summary.count)
        guard (1...pages).contains(page) else { return nil }
        let start = (page - 1) * Self.reviewsPerPage
        let document = ReviewPageDocument(
            product: product.rawValue, summary: ReviewSummaryDocument(summary), page: page, pages: pages, reviews: [],
            next: page < pages ? absolute(APIRoutes.reviews(product, page: page + 1)) : nil)
        return (document, start..<min(summary.count, start + Self.reviewsPerPage))
    }

    /// Nil for a product without reviews.
    func rating(of product: Slug) -> RatingDocument? {
        guard let summary = catalog.reviews.summary(for: product) else { return nil }
        return RatingDocument(
            average: Double(summary.averageTenths) / 10, count: summary.count, reviews: absolute(APIRoutes.reviews(product, page: 1)))
    }
}

extension ReviewPageDocument {
    static func empty(_ product: Slug) -> ReviewPageDocument {
        ReviewPageDocument(
            product: product.rawValue, summary: ReviewSummaryDocument(RatingSummary()), page: 1, pages: 1, reviews: [], next: nil)
    }
}
