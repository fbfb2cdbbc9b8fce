import Foundation
import StackDump
import TestSupport
import XCTest

/// Reads every real dump folder in the shared data and checks the counts the data README states.
final class DumpFolderTests: XCTestCase {
    /// Questions / answers per folder, from `/work/shared/data/README.md`.
    private let expectedCounts: [String: (questions: Int, answers: Int)] = [
        "cardano": (1042, 1496),
        "quantumcomputing": (612, 1060),
        "beer": (663, 1572),
        "coffee": (225, 327),
        "conlang.meta": (54, 115),
    ]

    private func dumpFolders() throws -> [URL] {
        let folders = SharedData.dumpFolders
        if folders.isEmpty { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        return folders
    }

    func testQuestionAndAnswerCountsMatchTheReadme() throws {
        let folders = try dumpFolders()
        XCTAssertEqual(Set(folders.map(\.lastPathComponent)), Set(expectedCounts.keys))
        for folder in folders {
            var questions = 0, answers = 0, rows = 0
            try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
                rows += 1
                if post.isQuestion { questions += 1 }
                if post.isAnswer { answers += 1 }
            }
            let name = folder.lastPathComponent
            XCTAssertEqual(rows, try rowCount(folder.appendingPathComponent("Posts.xml")), name)
            guard let expected = expectedCounts[name] else { continue }
            XCTAssertEqual(questions, expected.questions, "questions in \(name)")
            XCTAssertEqual(answers, expected.answers, "answers in \(name)")
        }
    }

    func testEveryQuestionHasTitleTagsAndEveryAnswerAParent() throws {
        for folder in try dumpFolders() {
            let posts = try DumpReader.posts(inFolder: folder)
            let questionIDs = Set(posts.filter(\.isQuestion).map(\.id))
            for post in posts where post.isQuestion {
                XCTAssertFalse(post.title?.isEmpty ?? true, "title of \(folder.lastPathComponent) \(post.id)")
                XCTAssertFalse(post.tags.isEmpty, "tags of \(folder.lastPathComponent) \(post.id)")
                XCTAssertFalse(post.tags.contains { $0.contains("<") || $0.contains("|") })
            }
            let orphans = posts.filter { $0.isAnswer && !questionIDs.contains($0.parentID ?? -1) }
            XCTAssertTrue(orphans.isEmpty, "answers without their question in \(folder.lastPathComponent): \(orphans.map(\.id))")
        }
    }

    func testUsersCommentsAndTagsParseWithPlausibleValues() throws {
        for folder in try dumpFolders() {
            let name = folder.lastPathComponent
            let usersFile = folder.appendingPathComponent("Users.xml")
            guard FileManager.default.fileExists(atPath: usersFile.path) else { continue }
            let users = try DumpReader.users(inFolder: folder)
            XCTAssertEqual(users.count, try rowCount(usersFile), "users in \(name)")
            XCTAssertEqual(users.first(where: { $0.id == -1 })?.displayName, "Community", name)
            XCTAssertTrue(users.allSatisfy { $0.reputation >= 1 }, name)

            let comments = try DumpReader.comments(inFolder: folder)
            XCTAssertEqual(comments.count, try rowCount(folder.appendingPathComponent("Comments.xml")), "comments in \(name)")
            let postIDs = Set(try DumpReader.posts(inFolder: folder).map(\.id))
            let onKnownPosts = comments.filter { postIDs.contains($0.postID) }.count
            XCTAssertGreaterThan(onKnownPosts, comments.count * 9 / 10, "comments should mostly be on posts in \(name)")
            XCTAssertTrue(comments.allSatisfy { !$0.text.isEmpty }, name)

            let tags = try DumpReader.tags(inFolder: folder)
            XCTAssertEqual(tags.count, try rowCount(folder.appendingPathComponent("Tags.xml")), "tags in \(name)")
            XCTAssertTrue(tags.allSatisfy { !$0.name.isEmpty && $0.count >= 0 }, name)
            XCTAssertEqual(Set(tags.map(\.name)).count, tags.count, "tag names are unique in \(name)")
        }
    }

    /// Counts `<row ` occurrences by a plain byte scan, independently of the XML parser.
    private func rowCount(_ file: URL) throws -> Int {
        let data = try Data(contentsOf: file)
        let needle = Array("<row ".utf8)
        var count = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index + 1] == needle[1], bytes[index + 2] == needle[2],
                   bytes[index + 3] == needle[3], bytes[index + 4] == needle[4] {
                    count += 1
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
        return count
    }
}
