import Foundation
import Orders

/// The orders pages' HTML (`serve --edit --orders`): read-only, for staff who pack and refund,
/// in the editor's own layout and markup. Every value from the orders file is escaped: an email,
/// a product name or a review reason came from a shopper, Stripe or an old catalog, not from us.
enum OrdersPage {
    /// What the list needs besides its rows: the file's totals for the header, and how many orders
    /// the filters match, for the pages.
    struct ListCounts {
        var byStatus: [Order.Status: Int]
        var needsReview: Int
        var matching: Int

        var all: Int { byStatus.values.reduce(0, +) }
    }

    static func statusName(_ status: Order.Status) -> String { status.rawValue.prefix(1).uppercased() + status.rawValue.dropFirst() }

    static func list(_ orders: [Order], query: OrderListQuery, counts: ListCounts, display: OrderDisplay) -> String {
        let e = EditorPage.escape
        var main = "<h1>Orders</h1>"
        guard counts.all > 0 else {
            return main + """
                <p>No orders yet. Orders appear here once shoppers pay: the checkout service takes the payment through
                Stripe Checkout and records each order in the orders file given to it with <code>--orders</code>
                (<code>vitrine checkout --orders orders.sqlite</code>); open the editor with the same file
                (<code>vitrine serve --edit --orders orders.sqlite</code>).</p>
                """
        }
        let noun = counts.all == 1 ? "order" : "orders"
        main += "<p>\(counts.all) \(noun) in all."
        if counts.needsReview > 0 {
            let verb = counts.needsReview == 1 ? "needs" : "need"
            main += " <strong>\(counts.needsReview) \(verb) review</strong>: <a href=\"\(e(EditorPage.ordersPath + "?review=1"))\">show them</a>."
        }
        main += "</p><ul class=\"kinds\">"
        for status in OrderListQuery.statuses {
            main += "<li><a href=\"\(EditorPage.ordersPath)?status=\(status.rawValue)\">\(statusName(status))</a> (\(counts.byStatus[status] ?? 0))</li>"
        }
        main += "<li><a href=\"\(e(EditorPage.ordersPath + "?review=1"))\">Needs review</a> (\(counts.needsReview))</li></ul>"

        main += "<form method=\"get\" action=\"\(EditorPage.ordersPath)\" class=\"search\" role=\"search\" aria-label=\"Filter the orders\">"
        main += "<label for=\"status\">Status</label><select id=\"status\" name=\"status\"><option value=\"\">All statuses</option>"
        for status in OrderListQuery.statuses {
            main += "<option value=\"\(status.rawValue)\"\(query.status == status ? " selected" : "")>\(statusName(status))</option>"
        }
        main += "</select><span class=\"choice\"><input type=\"checkbox\" id=\"review\" name=\"review\" value=\"1\"\(query.needsReview ? " checked" : "")>"
        main += "<label for=\"review\">Only orders that need review</label></span><button type=\"submit\">Show</button></form>"

        let pages = max(1, (counts.matching + OrderListQuery.pageSize - 1) / OrderListQuery.pageSize)
        guard !orders.isEmpty else {
            if counts.matching == 0 {
                return main + "<p role=\"status\">No orders match these filters. <a href=\"\(EditorPage.ordersPath)\">Show every order</a>.</p>"
            }
            return main + "<p role=\"status\">There is no page \(query.page): these filters give \(pages) \(pages == 1 ? "page" : "pages"). "
                + "<a href=\"\(e(query.path(page: 1)))\">Go to the first</a>.</p>"
        }
        let first = query.offset + 1
        let last = query.offset + orders.count
        let matching = counts.matching == 1 ? "1 order" : "\(counts.matching) orders"
        main += "<table><caption>\(first == last ? "Order \(first)" : "Orders \(first)–\(last)") of \(matching)"
        main += (query.isFiltered ? " matching the filters" : "") + ", newest first</caption>"
        main += "<thead><tr><th scope=\"col\">Order</th><th scope=\"col\">Created</th><th scope=\"col\">Status</th><th scope=\"col\">Review</th>"
        main += "<th scope=\"col\">Email</th><th scope=\"col\">Country</th><th scope=\"col\">Total</th></tr></thead><tbody>"
        for order in orders {
            main += "<tr><th scope=\"row\"><a href=\"\(EditorPage.orderPath(order.number))\">\(order.number)</a></th>"
            main += "<td>\(display.time(order.createdAt))</td><td>\(statusName(order.status))</td>"
            main += "<td>\(order.reviewReason == nil ? "" : "<strong>Needs review</strong>")</td>"
            main += "<td>\(e(order.email ?? ""))</td><td>\(e(order.country ?? ""))</td><td>\(e(display.amount(order.total, of: order)))</td></tr>"
        }
        main += "</tbody></table>"
        if pages > 1 {
            main += "<nav aria-label=\"Pages of orders\"><p>Page \(query.page) of \(pages)"
            if query.page > 1 { main += " · <a href=\"\(e(query.path(page: query.page - 1)))\" rel=\"prev\">Newer orders</a>" }
            if query.page < pages { main += " · <a href=\"\(e(query.path(page: query.page + 1)))\" rel=\"next\">Older orders</a>" }
            main += "</p></nav>"
        }
        return main
    }

