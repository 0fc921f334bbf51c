/// Yotpo's reviews export. Yotpo documents a review's parts (support.yotpo.com, "Viewing and
/// sorting reviews": star rating, title, content, product, user name, source, comments) but not
/// the export's column names; these are the header of a current export as a merchant quoted it
/// (github.com/getdatakick/revws issue 173, 2022):
///
///     appKey,Review ID,Review Creation Date,Review Type,Review Status,Status Details,
///     Review Source,Review Score,Review Title,Review Content,…,Comment Date,Comment Content,
///     Comment Public,…,Reviewer Display Name,Reviewer Email,Reviewer Type,Reviewer Country,…,
///     Product ID,Product Title,Product Description,Product URL,Product Image URL,
///     Product Handle,Product Group,Product Category,Product UPC,Product SKU,…
///
/// and the older snake_case file (`published,review_title,review_content,review_score,date,
/// product_id,display_name,email,comment_content`) is read too. The values read:
/// - `Review Status`: only `Published` is imported (Yotpo's moderation publishes or unpublishes
///   a review); the legacy `published` column likewise.
/// - `Reviewer Type`: Yotpo's badges are Verified Buyer, Verified Reviewer and Anonymous
///   Reviewer (support.yotpo.com, "Reviewer badges"); only a verified buyer bought the product,
///   which is what `verified` means in Vitrine. A `Verified Purchase` column is read where a
///   file has one instead.
/// - `Comment Content` is the shop's answer, published when `Comment Public` is not false.
/// - `Review Type` `site`, or the product id `yotpo_site_reviews` (Yotpo's id for the shop as a
///   product), marks a review of the shop.
/// - `Reviewer Email` and `Reviewer Country` are never read.
extension ReviewImporter.Service {
    enum Yotpo {
        static let id = ["review_id", "id"]
        static let title = ["review_title", "title"]
        static let body = ["review_content", "content"]
        static let rating = ["review_score", "score"]
        static let date = ["review_creation_date", "date", "created_at", "review_date"]
        static let status = ["review_status"]
        static let published = ["published"]
        static let type = ["review_type"]
        static let reviewerType = ["reviewer_type"]
        static let verified = ["verified_purchase", "verified_buyer"]
        static let name = ["reviewer_display_name", "display_name", "reviewer_name", "name"]
        static let productID = ["product_id"]
        static let handle = ["product_handle"]
        static let sku = ["product_sku", "sku"]
        static let url = ["product_url"]
        static let productTitle = ["product_title", "product_name"]
        static let reply = ["comment_content"]
        static let replyPublic = ["comment_public"]
        static let replyDate = ["comment_date"]

        static let required = [("Review Score", rating), ("Review Content", body), ("Review Creation Date", date)]

        /// The product id Yotpo gives reviews of the shop itself.
        static let siteProductID = "yotpo_site_reviews"

        static let shared = ReviewRow.Names(
            id: id, handle: handle, sku: sku, productID: productID, url: url, productTitle: productTitle, rating: rating,
            title: title, body: body, author: name, date: date)

        static func row(_ values: [String: String], _ columns: ReviewColumns, line: Int) -> ReviewRow {
            var row = ReviewRow(line: line, values, columns, names: shared)
            if columns.flag(values, replyPublic) != false {
                row.reply = columns.value(values, reply)
                row.replyDate = columns.value(values, replyDate)
            }
            if columns.has(reviewerType) {
                row.verified = ReviewColumns.normalized(columns.value(values, reviewerType)).contains("buyer")
            } else {
                row.verified = columns.flag(values, verified) ?? false
            }
            let state = columns.value(values, status)
            if !state.isEmpty, ReviewColumns.normalized(state) != "published" {
                row.status = ReviewColumns.normalized(state).contains("spam") ? .spam : .unpublished(state.lowercased())
            } else if columns.flag(values, published) == false {
                row.status = .unpublished("not published")
            } else if ReviewColumns.normalized(columns.value(values, type)).contains("site") || row.product.isEmpty
                || [row.product.id, row.product.sku].contains(siteProductID)
            {
                row.status = .shopReview
            }
            row.identity = [
                row.product.id, row.product.sku, row.product.handle, row.author, row.date, row.rating, row.title, row.body,
            ]
            return row
        }
    }
}
