import Foundation

/// Lines of `Content/reviews/*.jsonl` for a `ShopFixture`, so a test loads its reviews as a build
/// does (and the shelf reads their text back from the file).
public enum ReviewLines {
    /// One review line; `product` is a slug or a SKU. `response` is (body, date).
    public static func json(
        _ id: String, _ product: String, rating: Int, date: String, title: String? = nil, body: String = "Works for me.",
        author: String = "Mina K.", verified: Bool = false, language: String? = nil, response: (String, String)? = nil
    ) -> String {
        var object: [String: Any] = [
            "id": id, "product": product, "rating": rating, "body": body, "author": author, "date": date, "verified": verified,
        ]
        if let title { object["title"] = title }
        if let language { object["language"] = language }
        if let response { object["response"] = ["body": response.0, "date": response.1] }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// `count` reviews of `product`, one a day back from 2026-11-01, ratings cycling 5, 4, 3, 2, 1:
    /// ids `<prefix>-0` (the newest) to `<prefix>-<count - 1>`.
    public static func many(_ count: Int, product: String, prefix: String) -> [String] {
        let start = Date(timeIntervalSince1970: 1_793_491_200)  // 2026-11-01T00:00:00Z
        let format = ISO8601DateFormatter()
        return (0..<count).map { n in
            json("\(prefix)-\(n)", product, rating: 5 - n % 5, date: format.string(from: start.addingTimeInterval(-Double(n) * 86_400)))
        }
    }

    /// The lines as a file's text.
    public static func file(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
}
