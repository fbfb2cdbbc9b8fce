import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 32 item 1: `m` says "Saved" only once the store holds the save (`Action.saveProgress`, sent by the
/// runtime); meanwhile "Saving…", with why while another program holds the store's lock.
final class SaveProgressTests: XCTestCase {
    func testASaveSaysSavingWhileItWaitsAndSavedOnlyOnceKept() throws {
        let store = try ReducerTestStore.listing(10, rows: 12)
        store.perform(.moveDown)
        store.send(.key(.character("m"))) { state in
            XCTAssertEqual(state.shared.savedIDs, [2])
            XCTAssertEqual(state.status.message, "Saving…")
        }
        store.expectEffects([.setSaved(site: "cardano", questionID: 2, saved: true)])
        let why = "waiting for the import to let go of the store"
        store.send(.saveProgress(site: "cardano", questionID: 2, saved: true, .waiting(why))) { state in
            XCTAssertEqual(state.status.message, "Saving… (waiting for the import to let go of the store)")
            XCTAssertFalse(state.status.isError)
        }
        store.expectEffects([])
        store.send(.saveProgress(site: "cardano", questionID: 2, saved: true, .kept)) { state in
            XCTAssertEqual(state.status.message, "Saved: kept offline for good — M lists saved questions")
        }
        store.expectEffects([])
    }

    func testProgressOfAnotherSitesSaveChangesNothing() throws {
        let store = try ReducerTestStore.listing(10, rows: 12)
        store.send(.saveProgress(site: "stackoverflow", questionID: 2, saved: true, .kept)) { state in
            XCTAssertNotEqual(state.status.message, "Saved: kept offline for good — M lists saved questions")
        }
        store.expectEffects([])
    }
}
