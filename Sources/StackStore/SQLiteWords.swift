import GRDB

/// What SQLite's errors mean for the reader, in words: the store's messages show the library's own text only for a
/// fault of the program's queries, to be reported.
enum SQLiteWords {
    /// Why `error` stopped the store, for a result code no case of `StoreError` names (busy, full, damaged are).
    static func reason(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_CANTOPEN: "the file cannot be opened (its folder is missing, or cannot be read or written)"
        case .SQLITE_IOERR: "reading or writing the disk failed"
        case .SQLITE_READONLY: "the file cannot be written here"
        case .SQLITE_PERM, .SQLITE_AUTH: "the system refused access to it"
        case .SQLITE_NOMEM: "the program had no memory left"
        case .SQLITE_TOOBIG: "a value was too large to keep"
        case .SQLITE_NOLFS: "the file is too large for this system"
        case .SQLITE_PROTOCOL: "another program holds its locks in a way this one cannot share"
        case .SQLITE_SCHEMA, .SQLITE_MISMATCH, .SQLITE_CONSTRAINT, .SQLITE_ERROR:
            // A fault of the program's own queries: the library's words are what a report needs.
            "a query of this stackterm failed on it; please report it with these words: code "
                + "\(error.extendedResultCode.rawValue), \(error.message ?? "no message")"
        default: "the database library failed with code \(error.extendedResultCode.rawValue)"
        }
    }
}