    static func order(_ order: Order, display: OrderDisplay) -> String {
        let e = EditorPage.escape
        let amount = { (value: Int64) in e(display.amount(value, of: order)) }
        var main = "<h1>Order \(order.number)</h1>"
        if let reason = order.reviewReason {
            main += """
                <section class="error-summary" aria-labelledby="review-title"><h2 id="review-title">Needs review</h2>
                <p>\(e(reason))</p><p>Compare the payment in Stripe's dashboard with the lines below before sending anything.</p></section>
                """
        }
        main += "<p><a href=\"\(EditorPage.ordersPath)\">All orders</a></p>"
        main += "<dl><dt>Status</dt><dd>\(statusName(order.status))</dd>"
        main += "<dt>Email</dt><dd>\(order.email.map(e) ?? "not reported yet")</dd>"
        main += "<dt>Country</dt><dd>\(order.country.map(e) ?? "not reported yet")</dd>"
        main += "<dt>Code</dt><dd>\(order.code.map { "<code>\(e($0))</code>" } ?? "none")</dd></dl>"

        main += "<table><caption>Lines</caption><thead><tr><th scope=\"col\">SKU</th><th scope=\"col\">Name</th>"
        main += "<th scope=\"col\">Quantity</th><th scope=\"col\">Unit price</th><th scope=\"col\">Discount</th><th scope=\"col\">Line total</th></tr></thead><tbody>"
        if order.lines.isEmpty {
            main += "<tr><td colspan=\"6\">No lines: Stripe reported a payment for a session the service has no order of.</td></tr>"
        }
        for line in order.lines {
            main += "<tr><td><code>\(e(line.sku))</code></td><td>\(e(line.name))</td><td>\(line.quantity)</td>"
            main += "<td>\(amount(line.unitAmount))</td><td>\(line.discountAmount == 0 ? "" : amount(line.discountAmount))</td><td>\(amount(line.total))</td></tr>"
        }
        main += "</tbody><tfoot>"
        func total(_ label: String, _ value: String) { main += "<tr><th scope=\"row\" colspan=\"5\">\(label)</th><td>\(value)</td></tr>" }
        if order.discount != 0 {
            total("Subtotal at list prices", amount(order.subtotal))
            total("Discounts", amount(-order.discount))
        }
        total("Goods total", amount(order.goodsTotal))
        if let shipping = order.shippingAmount {
            total("Shipping" + (order.shippingService.map { " (\(e($0)))" } ?? ""), amount(shipping))
        } else {
            total("Shipping", "not chosen yet")
        }
        total("Total", "<strong>\(amount(order.total))</strong>")
        total("Amount paid", order.amountPaid.map(amount) ?? "nothing reported yet")
        main += "</tfoot></table>"

        main += "<h2>Stripe and times</h2><dl>"
        main += "<dt>Checkout Session</dt><dd><code>\(e(order.sessionID))</code></dd>"
        main += "<dt>Payment intent</dt><dd>\(order.paymentIntent.map { "<code>\(e($0))</code>" } ?? "not reported yet")</dd>"
        main += "<dt>Created</dt><dd>\(display.time(order.createdAt))</dd>"
        main += "<dt>Paid</dt><dd>\(order.paidAt.map(display.time) ?? "not yet")</dd>"
        main += "<dt>Last changed</dt><dd>\(display.time(order.updatedAt))</dd>"
        if !order.catalogVersion.isEmpty { main += "<dt>Catalog version</dt><dd><code>\(e(order.catalogVersion))</code></dd>" }
        main += "</dl>"
        return main
    }
}
