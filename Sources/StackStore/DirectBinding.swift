import Foundation
import GRDB
import GRDBSQLite

/// Runs a prepared statement with its values bound through SQLite's C API, for an import's inserts (three or four
/// per post, half a million posts): GRDB's `execute(arguments:)` boxes each value, retains it and measures each
/// string with `strlen`, which cost the writing thread about a tenth of its time. Same statement, same results;
/// errors come back as GRDB's `DatabaseError`.
struct DirectBinding {
    private let statement: SQLiteStatement
    private var index: Int32 = 0

    /// Runs `statement` once with the values `bind` adds, in the order of its `?` parameters.
    static func run(_ statement: Statement, _ db: Database, _ bind: (inout DirectBinding) -> Void) throws {
        let raw = statement.sqliteStatement
        sqlite3_reset(raw)
        var binding = DirectBinding(statement: raw)
        bind(&binding)
        let code = sqlite3_step(raw)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let message = sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }
            sqlite3_reset(raw)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
        sqlite3_reset(raw)
    }

    /// Binds the next parameters, in order.
    mutating func add<each Value: DirectBindable>(_ values: repeat each Value) {
        repeat (each values).bind(to: &self)
    }

    fileprivate mutating func bindNull() {
        index += 1
        sqlite3_bind_null(statement, index)
    }

    fileprivate mutating func bind(_ value: Int64) {
        index += 1
        sqlite3_bind_int64(statement, index, value)
    }

    /// Text, copied by SQLite; like GRDB's binding, it ends at a NUL character if one is there, so what is read
    /// back (and given to a contentless index's delete) is what was stored.
    fileprivate mutating func bind(_ value: String) {
        index += 1
        var value = value
        value.withUTF8 { bytes in
            // A non-null pointer even for "" (a null one would bind NULL).
            let pointer = UnsafeRawPointer(bytes.baseAddress ?? Self.emptyText.utf8Start)
            let length = memchr(pointer, 0, bytes.count).map { pointer.distance(to: $0) } ?? bytes.count
            let text = pointer.assumingMemoryBound(to: CChar.self)
            sqlite3_bind_text64(statement, index, text, UInt64(length), Self.transient, UInt8(SQLITE_UTF8))
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the text before the bind returns.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

    /// What an empty string binds (a pointer SQLite reads no byte of).
    private static let emptyText: StaticString = ""
}

/// A value `DirectBinding` binds: an integer (a flag as 0 or 1), text, or nil for NULL.
protocol DirectBindable {
    func bind(to binding: inout DirectBinding)
}

extension Int64: DirectBindable {
    func bind(to binding: inout DirectBinding) { binding.bind(self) }
}

extension Int: DirectBindable {
    func bind(to binding: inout DirectBinding) { binding.bind(Int64(self)) }
}

extension Bool: DirectBindable {
    func bind(to binding: inout DirectBinding) { binding.bind(self ? 1 : 0) }
}

extension String: DirectBindable {
    func bind(to binding: inout DirectBinding) { binding.bind(self) }
}

extension Optional: DirectBindable where Wrapped: DirectBindable {
    func bind(to binding: inout DirectBinding) {
        if let self { self.bind(to: &binding) } else { binding.bindNull() }
    }
}
