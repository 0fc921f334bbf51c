import ArgumentParser
import Foundation
import Orders

extension Vitrine {
    struct Orders: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the orders the checkout service keeps.",
            discussion: """
                The checkout service records each order paid through Stripe Checkout in the SQLite \
                file given to `vitrine checkout --orders FILE`. These commands only read that file, \
                so they are safe while the service is writing it. Staff see the same orders in the \
                editor with `vitrine serve --edit --orders FILE`.

                Examples:
                  vitrine orders export --orders orders.sqlite --format csv > orders.csv
                  vitrine orders export --orders orders.sqlite --format csv --status paid
                """,
            subcommands: [Export.self])

        /// Opens the file read-only, or says what is wrong and exits 1: a missing file is never
        /// created here, since an empty orders file would hide a mistyped path.
        static func open(_ path: String) throws -> OrderStore {
            guard FileManager.default.fileExists(atPath: path) else {
                Console.error("error: \(path): no such orders file; the checkout service creates it with --orders")
                throw ExitCode.failure
            }
            do {
                return try OrderStore(path: path, readOnly: true)
            } catch {
                Console.error("error: cannot read the orders file: \(error)")
                throw ExitCode.failure
            }
        }
    }
}

extension Vitrine.Orders {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the orders as a file for accounting or a spreadsheet.",
            discussion: """
                csv: one row per order line, the order's columns repeated on each (RFC 4180, CRLF line \
                ends), newest order first; amounts are decimals in the order's currency (12.50), times \
                RFC 3339 in UTC. An order without lines gets one row with the line columns empty.

                Writes to standard output, or to --output through a temporary file and a rename, so a \
                reader never sees half a file and a failed export leaves the old one in place.

                Examples:
                  vitrine orders export --orders orders.sqlite --format csv > orders.csv
                  vitrine orders export --orders orders.sqlite --format csv --output orders.csv
                  vitrine orders export --orders orders.sqlite --format csv --status paid
                  vitrine orders export --orders orders.sqlite --format csv --needs-review
                """)

        /// More formats may follow; the option is required so that a script's output never
        /// changes under it when they do.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case csv
        }

        @Option(name: .long, help: ArgumentHelp("The checkout service's orders file (its --orders).", valueName: "FILE"))
        var orders: String

        @Option(name: .long, help: ArgumentHelp("What to write.", valueName: "FORMAT"))
        var format: Format

        @Option(name: .long, help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"))
        var output: String?

        @Option(
            name: .long,
            help: ArgumentHelp("Only orders with this status: paid, processing, open, failed or expired.", valueName: "STATUS"),
            transform: { text in
                guard let status = Order.Status(rawValue: text.lowercased()) else {
                    throw ValidationError("--status: \"\(text)\" is not an order status; use paid, processing, open, failed or expired")
                }
                return status
            })
        var status: Order.Status?

        @Flag(name: .customLong("needs-review"), help: "Only orders flagged for review (an amount, currency or shipping rate that did not add up).")
        var needsReview = false

        func run() throws {
            let store = try Vitrine.Orders.open(orders)
            let text: String
            do {
                let selected = try store.orders(status: status, needsReview: needsReview)
                switch format {
                case .csv: text = OrdersCSV.write(selected)
                }
            } catch {
                Console.error("error: cannot read the orders file: \(error)")
                throw ExitCode.failure
            }
            guard let output else {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            do {
                try Self.write(Data(text.utf8), to: URL(fileURLWithPath: output))
            } catch {
                Console.error("error: cannot write \(output): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }

        /// A temporary file beside the target, then a rename: the same file system, so the rename
        /// is atomic.
        static func write(_ data: Data, to target: URL) throws {
            let temporary = target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
            do {
                try data.write(to: temporary)
                guard rename(temporary.path, target.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
                }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
    }
}
