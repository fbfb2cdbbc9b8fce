import GRDB
import XCTest
@testable import StackStore

/// The store's errors in words: what SQLite says (`disk I/O error`, `database is locked`, `unable to open database
/// file`) never reaches a message; its meaning and the file's path do (its words only in a fault to report).
final class StoreErrorWordsTests: XCTestCase {
    private let path = "/home/reader/.local/share/stackterm/stackterm.sqlite"

    func testSQLitesOwnWordsBecomeTheStoresAndKeepThePath() {
        let cases: [(ResultCode, String, String)] = [
            (.SQLITE_IOERR_READ, "disk I/O error", "reading or writing the disk failed"),
            (.SQLITE_CANTOPEN, "unable to open database file", "the file cannot be opened"),
            (.SQLITE_READONLY, "attempt to write a readonly database", "the file cannot be written here"),
            (.SQLITE_BUSY, "database is locked", "another program (an import, another stackterm) kept it locked"),
            (.SQLITE_NOMEM, "out of memory", "the program had no memory left"),
        ]
        for (code, sqlite, words) in cases {
            let shown = Store.wrap(DatabaseError(resultCode: code, message: sqlite), path).description
            XCTAssertTrue(shown.hasPrefix(path), shown)
            XCTAssertTrue(shown.contains(words), shown)
            XCTAssertFalse(shown.contains(sqlite), "SQLite's own words: \(shown)")
            XCTAssertFalse(shown.contains("DatabaseError") || shown.contains("SQLITE"), shown)
        }
    }

    func testAFaultOfTheProgramsQueriesIsToBeReportedWithSQLitesWords() {
        let shown = Store.wrap(DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: question"), path).description
        XCTAssertEqual(shown, path + ": a query of this stackterm failed on it; please report it with these words: code 1, "
                       + "no such table: question")
    }
}
