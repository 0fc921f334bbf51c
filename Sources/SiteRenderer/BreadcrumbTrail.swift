import CatalogModel
import TemplateEngine

/// The steps of a breadcrumb trail that many pages share (Home, Brands, a brand), with their
/// `BreadcrumbList` written up to where a page's own step goes. Every product page showed four
/// steps made afresh, each a dictionary with two URLs, and wrote all four into its structured
/// data: 1.9 % of a 100,000-product build in `perf`.
struct BreadcrumbTrail {
    let items: [TemplateFields]
    /// `PageBuilder.breadcrumbJSONLD(items)` without its closing `]}`, and with the comma before
    /// the next step.
    private let head: [UInt8]

    init(_ items: [TemplateFields]) {
        self.items = items
        var head = PageBuilder.breadcrumbJSONLDBytes(items)
        head.removeLast(2)
        if !items.isEmpty { head.append(UInt8(ascii: ",")) }
        self.head = head
    }

    /// The structured data of the trail with one more step, the page's own: the bytes
    /// `PageBuilder.breadcrumbJSONLD` writes for the whole trail.
    func jsonLD(endingWith title: String, absoluteURL: String) -> String {
        var element = JSONObjectWriter(capacity: 96 + absoluteURL.utf8.count + title.utf8.count, scriptSafe: true)
        PageBuilder.breadcrumbElement(title: title, absoluteURL: absoluteURL, position: items.count + 1, into: &element)
        var bytes = head
        bytes += element.finish()
        bytes += "]}".utf8
        return String(decoding: bytes, as: UTF8.self)
    }
}
