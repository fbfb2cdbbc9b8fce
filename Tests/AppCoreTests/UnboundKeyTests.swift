import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 21: a key the keymap does not bind — a default key the config's `[keys]` unbound, or one never bound — says
/// so when pressed, naming the help key, instead of doing nothing in silence. It is said at each press (the same
/// message, so holding the key shows it once) and goes like any information message at the next command.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class UnboundKeyTests: XCTestCase {
    /// A list of 5 questions loaded, with `overrides` replacing those commands' keys (as `[keys]` does).
    private func listStore(_ overrides: [Command: [Key]]) throws -> ReducerTestStore {
        let keymap = Keymap(Keymap.standard.bindings.map { (command: $0.command, keys: overrides[$0.command] ?? $0.keys) })
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24),
                                              keymap: keymap))
        let load = try XCTUnwrap(store.start())
        store.send(.loaded(load.token, .questions(.success(Fixtures.page(1, count: 5, firstID: 1, hasMore: false)))))
        store.receiveReadMarksLoad(Array(1...5), site: "cardano")
        return store
    }

    func testAKeyTheConfigUnboundSaysSoAndNamesTheHelpKey() throws {
        let store = try listStore([.toggleSaved: [], .help: [.function(1)]])
        store.press(.character("m"))
        XCTAssertEqual(store.state.status.message, "m is not bound to anything — see F1 for the keys")
        XCTAssertFalse(store.state.status.isError)
        XCTAssertEqual(store.state.shared.savedIDs, [], "nothing was saved")
        store.press(.character("m"))
        XCTAssertEqual(store.state.status.message, "m is not bound to anything — see F1 for the keys", "said again, the same words")
        store.press(.character("j"))
        XCTAssertNil(store.state.status.message, "the next command retires it")
        XCTAssertEqual(store.state.list.selection, 1)
    }

    func testAKeyNeverBoundSaysSoToo() throws {
        let store = try listStore([:])
        store.press(.character("z"))
        XCTAssertEqual(store.state.status.message, "z is not bound to anything — see ? for the keys")
        store.press(.control("x"))
        XCTAssertEqual(store.state.status.message, "Ctrl-X is not bound to anything — see ? for the keys")
    }

    func testWithoutAHelpKeyTheMessageNamesNone() throws {
        let store = try listStore([.help: []])
        store.press(.tab)
        XCTAssertEqual(store.state.status.message, "Tab is not bound to anything")
    }

    func testKeysAPromptOrPickerTakesAreNotReported() throws {
        let store = try listStore([:])
        store.press(.character("/"))
        store.type("zz")
        XCTAssertNil(store.state.status.message, "typed into the search prompt")
    }

    /// Ctrl-L asks the runtime to repaint the screen, on a list and over an open prompt (whose line it keeps), and
    /// goes where `[keys]` puts it.
    func testCtrlLRedrawsOverAListAndAPromptAndCanBeRebound() throws {
        let store = try listStore([:])
        store.send(.key(.control("l")))
        store.expectEffects([.redraw])
        XCTAssertNil(store.state.status.message, "a bound key, not reported")
        store.press(.character("/"))
        store.type("qu")
        store.send(.key(.control("l")))
        store.expectEffects([.redraw])
        XCTAssertEqual(store.state.prompt?.editor.text, "qu", "the prompt keeps its line")

        let rebound = try listStore([.redraw: [.function(5)]])
        rebound.send(.key(.function(5)))
        rebound.expectEffects([.redraw])
        rebound.press(.control("l"))
        XCTAssertEqual(rebound.state.status.message, "Ctrl-L is not bound to anything — see ? for the keys")

        let onALetter = try listStore([.redraw: [.character("x")]])
        onALetter.send(.key(.character("x")))
        onALetter.expectEffects([.redraw])
        onALetter.press(.character("/"))
        onALetter.type("x")
        XCTAssertEqual(onALetter.state.prompt?.editor.text, "x", "a prompt types the letter")
    }
}
