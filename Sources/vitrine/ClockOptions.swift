import ArgumentParser
import CatalogModel
import Foundation

/// `--clock` for the commands that price or date what they write: the same option, help and
/// fallbacks (`SOURCE_DATE_EPOCH`, then the wall clock) wherever "now" decides promotions.
struct ClockOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fixed \"now\" (ISO 8601) deciding which promotions are active; default SOURCE_DATE_EPOCH, else the wall clock (read again at each rebuild by serve).",
            valueName: "ISO8601"))
    var clock: String?

    func validate() throws {
        if case .failure(let error) = CatalogClock.resolve(option: clock) { throw ValidationError(error.message) }
    }

    /// The resolved moment, read anew at each call so a server without `--clock` follows the wall
    /// clock; `validate()` has refused anything that does not resolve.
    var now: Date { (try? CatalogClock.resolve(option: clock).get()) ?? Date() }
}
