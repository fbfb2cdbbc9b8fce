import XCTest
import AppCore
import StackAPI
import TestSupport

/// The status line tells the truth: a config notice outlives the errors after it, keys that do nothing say why,
/// and messages name the keys in force after remapping.
final class HonestStatusTests: XCTestCase {
    private func state(keymap: Keymap = .standard, questions: Int = 20) -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24), keymap: keymap)
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        if questions > 0 {
            _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: questions, firstID: 1, hasMore: false))))
        }
        return state
    }

    /// The standard keymap with `overrides` replacing those commands' keys (as the config file's `[keys]` does).
    private func remap(_ overrides: [Command: [Key]]) -> Keymap {
        Keymap(Keymap.standard.bindings.map { (command: $0.command, keys: overrides[$0.command] ?? $0.keys) })
    }

    func testAConfigNoticeStaysBesideALaterNetworkErrorUntilAKeyIsPressed() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&state, .notice("config.toml:3: unknown key \"sitee\" — config ignored, using the defaults"))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .failure(.offline(detail: "connection refused"))))
        XCTAssertEqual(state.status.notice, "config.toml:3: unknown key \"sitee\" — config ignored, using the defaults")
        XCTAssertTrue(state.status.message?.hasPrefix("Offline") == true, "\(String(describing: state.status.message))")
        _ = Reducer.reduce(&state, .key(.character("j")))
        XCTAssertNil(state.status.notice, "a key press dismisses the notice")
    }

    func testKeysThatDoNothingHereSayWhy() {
        var state = state()
        _ = Reducer.reduce(&state, .key(.character("c")))
        XCTAssertEqual(state.status.message, "c works only in a question")
        _ = Reducer.reduce(&state, .key(.character("Y")))
        XCTAssertEqual(state.status.message, "Y works only in a question")
        _ = Reducer.reduce(&state, .key(.character("T")))
        XCTAssertEqual(state.status.message, "T works only in a question")
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens.count, 2, "Enter opens the question")
        _ = Reducer.reduce(&state, .key(.character("s")))
        XCTAssertEqual(state.status.message, "s works only on a question list")
        _ = Reducer.reduce(&state, .key(.character("?")))
        _ = Reducer.reduce(&state, .key(.character("/")))
        XCTAssertEqual(state.status.message, "/: close this screen first")
        XCTAssertNil(state.prompt)
    }

    func testOpeningOrCopyingWithNothingSelectedSaysSo() {
        var state = state(questions: 0)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("o"))), [])
        XCTAssertEqual(state.status.message, "Nothing to open: nothing is selected")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("y"))), [])
        XCTAssertEqual(state.status.message, "Nothing to copy: nothing is selected")
        XCTAssertEqual(Reducer.reduce(&state, .key(.enter)), [])
        XCTAssertEqual(state.status.message, "Nothing selected yet: the list is loading")
    }

    func testAPromptThatChangesNothingSaysSo() {
        var state = state()
        _ = Reducer.reduce(&state, .key(.character("t")))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.status.message, "No tag filter to clear")
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.status.message, "No search to clear")

        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "nft" { _ = Reducer.reduce(&state, .key(.character(character))) }
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens.count, 2)
        _ = Reducer.reduce(&state, .key(.character("t")))
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(effects, [], "an empty tag filter on an untagged search loads nothing")
        XCTAssertEqual(state.screens.count, 2, "and pushes no copy of the same list")
        XCTAssertEqual(state.status.message, "No tag filter to clear")
    }

    func testMessagesNameTheRemappedKeys() throws {
        let keymap = remap([.reload: [.character("R")], .cancelOrBack: [.control("g")]])
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24), keymap: keymap)
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .failure(.timeout)))
        XCTAssertEqual(state.status.message, "The server took too long to answer — press R to retry")
        _ = Reducer.reduce(&state, .key(.character("R")))
        _ = Reducer.reduce(&state, .key(.control("g")))
        XCTAssertEqual(state.status.message, "Load cancelled — press R to retry")
        _ = Reducer.reduce(&state, .apiPausesChanged([APIPause(method: .questions, secondsLeft: 4_000)]))
        XCTAssertTrue(state.status.message?.hasSuffix("— Ctrl-G cancels") == true, "\(String(describing: state.status.message))")

        let unbound = remap([.reload: []])
        var bare = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24), keymap: unbound)
        guard case let .loadQuestions(second, _, _, _, _)? = Reducer.reduce(&bare, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&bare, .questionsLoaded(second, .failure(.timeout)))
        XCTAssertEqual(bare.status.message, "The server took too long to answer", "no retry hint without a reload key")
    }
}
