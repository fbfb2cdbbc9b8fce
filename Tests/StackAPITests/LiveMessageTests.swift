import XCTest
@testable import StackAPI

/// The realtime socket's messages: heartbeats, activity, other topics and sites, and hostile shapes.
final class LiveMessageTests: XCTestCase {
    /// A message of the active-questions topic whose inner object is `inner` (encoded as a string, as the socket does).
    private func message(_ inner: String, action: String = LiveMessage.activeQuestionsTopic) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["action": action, "data": inner], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private let realShape = #"""
        {"siteBaseHostAddress":"cardano.stackexchange.com","id":12345,"titleEncodedFancy":"Why does &quot;plutus&quot; fail &amp; what&#39;s next?","bodySummary":"I tried &lt;this&gt; and it broke.","tags":["plutus","nft"],"lastActivityDate":1764100000,"url":"https://cardano.stackexchange.com/questions/12345/why-does-plutus-fail","ownerUrl":"https://cardano.stackexchange.com/users/7/ann","ownerDisplayName":"Ann &amp; Bob","apiSiteParameter":"cardano"}
        """#

    func testHeartbeatIsRecognised() {
        XCTAssertEqual(LiveMessage.decode(#"{"action":"hb","data":"hb"}"#), .heartbeat)
    }

    func testActivityDecodesEveryFieldWithEntitiesDecodedOnce() throws {
        guard case .activity(let activity) = LiveMessage.decode(message(realShape)) else {
            return XCTFail("not an activity: \(LiveMessage.decode(message(realShape)))")
        }
        XCTAssertEqual(activity.site, "cardano")
        XCTAssertEqual(activity.questionID, 12345)
        XCTAssertEqual(activity.title, #"Why does "plutus" fail & what's next?"#)
        XCTAssertEqual(activity.tags, ["plutus", "nft"])
        XCTAssertEqual(activity.lastActivityDate, Date(timeIntervalSince1970: 1_764_100_000))
        XCTAssertEqual(activity.ownerDisplayName, "Ann & Bob")
        XCTAssertEqual(activity.url, "https://cardano.stackexchange.com/questions/12345/why-does-plutus-fail")
        XCTAssertEqual(activity.bodySummary, "I tried <this> and it broke.")
    }

    func testDoubleEscapedTitleIsDecodedOnlyOnce() {
        let inner = #"{"apiSiteParameter":"cardano","id":1,"titleEncodedFancy":"a &amp;#39; b"}"#
        XCTAssertEqual(activity(inner)?.title, "a &#39; b")
    }

    func testOtherTopicsAreIgnored() {
        guard case .ignored = LiveMessage.decode(message(realShape, action: "1-questions-newest")) else {
            return XCTFail("another topic must be ignored")
        }
    }

    func testSiteFilterIgnoresOtherSitesAndKeepsItsOwn() {
        guard case .ignored = LiveMessage.decode(message(realShape), site: "stackoverflow") else {
            return XCTFail("another site must be ignored")
        }
        // The name occurs in the message (in the url) but the site parameter differs: still ignored.
        let tricky = realShape.replacingOccurrences(of: #""apiSiteParameter":"cardano""#, with: #""apiSiteParameter":"meta""#)
        guard case .ignored = LiveMessage.decode(message(tricky), site: "cardano") else {
            return XCTFail("the site parameter decides, not the url")
        }
        guard case .activity = LiveMessage.decode(message(realShape), site: "cardano") else {
            return XCTFail("its own site must be kept")
        }
    }

    func testOversizedMessageIsRefusedBeforeParsing() {
        let padding = String(repeating: " ", count: LiveMessage.maximumBytes)
        let text = message(realShape) + padding
        guard case .malformed(let reason) = LiveMessage.decode(text) else { return XCTFail("must be refused") }
        XCTAssertTrue(reason.contains("limit"), reason)
        // Just under the limit, the same message decodes (whitespace after JSON is allowed).
        let fits = message(realShape) + String(repeating: " ", count: LiveMessage.maximumBytes - message(realShape).utf8.count)
        guard case .activity = LiveMessage.decode(fits) else { return XCTFail("a message at the limit must decode") }
    }

    func testMalformedShapesAreReportedNotCrashed() {
        let cases: [String] = [
            "", "hb", "{", "[]", "null", #"{"action":1}"#, #"{"data":"x"}"#,
            message("not json"), message("[1,2]"), message(#"{"id":1}"#),
            message(#"{"apiSiteParameter":"cardano","id":"12","titleEncodedFancy":"t"}"#),
            message(#"{"apiSiteParameter":"cardano","id":1e400,"titleEncodedFancy":"t"}"#),
            message(#"{"apiSiteParameter":"cardano","id":-5,"titleEncodedFancy":"t"}"#),
            message(#"{"apiSiteParameter":"cardano","id":1,"titleEncodedFancy":{"a":1}}"#),
            message(#"{"apiSiteParameter":"cardano","id":1,"titleEncodedFancy":"t","tags":"swift"}"#),
            message(#"{"apiSiteParameter":"Card ano","id":1,"titleEncodedFancy":"t"}"#),
            message(#"{"apiSiteParameter":"cardano","id":1,"titleEncodedFancy":"\u001b\u0007"}"#),
            #"{"action":"155-questions-active","data":{"id":1}}"#,
            message(String(repeating: "[", count: 100_000)),
            String(repeating: "[", count: 200_000),
        ]
        for text in cases {
            guard case .malformed = LiveMessage.decode(text) else {
                return XCTFail("\(text.prefix(80)) decoded as \(LiveMessage.decode(text))")
            }
        }
    }

    func testImpossibleNumbersBecomeUnknownNotErrors() {
        let inner = #"{"apiSiteParameter":"cardano","id":7,"titleEncodedFancy":"t","lastActivityDate":1e300}"#
        XCTAssertEqual(activity(inner)?.questionID, 7)
        XCTAssertNil(activity(inner)?.lastActivityDate)
    }

    func testEscapeSequencesAndControlsNeverReachTheRow() throws {
        let inner = #"{"apiSiteParameter":"cardano","id":9,"titleEncodedFancy":"a\u001b[31mred&#27;]0;pwn&#7;\u0085\u202e b\nc","#
            + #""tags":["ok","\u001b","&#x9b;x"],"ownerDisplayName":"&#x1b;&#7;","url":"javascript:alert(1)","bodySummary":"x\ty"}"#
        let row = try XCTUnwrap(activity(inner))
        XCTAssertEqual(row.title, "a[31mred]0;pwn b c")
        XCTAssertEqual(row.tags, ["ok", "x"])
        XCTAssertNil(row.ownerDisplayName, "a name of controls only is no name")
        XCTAssertNil(row.url)
        XCTAssertEqual(row.bodySummary, "x y")
        for text in [row.title, row.bodySummary ?? ""] + row.tags {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }, text)
        }
    }

    func testLongTextsAndTagListsAreBounded() throws {
        let tags = (0..<50).map { "\"t\($0)\"" }.joined(separator: ",")
        let title = String(repeating: "x", count: 10_000)
        let inner = #"{"apiSiteParameter":"cardano","id":9,"titleEncodedFancy":"\#(title)","tags":[\#(tags)]}"#
        let row = try XCTUnwrap(activity(inner))
        XCTAssertEqual(row.title.count, LiveActivity.maximumTextLength)
        XCTAssertEqual(row.tags.count, LiveActivity.maximumTags)
    }

    /// Found by the fuzzer: a space falling just before the limit let the next scalar past it.
    func testASpaceAtTheLimitDoesNotLetTheTextPastIt() throws {
        let title = String(repeating: "x", count: LiveActivity.maximumTextLength - 1) + " yz"
        let row = try XCTUnwrap(activity(#"{"apiSiteParameter":"cardano","id":9,"titleEncodedFancy":"\#(title)"}"#))
        XCTAssertLessThanOrEqual(row.title.unicodeScalars.count, LiveActivity.maximumTextLength)
        XCTAssertEqual(row.title, String(repeating: "x", count: LiveActivity.maximumTextLength - 1))
    }

    func testCarriesAllOfTheListsTags() throws {
        let row = try XCTUnwrap(activity(realShape))
        XCTAssertTrue(row.carries(allOf: []))
        XCTAssertTrue(row.carries(allOf: ["Plutus"]))
        XCTAssertTrue(row.carries(allOf: ["plutus", "nft"]))
        XCTAssertFalse(row.carries(allOf: ["plutus", "haskell"]))
    }

    private func activity(_ inner: String) -> LiveActivity? {
        guard case .activity(let activity) = LiveMessage.decode(message(inner)) else { return nil }
        return activity
    }
}
