import CatalogModel
import ContentLoader
import Foundation

extension CSVTable {
    /// The table, or the diagnostic saying why not: unreadable, not CSV, or without a column
    /// the format needs (`source` says where the file comes from).
    static func read(_ url: URL, required: [String], source: String) -> Result<CSVTable, Diagnostic> {
        let table: CSVTable
        do { table = try read(url) } catch {
            switch error { case .unreadable(let diagnostic): return .failure(diagnostic) }
        }
        let missing = required.filter { !table.header.contains($0) }
        guard missing.isEmpty else {
            return .failure(.error(
                "missing column\(missing.count == 1 ? "" : "s") \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); "
                    + "export the products from \(source) without removing columns",
                at: SourceLocation(path: table.display, line: 1, column: 1)))
        }
        return .success(table)
    }
}
