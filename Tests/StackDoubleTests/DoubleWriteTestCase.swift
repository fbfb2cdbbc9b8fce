import Foundation
import NIOConcurrencyHelpers
import TestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Base for tests of taking part: tokens from the control endpoint, form POSTs over real HTTP, and the error or
/// item a write answers. Content: the cardano dump (eddex, user 1142, 2,820 reputation; Adam Lear, user 1, 101).
class DoubleWriteTestCase: DoubleHTTPTestCase {
    /// The answer to one request: status and the body parsed as a JSON object.
    struct Answer {
        var status: Int
        var object: [String: Any]

        var errorID: Int? { object["error_id"] as? Int }
        var errorName: String? { object["error_name"] as? String }
        var errorMessage: String? { object["error_message"] as? String }
        var items: [[String: Any]] { object["items"] as? [[String: Any]] ?? [] }
        var first: [String: Any] { items.first ?? [:] }
    }

    /// A token for `user` issued by `/_double/tokens` (full scope unless `scope`, e.g. `read_inbox`).
    func token(_ user: String, scope: String? = nil) throws -> String {
        let name = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user
        let scopePart = scope.map { "&scope=\($0.replacingOccurrences(of: " ", with: "+"))" } ?? ""
        let object = try json("/_double/tokens?user=\(name)\(scopePart)")
        return try XCTUnwrap(object["access_token"] as? String)
    }

    /// `application/x-www-form-urlencoded` of `fields`.
    static func form(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }

    /// POSTs `fields` as a form to `/2.3` + `path` and parses the answer.
    func post(_ path: String, _ fields: [String: String], file: StaticString = #filePath, line: UInt = #line) throws -> Answer {
        try send(method: "POST", "/2.3" + path, body: Data(Self.form(fields).utf8), file: file, line: line)
    }

    /// A write's usual form: `key`, the token, `site=cardano`, plus `extra`.
    func write(_ path: String, token: String, _ extra: [String: String] = [:],
               file: StaticString = #filePath, line: UInt = #line) throws -> Answer {
        var fields = ["key": "k", "access_token": token, "site": "cardano"]
        fields.merge(extra) { _, new in new }
        return try post(path, fields, file: file, line: line)
    }

    /// Asserts that `answer` is HTTP 400 with `id`, `name` (and `message` when given).
    func assertError(_ answer: Answer, _ id: Int, _ name: String, _ message: String? = nil,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answer.status, 400, "status of \(answer.object)", file: file, line: line)
        XCTAssertEqual(answer.errorID, id, "\(answer.object)", file: file, line: line)
        XCTAssertEqual(answer.errorName, name, "\(answer.object)", file: file, line: line)
        if let message { XCTAssertEqual(answer.errorMessage, message, file: file, line: line) }
    }

    /// The writes the double received (`/_double/writes`).
    func writesLog(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let reply = try get("/_double/writes")
        let array = try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]]
        return try XCTUnwrap(array, "the writes log is a JSON array", file: file, line: line)
    }

    /// Sends one request with `method` and `body` and parses the JSON answer (an empty object when it is none).
    func send(method: String, _ pathAndQuery: String, body: Data? = nil,
              file: StaticString = #filePath, line: UInt = #line) throws -> Answer {
        var request = URLRequest(url: double.url(pathAndQuery), timeoutInterval: 30)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let box = NIOLockedValueBox<Result<(Int, Data), Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let session = URLSession(configuration: .ephemeral)
        session.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            box.withLockedValue { $0 = error.map { .failure($0) } ?? .success((status, data ?? Data())) }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 35)
        session.finishTasksAndInvalidate()
        let (status, data) = try XCTUnwrap(box.withLockedValue { $0 }, "no answer to \(pathAndQuery)", file: file, line: line).get()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: status, object: object)
    }
}
