/// One row of a review export in terms common to the services: what each service's columns say,
/// before any of it is checked against the catalog or read as a number or a date.
struct ReviewRow {
    /// The line the row starts on.
    var line: Int
    /// The service's own id for the review, when the export has one.
    var serviceID: String = ""
    var product = ProductKeys()
    var rating = ""
    var title = ""
    var body = ""
    var author = ""
    var date = ""
    var verified = false
    /// The shop's public answer, and when it was written.
    var reply = ""
    var replyDate = ""
    var status = Status.published
    /// What the review's id is derived from when the service gives none: the fields a later
    /// export of the same review repeats (never the reply, which the shop may edit).
    var identity: [String] = []

    enum Status: Equatable {
        case published
        /// Hidden, pending or rejected in the service; the text says which.
        case unpublished(String)
        case spam
        /// A review of the shop as a whole, which has no product page.
        case shopReview
    }

    /// What the row says about the product, in whichever columns the export has.
    struct ProductKeys: Equatable {
        var handle = ""
        var sku = ""
        var id = ""
        var url = ""
        var title = ""

        var isEmpty: Bool { handle.isEmpty && sku.isEmpty && id.isEmpty && url.isEmpty && title.isEmpty }
    }
}

extension ReviewRow {
    /// What each service calls the columns every export has, in order of preference.
    struct Names {
        let id, handle, sku, productID, url, productTitle, rating, title, body, author, date: [String]
    }

    /// A row with the columns every export has read, as `names` calls them.
    init(line: Int, _ values: [String: String], _ columns: ReviewColumns, names: Names) {
        self.init(line: line)
        serviceID = columns.value(values, names.id)
        product = ProductKeys(
            handle: columns.value(values, names.handle), sku: columns.value(values, names.sku),
            id: columns.value(values, names.productID), url: columns.value(values, names.url),
            title: columns.value(values, names.productTitle))
        rating = columns.value(values, names.rating)
        title = columns.value(values, names.title)
        body = columns.value(values, names.body)
        author = columns.value(values, names.author)
        date = columns.value(values, names.date)
    }
}
