import Foundation
import GRDB
import NIOConcurrencyHelpers

/// What an integrity check of the store found.
public struct StoreCheckReport: Sendable, Equatable {
    /// `integrity_check` (every index against its table) rather than `quick_check` (the pages and b-trees only).
    public let full: Bool
    /// SQLite's own lines about each problem (at most `StoreDamage.problemLimit`); empty when none was found.
    public let problems: [String]

    /// No damage was found.
    public var isIntact: Bool { problems.isEmpty }

    /// The check's SQLite name.
    public var name: String { full ? "integrity_check" : "quick_check" }
}

/// Damage the store met: which errors mean it, which files are known to be damaged (in this process, and across
/// runs through a marker file beside the store), and the words for it.
///
/// A read or write that meets SQLITE_CORRUPT or SQLITE_NOTADB notes its file here (`Store.wrap`); from then on every
/// write to it is refused (`Store.write`), and the marker `NAME.damage-seen` makes the next open check the file and,
/// when the damage is confirmed, move it aside and keep what can be saved (`StoreSalvage`).
public enum StoreDamage {
    /// The marker's name after the store's.
    public static let markerSuffix = ".damage-seen"
    /// At most this many of a check's problem lines are kept.
    static let problemLimit = 20

    private static let known = NIOLockedValueBox<[String: String]>([:])

    /// The error `error` becomes when it means the file is damaged (the file then noted as damaged); nil otherwise.
    static func noted(_ error: DatabaseError, path: String) -> StoreError? {
        guard [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) else { return nil }
        let detail = error.resultCode == .SQLITE_NOTADB
            ? "SQLite no longer reads it as a database"
            : "SQLite met pages of it that it cannot read"
        note(detail, path: path)
        return .damaged(path: path, detail: detail)
    }

    /// Notes `path` as damaged (`detail` says how it was found) for this process and the next start.
    static func note(_ detail: String, path: String) {
        known.withLockedValue { $0[path] = $0[path] ?? detail }
        let descriptor = open(path + markerSuffix, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let text = Array((detail + "\n").utf8)
        _ = text.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// How the damage of `path` was found, when this process met it or another process left the marker since
    /// (one `access` per write: a process that meets damage stops the writes of the others sharing the file).
    static func known(_ path: String) -> String? {
        if let detail = known.withLockedValue({ $0[path] }) { return detail }
        return access(path + markerSuffix, F_OK) == 0 ? seen(path) : nil
    }

    /// What the marker beside `path` says, when one is there (an earlier run met damage).
    static func seen(_ path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path + markerSuffix) else { return nil }
        let text = (try? String(contentsOfFile: path + markerSuffix, encoding: .utf8)) ?? ""
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return line.isEmpty ? "an earlier run met damage" : line
    }

    /// Forgets `path`'s damage (its file was moved aside, or a check found none).
    static func clear(_ path: String) {
        known.withLockedValue { $0[path] = nil }
        unlink(path + markerSuffix)
    }

    /// Runs `quick_check` (or `integrity_check` when `full`) on `db`, outside a transaction; an error that itself
    /// means damage (the check could read no further) ends the problems found so far.
    static func check(_ db: Database, full: Bool) throws -> StoreCheckReport {
        let pragma = full ? "integrity_check" : "quick_check"
        var lines: [String] = []
        do {
            // Written out, not interpolated: 20 is `problemLimit`.
            let cursor = try String.fetchCursor(db, sql: full ? "PRAGMA integrity_check(20)" : "PRAGMA quick_check(20)")
            // A row may hold several lines, and a heading naming the schema.
            while let row = try cursor.next() {
                lines += row.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty && !$0.hasPrefix("*** in database") }
            }
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            lines.append("\(pragma) could read no further (SQLite result code \(error.resultCode.rawValue))")
        }
        return StoreCheckReport(full: full, problems: lines == ["ok"] ? [] : Array(lines.prefix(problemLimit)))
    }

    /// The reason a check's report gives for moving the file aside: the check, its first problem and how many more.
    static func reason(_ report: StoreCheckReport) -> String {
        let others = report.problems.count - 1
        let more = others <= 0 ? "" : others + 1 >= problemLimit ? ", and more" : ", and \(others) more"
        return "\(report.name): \(report.problems.first ?? "?")\(more)"
    }
}

extension Store {
    /// Checks the file: `quick_check` (every page and b-tree: about half a second per GB of a cached file), or `integrity_check` when `full`
    /// (each index against its table too, several times longer). Finding damage notes the file as damaged (no write
    /// follows); it stays where it is until `recoverFromDamage()`.
    public func check(full: Bool = false) throws(StoreError) -> StoreCheckReport {
        let report: StoreCheckReport
        // Outside a transaction: ending one after a read met damage fails again, losing the report.
        do { report = try pool.unsafeRead { db in try StoreDamage.check(db, full: full) } } catch {
            throw Self.wrap(error, fileURL.path)
        }
        if !report.isIntact { StoreDamage.note(StoreDamage.reason(report), path: fileURL.path) }
        return report
    }

    /// How the file was found damaged, when it was (by a read, a write or a check of this process); nil otherwise.
    public var knownDamage: String? { StoreDamage.known(fileURL.path) }

    /// Before a write a command was asked for (an import, `--forget`, `--vacuum`): the damage already known, or a
    /// `quick_check` finding it, throws `.damaged`, so nothing is written into a damaged file.
    public func checkBeforeWriting() throws(StoreError) {
        if let known = knownDamage { throw .damaged(path: fileURL.path, detail: known) }
        let report = try check(full: false)
        guard report.isIntact else { throw .damaged(path: fileURL.path, detail: StoreDamage.reason(report)) }
    }

    /// This store when `checkBeforeWriting()` finds it intact; else the new store that recovery started in its
    /// place (this one closed), with what recovery kept and said.
    public func intactForWriting() throws(StoreError) -> (store: Store, recovery: StoreRecovery?) {
        do {
            try checkBeforeWriting()
            return (self, nil)
        } catch .damaged {
            let recovery = try recoverFromDamage()
            return (try Store(fileURL: fileURL, maxBytes: maxBytes), recovery)
        }
    }

    /// Remembers where `site`'s dump was imported from, so recovery from damage can say how to import it again.
    public func rememberImportSource(_ path: String, site: String) throws(StoreError) {
        try setSettings([StoreSalvage.sourceKey(site): path])
    }
}
