import Foundation
import StackDump
import TestSupport
import XCTest

/// The quirks of real dump files, checked on the posts the data README names.
final class DumpQuirkTests: XCTestCase {
    private func post(_ id: Int, in site: String) throws -> DumpPost {
        guard let file = SharedData.path("dumps/\(site)/Posts.xml"),
              FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("SKIPPED: shared dump \(site) not found (set STACKTERM_DATA)")
        }
        var found: DumpPost?
        try DumpReader.forEachPost(in: file) { if $0.id == id { found = $0 } }
        return try XCTUnwrap(found, "post \(id) of \(site)")
    }

    func testSocketTextSurvivesXMLUnescaping() throws {
        let question = try post(3734, in: "cardano")
        XCTAssertEqual(question.title, "cardano-cli: Network.Socket.connect: <socket: 11>: does not exist")
        // The body is HTML: `&amp;lt;` in the XML becomes `&lt;` in the HTML, which shows as `<socket: 11>`.
        XCTAssertTrue(question.body.contains("Network.Socket.connect: &lt;socket: 11&gt;: does not exist"))
        XCTAssertTrue(question.body.hasPrefix("<p>I'm at this part of the <a href=\"https://developers.cardano.org/"))
        XCTAssertEqual(question.acceptedAnswerID, 3739)
        XCTAssertEqual(question.tags, ["cardano-cli", "cardano-node"])
    }

    func testCarriageReturnLineFeedBecomesNewline() throws {
        let excerpt = try post(1732, in: "quantumcomputing")
        XCTAssertEqual(excerpt.postTypeID, 4)
        XCTAssertFalse(excerpt.body.contains("\r"))
        XCTAssertTrue(excerpt.body.hasSuffix("in a certain time duration.\n"))

        guard let users = SharedData.path("dumps/cardano/Users.xml") else { throw XCTSkip("SKIPPED: no shared data") }
        var about: String?
        try DumpReader.forEachUser(in: users) { if $0.id == -1 { about = $0.aboutMe } }
        let text = try XCTUnwrap(about)
        XCTAssertFalse(text.contains("\r"))
        XCTAssertTrue(text.contains("<p>Hi, I'm not really a person.</p>\n<p>"))
    }

    func testAngleBracketTagsAndFractionalDates() throws {
        let first = try post(1, in: "beer")
        XCTAssertEqual(first.tags, ["hops"])
        XCTAssertEqual(first.title, "What is a citra hop, and how does it differ from other hops?")
        let cardano = try post(1, in: "cardano")
        XCTAssertEqual(cardano.creationDate.timeIntervalSince1970, 1_619_536_004.553, accuracy: 0.0005)
        XCTAssertEqual(cardano.score, 36)
        XCTAssertEqual(cardano.viewCount, 918)
        XCTAssertEqual(cardano.ownerUserID, 17)
        let coffee = try post(1, in: "coffee")
        XCTAssertEqual(coffee.tags, ["storage", "whole-bean"])
        XCTAssertEqual(coffee.answerCount, 3)
    }

    func testCJKTextInBeerPosts() throws {
        let cjk = try post(621, in: "beer")
        let text = (cjk.title ?? "") + cjk.body
        XCTAssertTrue(text.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) }, "CJK in beer 621")
    }
}
