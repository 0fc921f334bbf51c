/// Judge.me's reviews CSV. Judge.me publishes no table of its export's columns; the names below
/// are those of its export and import files as they appear in public code that reads or writes
/// them (the same header in several unrelated projects):
///
///     title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,
///     product_handle,reply,reply_date,picture_urls,ip_address,location,metaobject_handle
///
/// Older files end at `location` or lack `reply_date`. Judge.me's import template
/// (help.judge.me, "Importing reviews using Judge.me template") has `product_url` instead, dates
/// as `dd/mm/yyyy`, and needs only `body` and `rating`; a row with no product column filled is a
/// review of the shop. The values read:
/// - `curated`: `ok`, `not-yet` or `spam` (Judge.me's review API has the same field). `spam` is
///   left out; `not-yet` is kept, since with auto-publish on (Judge.me's default) uncurated
///   reviews are published ("When you turn Autopublish off, all uncurated and new reviews will
///   be hidden", support.judge.me, managing reviews).
/// - `hidden` and `published`, in files that have them: a hidden or unpublished review is left out.
/// - verified: a `verified` column where there is one (Judge.me's API writes `buyer` for a
///   verified buyer); otherwise `source` `email`, a review written from Judge.me's request
///   email, which goes to buyers after their order is fulfilled (judge.me's policies on how
///   reviews are collected; its help names such reviewers verified).
/// - `reviewer_email`, `ip_address`, `location` and `picture_urls` are never read: an address
///   must not reach a page, and photos are not part of a review in Vitrine.
extension ReviewImporter.Service {
    enum JudgeMe {
        static let id = ["id", "review_id"]
        static let title = ["title", "review_title"]
        static let body = ["body", "review_body"]
        static let rating = ["rating", "review_rating"]
        static let date = ["review_date", "created_at", "date"]
        static let source = ["source"]
        static let curated = ["curated"]
        static let hidden = ["hidden"]
        static let published = ["published"]
        static let verified = ["verified"]
        static let name = ["reviewer_name", "name"]
        static let productID = ["product_id"]
        static let handle = ["product_handle", "handle"]
        static let url = ["product_url"]
        static let productTitle = ["product_title", "product_name"]
        static let sku = ["product_sku", "sku"]
        static let reply = ["reply"]
        static let replyDate = ["reply_date"]

        static let required = [("body", body), ("rating", rating), ("review_date", date)]

        static let shared = ReviewRow.Names(
            id: id, handle: handle, sku: sku, productID: productID, url: url, productTitle: productTitle, rating: rating,
            title: title, body: body, author: name, date: date)

        static func row(_ values: [String: String], _ columns: ReviewColumns, line: Int) -> ReviewRow {
            var row = ReviewRow(line: line, values, columns, names: shared)
            row.reply = columns.value(values, reply)
            row.replyDate = columns.value(values, replyDate)
            if columns.has(verified) {
                let mark = ReviewColumns.normalized(columns.value(values, verified))
                row.verified = ["buyer", "verified_buyer", "verified_purchase", "true", "yes", "1"].contains(mark)
            } else {
                row.verified = columns.value(values, source).lowercased() == "email"
            }
            let curation = columns.value(values, curated).lowercased()
            if curation == "spam" {
                row.status = .spam
            } else if columns.flag(values, hidden) == true {
                row.status = .unpublished("hidden")
            } else if columns.flag(values, published) == false {
                row.status = .unpublished("not published")
            } else if row.product.isEmpty {
                row.status = .shopReview
            }
            row.identity = [
                row.product.id, row.product.handle, row.product.url, row.author, row.date, row.rating, row.title, row.body,
            ]
            return row
        }
    }
}
