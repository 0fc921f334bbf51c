import CSQLite
import Foundation

/// What SQLite said when a statement failed, with the statement's text: the message a person
/// debugging a damaged or locked orders file needs.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var statement: String?

    public var description: String {
        statement.map { "\(message) (SQLite \(code), in: \($0.prefix(80)))" } ?? "\(message) (SQLite \(code))"
    }
}

/// One connection to one SQLite file. Not shared between threads: `OrderStore` serializes every
/// use behind its lock, so SQLite's own mutexes are turned off (`SQLITE_OPEN_NOMUTEX`).
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, readOnly: Bool) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw SQLiteError(code: status, message: "\(path): \(message)", statement: nil)
        }
        handle = db
        // Another process (the service, the editor, `vitrine orders`) may hold the write lock for
        // a moment; wait rather than fail.
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "failed"
            sqlite3_free(error)
            throw SQLiteError(code: status, message: message, statement: sql)
        }
    }

    /// Runs `sql` with `values` bound in order and returns every row. Statements are prepared once
    /// and kept: the service runs the same dozen statements for every order.
    @discardableResult
    func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, position)
            case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
            case .text(let text): status = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            }
            guard status == SQLITE_OK else { throw failure(status, sql) }
        }
        var rows: [SQLiteRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure(status, sql) }
            var row = SQLiteRow()
            for column in 0..<sqlite3_column_count(statement) {
                let name = String(cString: sqlite3_column_name(statement, column))
                switch sqlite3_column_type(statement, column) {
                case SQLITE_NULL: row.values[name] = .null
                case SQLITE_INTEGER: row.values[name] = .integer(sqlite3_column_int64(statement, column))
                default: row.values[name] = .text(String(cString: sqlite3_column_text(statement, column)))
                }
            }
            rows.append(row)
        }
        return rows
    }

    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// `BEGIN IMMEDIATE … COMMIT`, rolled back when `body` throws. Immediate, so two writers never
    /// both read and then fail to upgrade their lock.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status, sql) }
        statements[sql] = statement
        return statement
    }

    private func failure(_ status: Int32, _ sql: String) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)), statement: sql)
    }

    /// SQLITE_TRANSIENT: SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
    static func optional(_ number: Int64?) -> SQLiteValue { number.map(SQLiteValue.integer) ?? .null }
}

struct SQLiteRow {
    var values: [String: SQLiteValue] = [:]

    func text(_ column: String) -> String? {
        switch values[column] {
        case .text(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }

    func integer(_ column: String) -> Int64? {
        if case .integer(let number) = values[column] { number } else { nil }
    }
}
