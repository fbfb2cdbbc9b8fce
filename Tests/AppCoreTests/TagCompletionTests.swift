@testable import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 32 case 11: Tab in the `t` prompt completes the tag being typed from the tags seen this session.
final class TagCompletionTests: XCTestCase {
    private let known = ["plutus", "nft", "plutus-core", "Plutus", "nft", "nft", "wallet"]

    private func complete(_ text: String) -> (text: String, message: String?) {
        let result = TagCompletion.complete(LineEditor(text: text), known: known)
        return (result.editor.text, result.message)
    }

    func testOneCandidateCompletesTheTag() {
        XCTAssertEqual(complete("wa").text, "wallet")
        XCTAssertNil(complete("wa").message)
        XCTAssertEqual(complete("nft;plutus-").text, "nft;plutus-core", "the tag after the last separator")
        XCTAssertEqual(complete("nft pl").text, "nft plutus", "a space separates tags too")
    }

    func testSeveralCandidatesCompleteTheirCommonPrefixAndAreListedMostSeenFirst() {
        let (text, message) = complete("p")
        XCTAssertEqual(text, "plutus")
        XCTAssertEqual(message, "Tags: plutus plutus-core")
        XCTAssertEqual(complete("").message, "Tags: nft plutus plutus-core wallet", "nothing typed: every tag, most seen first")
    }

    func testNothingToCompleteSaysSo() {
        XCTAssertEqual(complete("zzz").text, "zzz")
        XCTAssertEqual(complete("zzz").message, "No tag seen starts with \"zzz\"")
        XCTAssertEqual(TagCompletion.complete(LineEditor(text: "x"), known: []).message, "No tag seen starts with \"x\"")
    }

    func testTabInTheTagPromptCompletesFromTheListsRows() throws {
        let store = try ReducerTestStore.listing(5, rows: 24)
        store.press(.character("t"))
        store.send(.key(.control("u")))
        store.expectEffects([])
        store.type("sw")
        store.send(.key(.tab)) { XCTAssertEqual($0.prompt?.editor.text, "swift", "the fixtures' rows are tagged swift") }
        store.expectEffects([])
    }
}
