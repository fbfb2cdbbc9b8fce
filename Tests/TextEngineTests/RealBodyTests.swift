import Foundation
import StackDump
import TestSupport
import XCTest
@testable import TextEngine

/// The HTML renderer on real Stack Exchange bodies (CC BY-SA; each failure names the post's URL).
/// Checks at widths 100, 80, 40 and 10: no text lost, code blocks byte for byte, entities decoded once,
/// no line wider than the width.
final class RealBodyTests: XCTestCase {
    private static let widths = [100, 80, 40, 10]

    /// Stack Overflow question 6827752 and its 29 answers (code, a table, entities), from a recorded API response.
    func testStackOverflowAnswersFromRecordedResponse() throws {
        let bodies = try recordedBodies()
        XCTAssertEqual(bodies.count, 30, "the question and its 29 answers")
        for (label, body) in bodies {
            for width in Self.widths { BodyCheck.verify(body, width: width, label: label) }
        }
    }

    func testRecordedTableRendersAsGridWhenItFitsAndAsLabelledRowsOtherwise() throws {
        guard let (_, body) = try recordedBodies().first(where: { $0.1.contains("<table") }) else {
            return XCTFail("the recorded answers should hold a table")
        }
        let wide = HTMLRenderer.render(html: body, width: 100).plainLines
        XCTAssertTrue(wide.contains { $0.hasPrefix("Annotation  │ Meaning") }, wide.joined(separator: "\n"))
        XCTAssertTrue(wide.contains { $0.hasPrefix("@Repository │ stereotype for persistence layer") })
        let narrow = HTMLRenderer.render(html: body, width: 40).plainLines
        XCTAssertTrue(narrow.contains("Annotation: @Component"), narrow.joined(separator: "\n"))
        XCTAssertTrue(narrow.contains("Meaning: stereotype for service layer"))
        XCTAssertEqual(narrow.filter { $0.hasPrefix("Annotation: ") }.count, 4, "one labelled block per body row")
    }

    func testCardanoBodiesWithLiteralSocketCodeAndTables() throws {
        let posts = try dumpPosts("cardano")
        let socket = try XCTUnwrap(posts.first { $0.id == 3734 })
        for width in Self.widths {
            BodyCheck.verify(socket.body, width: width, label: label("cardano", 3734))
        }
        let rendered = HTMLRenderer.render(html: socket.body, width: 100).plainLines.joined(separator: "\n")
        XCTAssertTrue(rendered.contains("<socket: 11>"), "the literal <socket: 11> must show as text")

        let longest = try XCTUnwrap(posts.first { $0.id == 3942 })
        let codeHeavy = posts.sorted { $0.body.components(separatedBy: "<pre").count > $1.body.components(separatedBy: "<pre").count }.prefix(3)
        let tables = posts.filter { $0.body.contains("<table") }
        XCTAssertFalse(tables.isEmpty, "cardano has a post with a table")
        for post in [longest] + codeHeavy + tables {
            for width in Self.widths { BodyCheck.verify(post.body, width: width, label: label("cardano", post.id)) }
        }
    }

    func testQuantumComputingLongestAndCJKBodies() throws {
        let posts = try dumpPosts("quantumcomputing")
        for id in [1971, 2145] {
            let post = try XCTUnwrap(posts.first { $0.id == id }, "post \(id)")
            for width in Self.widths { BodyCheck.verify(post.body, width: width, label: label("quantumcomputing", id)) }
        }
    }

    func testEveryConlangMetaBody() throws {
        let posts = try dumpPosts("conlang.meta")
        XCTAssertGreaterThan(posts.count, 100)
        for post in posts {
            for width in Self.widths { BodyCheck.verify(post.body, width: width, label: label("conlang.meta", post.id)) }
        }
    }

    // MARK: - Data

    private func label(_ site: String, _ id: Int) -> String { "https://\(site).stackexchange.com/q/\(id)" }

    private func recordedBodies() throws -> [(String, String)] {
        guard let url = SharedData.path("api/stacksearch-so/answers.json") else {
            throw XCTSkip("shared data not found: set STACKTERM_DATA or put ../shared/data beside the package")
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let question = try XCTUnwrap((json?["items"] as? [[String: Any]])?.first)
        let answers = question["answers"] as? [[String: Any]] ?? []
        var bodies = [("https://stackoverflow.com/q/6827752", question["body"] as? String ?? "")]
        for answer in answers {
            bodies.append(("https://stackoverflow.com/a/\(answer["answer_id"] ?? "?")", answer["body"] as? String ?? ""))
        }
        return bodies
    }

    private func dumpPosts(_ site: String) throws -> [DumpPost] {
        guard let folder = SharedData.path("dumps/\(site)") else {
            throw XCTSkip("shared data not found: set STACKTERM_DATA or put ../shared/data beside the package")
        }
        return try DumpReader.posts(inFolder: folder)
    }
}
