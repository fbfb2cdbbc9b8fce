import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The status line tells the truth: a config notice outlives the errors after it, keys that do nothing say why,
/// and messages name the keys in force after remapping. (Written with
/// `ReducerTestStore`: every effect is asserted.)
final class HonestStatusTests: XCTestCase {
    /// Started with `keymap`, page 1's load still on its way; returns its token.
    private func started(keymap: Keymap = .standard) throws -> (ReducerTestStore, LoadToken) {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24),
                                              keymap: keymap))
        return (store, try XCTUnwrap(store.start()?.token))
    }

    /// A list of 20 questions loaded.
    private func listStore() throws -> ReducerTestStore {
        try ReducerTestStore.listing(20, rows: 24)
    }

    /// The standard keymap with `overrides` replacing those commands' keys (as the config file's `[keys]` does).
    private func remap(_ overrides: [Command: [Key]]) -> Keymap {
        Keymap(Keymap.standard.bindings.map { (command: $0.command, keys: overrides[$0.command] ?? $0.keys) })
    }

    func testAConfigNoticeStaysBesideALaterNetworkErrorUntilAKeyIsPressed() throws {
        let (store, token) = try started()
        store.send(.notice("config.toml:3: unknown key \"sitee\" — config ignored, using the defaults"))
        store.expectEffects([])
        store.send(.loaded(token, .questions(.failure(.offline(detail: "connection refused"))))) { state in
            XCTAssertEqual(state.status.notice, "config.toml:3: unknown key \"sitee\" — config ignored, using the defaults")
            XCTAssertTrue(state.status.message?.hasPrefix("Offline") == true, "\(String(describing: state.status.message))")
        }
        store.receiveWaysForward()
        store.press(.character("j"))
        XCTAssertNil(store.state.status.notice, "a key press dismisses the notice")
    }

    func testKeysThatDoNothingHereSayWhy() throws {
        let store = try listStore()
        store.press(.character("c"))
        XCTAssertEqual(store.state.status.message, "c works only in a question")
        store.press(.character("Y"))
        XCTAssertEqual(store.state.status.message, "Y works only in a question")
        store.press(.character("T"))
        XCTAssertEqual(store.state.status.message, "T works only in a question")
        store.send(.key(.enter)) { XCTAssertEqual($0.screens.count, 2, "Enter opens the question") }
        store.receiveQuestionOpened(1, markedRead: ReadState(store.state.list.questions[0]))
        store.press(.character("s"))
        XCTAssertEqual(store.state.status.message, "s works only on a question list")
        store.press(.character("?"), .character("/"))
        XCTAssertEqual(store.state.status.message, "/: close this screen first")
        XCTAssertNil(store.state.prompt)
    }

    func testOpeningOrCopyingWithNothingSelectedSaysSo() throws {
        let (store, _) = try started()
        store.press(.character("o"))
        XCTAssertEqual(store.state.status.message, "Nothing to open: nothing is selected")
        store.press(.character("y"))
        XCTAssertEqual(store.state.status.message, "Nothing to copy: nothing is selected")
        store.press(.enter)
        XCTAssertEqual(store.state.status.message, "Nothing selected yet: the list is loading")
    }

    func testAPromptThatChangesNothingSaysSo() throws {
        let store = try listStore()
        store.press(.character("t"), .enter)
        XCTAssertEqual(store.state.status.message, "No tag filter to clear")
        store.press(.character("/"), .enter)
        XCTAssertEqual(store.state.status.message, "No search to clear")

        store.press(.character("/"))
        store.type("nft")
        store.send(.key(.enter)) { XCTAssertEqual($0.screens.count, 2) }
        store.receive(.remember(.search(site: "cardano", query: "nft")))
        store.receiveQuestionsLoad()
        store.press(.character("t"))
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens.count, 2, "and pushes no copy of the same list")
            XCTAssertEqual(state.status.message, "No tag filter to clear")
        }
        store.expectEffects([], "an empty tag filter on an untagged search loads nothing")
    }

    func testMessagesNameTheRemappedKeys() throws {
        let keymap = remap([.reload: [.character("R")], .cancelOrBack: [.control("g")]])
        let (store, token) = try started(keymap: keymap)
        store.send(.loaded(token, .questions(.failure(.timeout)))) {
            XCTAssertEqual($0.status.message, "The server took too long to answer — press R to retry")
        }
        let ways = try XCTUnwrap(store.receiveWaysForward())
        store.send(.key(.character("R")))
        store.receive(.cancel(ways))
        let retry = try XCTUnwrap(store.receiveQuestionsLoad())
        store.send(.key(.control("g"))) { XCTAssertEqual($0.status.message, "Load cancelled — press R to retry") }
        store.expectEffects([.cancel(retry.token)])
        store.send(.apiPausesChanged([APIPause(method: .questions, secondsLeft: 4_000)])) {
            XCTAssertTrue($0.status.message?.hasSuffix("— Ctrl-G cancels") == true, "\(String(describing: $0.status.message))")
        }
        store.expectEffects([])

        let (bare, second) = try started(keymap: remap([.reload: []]))
        bare.send(.loaded(second, .questions(.failure(.timeout)))) {
            XCTAssertEqual($0.status.message, "The server took too long to answer", "no retry hint without a reload key")
        }
        bare.receiveWaysForward()
    }
}
