public import CatalogModel
public import Foundation

extension SiteBuilder {
    /// Byte sizes of the local images that feeds publish as RSS enclosures (promotion images), which
    /// RSS requires; read here because only the builder touches the disk.
    public static func enclosureSizes(_ catalog: Catalog, contentFolder: URL) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for case .local(let path)? in catalog.promotions.map(\.image) where sizes[path] == nil {
            let file = contentFolder.appendingPathComponent(path).path
            if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber {
                sizes[path] = size.intValue
            }
        }
        return sizes
    }
}
