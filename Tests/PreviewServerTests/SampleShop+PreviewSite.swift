import Foundation
import PreviewServer
import SiteBuilder
import VitrineTestSupport

extension SampleShop {
    /// A preview over the shop copy whose clock stays at the sample shop's, so pages only change
    /// when a test edits a file.
    func makeSite() -> PreviewSite {
        PreviewSite(options: options(), now: { SampleShop.clock })
    }
}
