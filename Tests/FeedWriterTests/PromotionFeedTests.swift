import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

@Suite struct PromotionFeedTests {
    let catalog = SampleShop.catalog
    let jobs = Fixtures.writer(imageSizes: ["images/promotions/xmas-10-off.jpg": 2576]).jobs()
    let base = "https://beauty-and-me.example.com/"

    func feed(_ path: String) throws -> ParsedXML {
        try ParsedXML(#require(Fixtures.render(jobs, path)))
    }

    @Test func listsActiveAndUpcomingPromotionsNewestStartFirstButNotExpiredOnes() throws {
        let xml = try feed("feeds/promotions.xml")
        #expect(xml.strings("/rss/channel/item/link") == [
            base + "promotions/valentines-glow-week/",  // upcoming, starts 2027-02-07
            base + "promotions/xmas-10-off/",  // active since 2026-11-15
            base + "promotions/origins-15-off/",  // active since 2026-10-01
        ])
        #expect(!xml.strings("//item/title").contains("Summer sun care"))
    }

    @Test func channelHasEveryRequiredElement() throws {
        let xml = try feed("feeds/promotions.xml")
        #expect(xml.rootName == "rss")
        #expect(xml.string("/rss/@version") == "2.0")
        #expect(xml.string("/rss/channel/title") == "Promotions · Beauty & Me")
        #expect(xml.string("/rss/channel/link") == base + "promotions/")
        #expect(xml.string("/rss/channel/description")?.isEmpty == false)
        #expect(xml.string("/rss/channel/language") == "en-us")
        #expect(xml.string("/rss/channel/lastBuildDate") == "Tue, 01 Dec 2026 12:00:00 +0000")
        #expect(xml.string("/rss/channel/generator") == "Vitrine")
        #expect(xml.string("/rss/channel/atom:link[@rel='self']/@href") == base + "feeds/promotions.xml")
        #expect(xml.string("/rss/channel/atom:link[@rel='self']/@type") == "application/rss+xml")
        for field in ["title", "link", "guid", "pubDate", "description"] {
            #expect(xml.count("//item/\(field)") == 3, "every item has a \(field)")
        }
    }

    @Test func datesAreRFC822WithANumericZoneAndTheRightDay() throws {
        let xml = try feed("feeds/promotions.xml")
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let pattern = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/
        let dates = xml.strings("//item/pubDate") + xml.strings("/rss/channel/lastBuildDate")
        #expect(dates.count == 4)
        for date in dates {
            #expect(date.wholeMatch(of: pattern) != nil, "\(date) is not RFC 822 with a numeric zone")
            // Foundation's parser checks the weekday against the date.
            #expect(parser.date(from: date) != nil, "\(date) does not parse")
        }
        let starts = catalog.promotions.filter { $0.status(at: SampleShop.clock) != .expired }.map(\.starts.date)
        #expect(xml.strings("//item/pubDate").map { parser.date(from: $0) } == starts)
        #expect(xml.string("//item[title=\"10% off for X'mas\"]/pubDate") == "Sun, 15 Nov 2026 00:00:00 +0000")
    }

    @Test func everyURLIsAbsolute() throws {
        for path in ["feeds/promotions.xml", "feeds/brands/origins.xml", "feeds/brands/lencome.xml"] {
            let xml = try feed(path)
            let urls = xml.strings("//link") + xml.strings("//guid") + xml.strings("//enclosure/@url")
                + xml.strings("//atom:link/@href")
            #expect(urls.count > 4)
            for url in urls { #expect(url.hasPrefix(base), "\(url) in \(path) is not absolute") }
        }
    }

    @Test func itemCarriesTheHTMLBrandCategoriesAndImageEnclosure() throws {
        let xml = try feed("feeds/promotions.xml")
        let xmas = try #require(catalog.promotions.first { $0.slug.rawValue == "xmas-10-off" })
        let item = "//item[guid='\(base)promotions/xmas-10-off/']"
        #expect(xml.string("\(item)/description") == xmas.content.html)
        #expect(xml.string("\(item)/guid/@isPermaLink") == "true")
        // Named through its products: one category per brand, in brand order.
        #expect(xml.strings("\(item)/category") == ["Diar", "Esta Louder", "Fresh Skin", "Lencome", "Origins"])
        #expect(xml.string("\(item)/enclosure/@url") == base + "images/promotions/xmas-10-off.jpg")
        #expect(xml.string("\(item)/enclosure/@type") == "image/jpeg")
        #expect(xml.string("\(item)/enclosure/@length") == "2576")
    }

    @Test func remoteImageBecomesAnEnclosureOfUnknownLength() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [],
            promotions: [
                Records.promotion(
                    "remote", starts: "2026-01-01", image: .remote("https://cdn.example.net/banners/Sale%202026.JPG?v=2"))
            ])
        let xml = try ParsedXML(#require(Fixtures.render(Fixtures.writer(catalog).jobs(), "feeds/promotions.xml")))
        #expect(xml.string("//enclosure/@url") == "https://cdn.example.net/banners/Sale%202026.JPG?v=2")
        #expect(xml.string("//enclosure/@type") == "image/jpeg")
        #expect(xml.string("//enclosure/@length") == "0")
    }

    @Test func localImagePathsArePercentEncodedInEnclosures() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [],
            promotions: [Records.promotion("local", starts: "2026-01-01", image: .local("images/promos/crème brûlée.webp"))])
        let writer = Fixtures.writer(catalog, imageSizes: ["images/promos/crème brûlée.webp": 99])
        let xml = try ParsedXML(#require(Fixtures.render(writer.jobs(), "feeds/promotions.xml")))
        #expect(xml.string("//enclosure/@url") == "https://shop.example.com/store/images/promos/cr%C3%A8me%20br%C3%BBl%C3%A9e.webp")
        #expect(xml.string("//enclosure/@type") == "image/webp")
        #expect(xml.string("//enclosure/@length") == "99")
    }

    @Test func languageComesFromTheLocaleInRSSForm() throws {
        let catalog = Records.catalog(site: Fixtures.site, brands: [])
        let jobs = Fixtures.writer(catalog).jobs()
        let xml = try ParsedXML(#require(Fixtures.render(jobs, "feeds/promotions.xml")))
        #expect(xml.string("/rss/channel/language") == "ja-jp")
        #expect(xml.count("//item") == 0)
        #expect(xml.string("/rss/channel/link") == "https://shop.example.com/store/promotions/")
    }
}
