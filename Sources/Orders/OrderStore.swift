import CatalogModel
public import Foundation
import Synchronization

/// The orders file: SQLite in WAL mode, so the editor and `vitrine orders export` read while the
/// service writes, and a service killed mid-write keeps every transaction it committed. The
/// service answers Stripe (and the shopper) only after its transaction has committed.
///
/// One connection per store, used by one thread at a time: writes are a few hundred
/// microseconds, far below what a lock costs a shop's traffic.
public final class OrderStore: Sendable {
    public let path: String
    /// Opened with `readOnly`: the editor's orders pages and `vitrine orders` never write.
    public let isReadOnly: Bool
    let connection: Mutex<SQLiteConnection>

    /// Opens (creating it if needed, unless `readOnly`) and brings the schema up to date.
    public init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        self.path = path
        self.isReadOnly = readOnly
        if readOnly, !FileManager.default.fileExists(atPath: path) {
            throw SQLiteError(code: 14, message: "\(path): no such orders file; the checkout service creates it with --orders", statement: nil)
        }
        let connection = try SQLiteConnection(path: path, readOnly: readOnly)
        if !readOnly {
            // NORMAL: a commit survives the process being killed; only a power cut could lose the
            // last ones, and FULL would fsync every webhook.
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
            try Self.migrate(connection)
        } else {
            let version = try connection.query("PRAGMA user_version").first?.integer("user_version") ?? 0
            guard version <= Int64(Self.migrations.count) else {
                throw SQLiteError(code: 1, message: "\(path) was written by a newer Vitrine (schema \(version))", statement: nil)
            }
        }
        self.connection = Mutex(connection)
    }

    /// Schema versions, applied in order and recorded in `PRAGMA user_version`. Append; never edit
    /// one that has shipped.
    static let migrations: [String] = [
        """
        CREATE TABLE orders (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL UNIQUE,
            cart_reference TEXT NOT NULL,
            status TEXT NOT NULL,
            review_reason TEXT,
            currency TEXT NOT NULL,
            subtotal INTEGER NOT NULL,
            discount INTEGER NOT NULL,
            goods_total INTEGER NOT NULL,
            code TEXT,
            catalog_version TEXT NOT NULL,
            shipping_amount INTEGER,
            shipping_service TEXT,
            amount_paid INTEGER,
            email TEXT,
            country TEXT,
            payment_intent TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            paid_at TEXT
        );
        CREATE INDEX orders_by_cart ON orders(cart_reference);
        CREATE TABLE order_lines (
            order_number INTEGER NOT NULL REFERENCES orders(number),
            position INTEGER NOT NULL,
            sku TEXT NOT NULL,
            name TEXT NOT NULL,
            quantity INTEGER NOT NULL,
            unit_amount INTEGER NOT NULL,
            discount_amount INTEGER NOT NULL,
            line_total INTEGER NOT NULL,
            PRIMARY KEY (order_number, position)
        );
        CREATE TABLE order_shipping_options (
            order_number INTEGER NOT NULL REFERENCES orders(number),
            position INTEGER NOT NULL,
            country TEXT NOT NULL,
            service TEXT NOT NULL,
            amount INTEGER NOT NULL,
            PRIMARY KEY (order_number, position)
        );
        CREATE TABLE stripe_events (
            event_id TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            session_id TEXT NOT NULL,
            received_at TEXT NOT NULL
        );
        -- Order numbers start at 1001, so the first order does not look like a test.
        INSERT INTO sqlite_sequence (name, seq) VALUES ('orders', 1000);
        """,
        // 2: buyers' reviews, one per order line, waiting for staff (`ReviewSubmission`).
        ReviewSubmission.table,
    ]

    static func migrate(_ connection: SQLiteConnection) throws(SQLiteError) {
        let version = Int(try connection.query("PRAGMA user_version").first?.integer("user_version") ?? 0)
        guard version <= migrations.count else {
            throw SQLiteError(code: 1, message: "the orders file was written by a newer Vitrine (schema \(version))", statement: nil)
        }
        for (index, sql) in migrations.enumerated().dropFirst(version) {
            do {
                try connection.transaction {
                    try connection.execute(sql)
                    try connection.execute("PRAGMA user_version = \(index + 1)")
                }
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: 1, message: "\(error)", statement: nil)
            }
        }
    }

    // MARK: Writing

    /// Records the order for a new Checkout Session and returns it with its number. The same
    /// session twice (a shopper pressing Pay again, Stripe replaying the idempotent request)
    /// returns the order already kept.
    public func record(_ order: Order) throws -> Order {
        try connection.withLock { db in
            try db.transaction {
                if let existing = try Self.order(in: db, where: "session_id = ?", .text(order.sessionID)) { return existing }
                try db.query(
                    """
                    INSERT INTO orders (session_id, cart_reference, status, review_reason, currency, subtotal, discount,
                        goods_total, code, catalog_version, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(order.sessionID), .text(order.cartReference), .text(order.status.rawValue), .optional(order.reviewReason),
                        .text(order.currency.code), .integer(order.subtotal), .integer(order.discount), .integer(order.goodsTotal),
                        .optional(order.code), .text(order.catalogVersion), .text(Timestamp.rfc3339(order.createdAt)),
                        .text(Timestamp.rfc3339(order.updatedAt)),
                    ])
                var saved = order
                saved.number = db.lastInsertedRow
                for (position, line) in order.lines.enumerated() {
                    try db.query(
                        """
                        INSERT INTO order_lines (order_number, position, sku, name, quantity, unit_amount, discount_amount, line_total)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            .integer(saved.number), .integer(Int64(position)), .text(line.sku), .text(line.name),
                            .integer(Int64(line.quantity)), .integer(line.unitAmount), .integer(line.discountAmount), .integer(line.total),
                        ])
                }
                for (position, option) in order.shippingOptions.enumerated() {
                    try db.query(
                        "INSERT INTO order_shipping_options (order_number, position, country, service, amount) VALUES (?, ?, ?, ?, ?)",
                        [.integer(saved.number), .integer(Int64(position)), .text(option.country), .text(option.service), .integer(option.amount)])
                }
                return saved
            }
        }
    }

    /// What applying one of Stripe's events did.
    public enum Outcome: Sendable, Hashable {
        case applied(Order)
        /// The event id was seen before: nothing changed.
        case duplicate
        /// No order has this session: one is kept anyway, flagged, so no payment goes unseen.
        case unmatched(Order)
    }

    /// Applies `event` to its order in one transaction with the record that the event was seen, so
    /// a retry after a crash either finds both or neither.
    public func apply(_ event: PaymentEvent, at now: Date) throws -> Outcome {
        try connection.withLock { db in
            try db.transaction {
                try db.query(
                    "INSERT INTO stripe_events (event_id, type, session_id, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    [.text(event.id), .text(event.kind.rawValue), .text(event.sessionID), .text(Timestamp.rfc3339(now))])
                guard db.changes == 1 else { return .duplicate }
                if let order = try Self.order(in: db, where: "session_id = ?", .text(event.sessionID)) {
                    let updated = order.applying(event, at: now)
                    try Self.update(updated, in: db)
                    return .applied(updated)
                }
                let currency = event.currency.flatMap { Currency(code: $0.uppercased()) } ?? .usd
                let stranger = Order(
                    sessionID: event.sessionID, cartReference: event.cartReference ?? "", currency: currency, lines: [],
                    shippingOptions: [], subtotal: 0, discount: 0, goodsTotal: 0, code: nil, catalogVersion: "", createdAt: now)
                var saved = try Self.insertBare(stranger, in: db).applying(event, at: now)
                // The one reason that matters: without a cart, every amount would also "differ".
                saved.reviewReason = "Stripe reported this Checkout Session, but no order was recorded for it"
                try Self.update(saved, in: db)
                return .unmatched(saved)
            }
        }
    }

    private static func insertBare(_ order: Order, in db: SQLiteConnection) throws -> Order {
        try db.query(
            """
            INSERT INTO orders (session_id, cart_reference, status, currency, subtotal, discount, goods_total, catalog_version,
                created_at, updated_at)
            VALUES (?, ?, ?, ?, 0, 0, 0, '', ?, ?)
            """,
            [
                .text(order.sessionID), .text(order.cartReference), .text(order.status.rawValue), .text(order.currency.code),
                .text(Timestamp.rfc3339(order.createdAt)), .text(Timestamp.rfc3339(order.updatedAt)),
            ])
        var saved = order
        saved.number = db.lastInsertedRow
        return saved
    }

    private static func update(_ order: Order, in db: SQLiteConnection) throws {
        try db.query(
            """
            UPDATE orders SET status = ?, review_reason = ?, shipping_amount = ?, shipping_service = ?, amount_paid = ?,
                email = ?, country = ?, payment_intent = ?, updated_at = ?, paid_at = ?
            WHERE number = ?
            """,
            [
                .text(order.status.rawValue), .optional(order.reviewReason), .optional(order.shippingAmount),
                .optional(order.shippingService), .optional(order.amountPaid), .optional(order.email), .optional(order.country),
                .optional(order.paymentIntent), .text(Timestamp.rfc3339(order.updatedAt)),
                .optional(order.paidAt.map { Timestamp.rfc3339($0) }), .integer(order.number),
            ])
    }

    // MARK: Reading

    public func order(sessionID: String) throws -> Order? {
        try connection.withLock { db in try Self.order(in: db, where: "session_id = ?", .text(sessionID)) }
    }

    public func order(number: Int64) throws -> Order? {
        try connection.withLock { db in try Self.order(in: db, where: "number = ?", .integer(number)) }
    }

    /// Newest first. `status` nil means all; `needsReview` keeps only flagged orders.
    public func orders(status: Order.Status? = nil, needsReview: Bool = false, limit: Int = .max, offset: Int = 0) throws -> [Order] {
        try connection.withLock { db in
            var conditions: [String] = []
            var values: [SQLiteValue] = []
            if let status {
                conditions.append("status = ?")
                values.append(.text(status.rawValue))
            }
            if needsReview { conditions.append("review_reason IS NOT NULL") }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let numbers = try db.query(
                "SELECT number FROM orders \(filter) ORDER BY number DESC LIMIT ? OFFSET ?",
                values + [.integer(Int64(min(limit, Int(Int64.max)))), .integer(Int64(offset))])
            return try numbers.compactMap { row in
                try Self.order(in: db, where: "number = ?", .integer(row.integer("number") ?? 0))
            }
        }
    }

    /// How many orders, by status, and how many wait for review: the editor's list header.
    public func counts() throws -> (byStatus: [Order.Status: Int], needsReview: Int) {
        try connection.withLock { db in
            var byStatus: [Order.Status: Int] = [:]
            for row in try db.query("SELECT status, COUNT(*) AS n FROM orders GROUP BY status") {
                if let status = row.text("status").flatMap(Order.Status.init(rawValue:)) { byStatus[status] = Int(row.integer("n") ?? 0) }
            }
            let review = try db.query("SELECT COUNT(*) AS n FROM orders WHERE review_reason IS NOT NULL").first?.integer("n") ?? 0
            return (byStatus, Int(review))
        }
    }

    private static func order(in db: SQLiteConnection, where condition: String, _ value: SQLiteValue) throws -> Order? {
        guard let row = try db.query("SELECT * FROM orders WHERE \(condition)", [value]).first,
            let number = row.integer("number"), let sessionID = row.text("session_id"),
            let currency = row.text("currency").flatMap(Currency.init(code:))
        else { return nil }
        let lines = try db.query("SELECT * FROM order_lines WHERE order_number = ? ORDER BY position", [.integer(number)]).map {
            Order.Line(
                sku: $0.text("sku") ?? "", name: $0.text("name") ?? "", quantity: Int($0.integer("quantity") ?? 0),
                unitAmount: $0.integer("unit_amount") ?? 0, discountAmount: $0.integer("discount_amount") ?? 0,
                total: $0.integer("line_total") ?? 0)
        }
        let options = try db.query("SELECT * FROM order_shipping_options WHERE order_number = ? ORDER BY position", [.integer(number)]).map {
            Order.ShippingOption(country: $0.text("country") ?? "", service: $0.text("service") ?? "", amount: $0.integer("amount") ?? 0)
        }
        var order = Order(
            number: number, sessionID: sessionID, cartReference: row.text("cart_reference") ?? "",
            status: row.text("status").flatMap(Order.Status.init(rawValue:)) ?? .open, reviewReason: row.text("review_reason"),
            currency: currency, lines: lines, shippingOptions: options, subtotal: row.integer("subtotal") ?? 0,
            discount: row.integer("discount") ?? 0, goodsTotal: row.integer("goods_total") ?? 0, code: row.text("code"),
            catalogVersion: row.text("catalog_version") ?? "", createdAt: date(row.text("created_at")) ?? Date(timeIntervalSince1970: 0))
        order.updatedAt = date(row.text("updated_at")) ?? order.createdAt
        order.paidAt = date(row.text("paid_at"))
        order.shippingAmount = row.integer("shipping_amount")
        order.shippingService = row.text("shipping_service")
        order.amountPaid = row.integer("amount_paid")
        order.email = row.text("email")
        order.country = row.text("country")
        order.paymentIntent = row.text("payment_intent")
        return order
    }

    static func date(_ text: String?) -> Date? {
        text.flatMap { try? Timestamp.parse($0).get().date }
    }
}
