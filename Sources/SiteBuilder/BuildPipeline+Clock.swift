import BuildEngine
import CatalogModel
public import Foundation

/// The clock's rules in one place. A build's clock (`--clock`, `SOURCE_DATE_EPOCH`, or now) is
/// "now" for promotions and sales and the year in the footer, and the feeds print it. Output
/// depends on it through those alone, so a later clock reuses the previous build's files unless
/// one of these tests says otherwise; the preview holds its clock until a page would change.
extension BuildPipeline {
    /// Whether moving the clock from `old` to `new` changes any file of the site `state`
    /// describes: a promotion's status, the footer's year, or a file that says it depends on the
    /// clock itself (feeds print the build time).
    public static func clockMatters(from old: Date, to new: Date, state: BuildState) -> Bool {
        guard old != new else { return false }
        if Timestamp.components(of: old).year != Timestamp.components(of: new).year { return true }
        if state.records.values.contains(where: {
            $0.starts != nil && $0.promotionStatus(at: old) != $0.promotionStatus(at: new)
        }) {
            return true
        }
        return state.outputs.anyDepends(onAnyOf: [.clock, .everything])
    }

    /// Whether some page's content depends on moving the clock from `old` to `new`: a promotion's
    /// status or the footer's year. The preview server keeps its clock until this is so, rather
    /// than render the time-stamped feeds again after every edit.
    public static func clockChangesPages(from old: Date, to new: Date, state: BuildState) -> Bool {
        guard old != new else { return false }
        if Timestamp.components(of: old).year != Timestamp.components(of: new).year { return true }
        return state.records.values.contains { $0.starts != nil && $0.promotionStatus(at: old) != $0.promotionStatus(at: new) }
    }
}
