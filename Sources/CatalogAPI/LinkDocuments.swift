public import CatalogModel

public import Foundation

/// A brand as other documents mention it.
public struct BrandLink: Codable, Sendable, Equatable {
    public var slug: String
    public var title: String
    /// The brand's page on the site.
    public var url: String
    /// The first page of its products in the API.
    public var products: String
}

/// A category a product is in, with its trail from the root.
public struct CategoryLink: Codable, Sendable, Equatable {
    public var slug: String
    public var title: String
    /// The category's page on the site.
    public var url: String
    /// Titles from the root down to this category: `["Skincare", "Serums"]`.
    public var path: [String]
}

/// A product as other documents mention it.
public struct ProductLink: Codable, Sendable, Equatable {
    public var slug: String
    public var name: String
    public var url: String
    /// The product's API document.
    public var api: String
}

/// A promotion that applies to a product now.
public struct PromotionLink: Codable, Sendable, Equatable {
    public var slug: String
    public var title: String
    public var url: String
    /// RFC 3339, UTC.
    public var starts: String
    public var ends: String?
    /// Exact, as the content gives it: never a float.
    public var discountPercent: Decimal?
    public var code: String?
}

/// Markdown rendered both ways, as the site shows it and as plain text for lists and search.
public struct TextDocument: Codable, Sendable, Equatable {
    public var html: String
    public var text: String
}

/// A place where a deal can be had in person.
public struct StoreDocument: Codable, Sendable, Equatable {
    public var name: String
    public var address: String?
    public var latitude: Double
    public var longitude: Double
}

extension BrandLink: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue {
        ["slug": .string(slug), "title": .string(title), "url": .string(url), "products": .string(products)]
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.string("products", products)
        writer.string("slug", slug)
        writer.string("title", title)
        writer.string("url", url)
    }
}

extension CategoryLink: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue {
        ["slug": .string(slug), "title": .string(title), "url": .string(url), "path": .array(path.map(JSONValue.string))]
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.strings("path", path)
        writer.string("slug", slug)
        writer.string("title", title)
        writer.string("url", url)
    }
}

extension PromotionLink: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["slug": .string(slug), "title": .string(title), "url": .string(url), "starts": .string(starts)]
        if let ends { object["ends"] = .string(ends) }
        if let discountPercent { object["discountPercent"] = .number(DecimalText.text(of: discountPercent)) }
        if let code { object["code"] = .string(code) }
        return .object(object)
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.string("code", code)
        writer.number("discountPercent", discountPercent.map(DecimalText.text(of:)))
        writer.string("ends", ends)
        writer.string("slug", slug)
        writer.string("starts", starts)
        writer.string("title", title)
        writer.string("url", url)
    }
}

extension TextDocument: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue { ["html": .string(html), "text": .string(text)] }

    public func write(to writer: inout JSONObjectWriter) {
        writer.string("html", html)
        writer.string("text", text)
    }
}
