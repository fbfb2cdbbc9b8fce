import Foundation
import StackAPI
import XCTest
@testable import StackStore

/// A fresh directory per test, removed afterwards.
class StoreTestCase: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(directory.path, 0o755)
        try? FileManager.default.removeItem(at: directory)
    }

    var storeFile: URL { directory.appendingPathComponent(StoreLocation.fileName) }

    func openStore() throws -> Store { try Store(fileURL: storeFile) }

    func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    func question(
        _ id: Int, _ title: String, body: String? = nil, tags: [String] = [], score: Int = 0, created: Int = 1_000,
        activity: Int? = nil, answers: Int = 0
    ) -> Question {
        Question(
            questionID: id, title: title, tags: tags, owner: ShallowUser(userID: 7, displayName: "Ada"),
            answerCount: answers, score: score, creationDate: date(created), lastActivityDate: date(activity ?? created),
            body: body)
    }
}
