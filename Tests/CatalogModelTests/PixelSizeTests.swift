import CatalogModel
import Foundation
import Testing

/// Image sizes from the first bytes of each format the theme's `<img width height>` reads.
@Suite struct PixelSizeTests {
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    @Test func pngGifWebPAndJPEGHeadersGiveTheirSize() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(640) + be32(480)
        #expect(PixelSize.read(header: png) == PixelSize(width: 640, height: 480))
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02]
        #expect(PixelSize.read(header: gif) == PixelSize(width: 800, height: 600))
        // WebP "VP8X": width and height minus one, 24 bits little-endian.
        let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0x3F, 0x06, 0x00, 0xAF, 0x04, 0x00]
        #expect(PixelSize.read(header: webp) == PixelSize(width: 1600, height: 1200))
        // JPEG: an APP0 segment, then a baseline start-of-frame with height before width.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        #expect(PixelSize.read(header: jpeg) == PixelSize(width: 640, height: 480))
    }

    @Test func otherOrTruncatedHeadersGiveNothing() {
        #expect(PixelSize.read(header: Array("<svg xmlns".utf8)) == nil)
        #expect(PixelSize.read(header: [0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(PixelSize.read(header: [0xFF, 0xD8, 0xFF, 0xE0, 0x00]) == nil)
        let zero: [UInt8] = Array("GIF89a".utf8) + [0, 0, 0x58, 0x02]
        #expect(PixelSize.read(header: zero) == nil, "a zero width is no size")
    }
}

/// Net contents and the unit prices they give under the site's bases.
@Suite struct NetContentTests {
    @Test func unitPricesConvertWithinAFamily() throws {
        let usd = { (cents: Int64) in Money(minorUnits: cents, currency: .usd) }
        let bases: [NetContent.Unit: NetContent] = [.ml: NetContent(amount: 100, unit: .ml), .g: NetContent(amount: 100, unit: .g)]
        let litre = try NetContent.parse("1 l").get()
        #expect(litre.unitPrice(of: usd(2000), bases: bases)?.formatted(locale: "en_US") == "$2.00 / 100 ml")
        let jar = try NetContent.parse("0.25 kg").get()
        #expect(jar.unitPrice(of: usd(1000), bases: bases)?.price == usd(400))
        // 30 ml at $52.00: 173.333… rounds half-even to 173.33.
        #expect(try NetContent.parse("30 ml").get().unitPrice(of: usd(5200), bases: bases)?.price == usd(17333))
        #expect(try NetContent.parse("2 oz").get().unitPrice(of: usd(500), bases: bases) == nil, "no base for ounces")
        #expect(try NetContent.parse("1.5 fl oz").get().merchantText == "1.5floz")
    }

    @Test func badTextSaysWhatWouldBeRight() {
        guard case .failure(let unit) = NetContent.parse("50 mL") else { Issue.record("accepted 50 mL"); return }
        #expect(unit.message.contains("did you mean `ml`?"))
        guard case .failure(let bare) = NetContent.parse("50") else { Issue.record("accepted 50"); return }
        #expect(bare.message.contains("write e.g. 50 ml"))
    }
}
