import Foundation
import NIOConcurrencyHelpers

/// Every write the double received, in order, for `GET /_double/writes` — without the secret: the form's
/// `access_token` is replaced by `user:NAME` (the token's user) or `unknown`.
final class WriteLog: Sendable {
    /// One write as received and answered.
    struct Entry: Sendable {
        var method: String
        /// The API path, version removed, e.g. `/questions/1/upvote`.
        var path: String
        var site: String?
        /// The query's and form's fields (the form's win), the token replaced.
        var fields: [String: String]
        var status: Int
        var createdID: Int?

        /// `{"method":…,"path":…,"site":…,"fields":{…},"status":…,"created_id":…}` (`site`, `created_id` only
        /// when present).
        var json: [String: Any] {
            var object: [String: Any] = ["method": method, "path": path, "fields": fields, "status": status]
            if let site { object["site"] = site }
            if let createdID { object["created_id"] = createdID }
            return object
        }
    }

    private let entries = NIOLockedValueBox<[Entry]>([])

    /// Records a write; `fields` still holding the token, which is replaced here.
    func append(method: String, path: String, fields: [String: String], status: Int, createdID: Int?, tokens: TokenBook) {
        var fields = fields
        if let token = fields["access_token"] {
            fields["access_token"] = tokens.grant(token).map { "user:\($0.user)" } ?? "unknown"
        }
        let entry = Entry(method: method, path: path, site: fields["site"], fields: fields, status: status,
                          createdID: createdID)
        entries.withLockedValue { $0.append(entry) }
    }

    var all: [Entry] { entries.withLockedValue { $0 } }

    func clear() { entries.withLockedValue { $0.removeAll() } }
}
