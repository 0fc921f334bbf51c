import BuildEngine
import CatalogModel
import FeedWriter
import Foundation
import VitrineTestSupport

/// The feed writer over the sample shop or a small hand-made catalog, and the site those use.
enum Fixtures {
    static func writer(_ catalog: Catalog = SampleShop.catalog, now: Date = SampleShop.clock, imageSizes: [String: Int] = [:])
        -> FeedWriter
    {
        FeedWriter(catalog: catalog, now: now, imageSizes: imageSizes)
    }

    /// The rendered bytes of the job at `path`.
    static func render(_ jobs: [OutputJob], _ path: String) -> Data? {
        jobs.first { $0.path == path }?.render()
    }

    /// The file the writer's jobs write at `path`, parsed back by libxml2.
    static func parsed(_ path: String, _ catalog: Catalog = SampleShop.catalog, now: Date = SampleShop.clock) throws -> ParsedXML {
        guard let data = render(writer(catalog, now: now).jobs(), path) else {
            throw ParsedXML.ParseError(description: "no job writes \(path)")
        }
        return try ParsedXML(data)
    }

    /// A site under a path, with a locale other than the sample shop's and markup in its title.
    static let site = Site(
        title: "Shop & Co", baseURL: "https://shop.example.com/store/", currency: .usd, locale: "ja_JP",
        description: "Test shop")
}
