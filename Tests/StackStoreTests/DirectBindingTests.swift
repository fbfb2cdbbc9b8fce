import GRDB
import XCTest
@testable import StackStore

/// Values bound through SQLite's C API read back as GRDB would have bound them, and failures are GRDB's errors.
final class DirectBindingTests: XCTestCase {
    func testValuesReadBackAsBound() throws {
        let queue = try DatabaseQueue()
        let rows = try queue.write { db -> [Row] in
            try db.execute(sql: "CREATE TABLE t (a INTEGER, b TEXT, c TEXT, d INTEGER, e INTEGER)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)")
            try DirectBinding.run(insert, db) { $0.add(Int64.max, "", "量子 über", true, Int?.none) }
            try DirectBinding.run(insert, db) { $0.add(-1, String?.none, "a\u{0}b", false, Int?(7)) }
            try insert.execute(arguments: [0, nil, "a\u{0}b", 0, 0])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT hex(c) FROM t WHERE a IN (-1, 0)"), ["61", "61"], "as GRDB binds it")
            return try Row.fetchAll(db, sql: "SELECT a, b, c, d, e, typeof(b), length(c) FROM t WHERE a != 0 ORDER BY rowid")
        }
        XCTAssertEqual(rows[0], ["a": Int64.max, "b": "", "c": "量子 über", "d": 1, "e": nil, "typeof(b)": "text", "length(c)": 7])
        XCTAssertEqual(rows[1], ["a": -1, "b": nil, "c": "a", "d": 0, "e": 7, "typeof(b)": "null", "length(c)": 1],
                       "text ends at a NUL, as GRDB binds it")
    }

    func testAFailedStepThrowsSQLitesErrorAndTheStatementRunsAgain() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER NOT NULL UNIQUE)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
            try DirectBinding.run(insert, db) { $0.add(1) }
            XCTAssertThrowsError(try DirectBinding.run(insert, db) { $0.add(1) }) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_CONSTRAINT)
                XCTAssertTrue(error?.message?.contains("UNIQUE") == true, "\(String(describing: error?.message))")
            }
            XCTAssertThrowsError(try DirectBinding.run(insert, db) { $0.add(Int?.none) })
            try DirectBinding.run(insert, db) { $0.add(2) }
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"), [1, 2])
        }
    }
}
