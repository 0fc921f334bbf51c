public import CatalogModel
public import Foundation
import ImageDerivatives

extension SiteBuilder {
    /// Byte sizes of the local images that feeds publish as RSS enclosures (promotion images), which
    /// RSS requires; read here because only the builder touches the disk. A picture published
    /// without its metadata is measured as published (a promotion names a handful).
    public static func enclosureSizes(_ catalog: Catalog, contentFolder: URL) -> [String: Int] {
        var sizes: [String: Int] = [:]
        let cleans = !catalog.site.images.keepOriginalMetadata
        for case .local(let path)? in catalog.promotions.map(\.image) where sizes[path] == nil {
            let file = contentFolder.appendingPathComponent(path).path
            if cleans, OriginalMetadata.cleans(path), let data = try? Data(contentsOf: URL(fileURLWithPath: file)) {
                sizes[path] = OriginalMetadata.removing(from: data).count
            } else if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber {
                sizes[path] = size.intValue
            }
        }
        return sizes
    }
}
