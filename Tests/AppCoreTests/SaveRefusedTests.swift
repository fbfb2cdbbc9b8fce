import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 21: when the store does not keep what `m` asked (`Action.saveRefused`, sent by the runtime after
/// `Effect.setSaved`), the mark goes back and the status line says why, as an error, instead of "kept offline for good".
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class SaveRefusedTests: XCTestCase {
    /// A list of 10 questions with question 2 just saved by `m`.
    private func savedSecond() throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(10, rows: 12)
        store.perform(.moveDown)
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 2, saved: true)])
        return store
    }

    func testASaveOfAQuestionTheStoreDoesNotHoldIsTakenBack() throws {
        let store = try savedSecond()
        store.send(.saveRefused(site: "cardano", questionID: 2, saved: true, .notHeld)) { state in
            XCTAssertEqual(state.shared.savedIDs, [], "the row is no longer starred")
            XCTAssertEqual(state.status.message, "Not saved: the local store holds no copy of this question — r loads it again, then m keeps it")
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
    }

    func testAReadOnlyStoreSaysWhyNothingIsKeptAndAnUnsaveStays() throws {
        let store = try savedSecond()
        let why = "the local store is read-only for you (/data/stackterm.sqlite): reading only, nothing new is kept"
        store.send(.saveRefused(site: "cardano", questionID: 2, saved: true, .readOnly(why))) { state in
            XCTAssertEqual(state.shared.savedIDs, [])
            XCTAssertEqual(state.status.message, "Not saved: " + why)
        }
        store.expectEffects([])
        store.send(.loaded(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(searches: [], savedIDs: [3])))
        store.expectEffects([])
        store.perform(.moveDown)
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 3, saved: false)])
        store.send(.saveRefused(site: "cardano", questionID: 3, saved: false, .readOnly(why))) { state in
            XCTAssertEqual(state.shared.savedIDs, [3], "an unsave the store did not write leaves it saved")
            XCTAssertEqual(state.status.message, "Still saved: " + why)
        }
        store.expectEffects([])
    }

    func testARefusalForAnotherSiteChangesNothing() throws {
        let store = try savedSecond()
        store.send(.saveRefused(site: "stackoverflow", questionID: 2, saved: true, .noStore(nil))) { state in
            XCTAssertEqual(state.shared.savedIDs, [2])
            XCTAssertEqual(state.status.message, "Saving…")
        }
        store.expectEffects([])
    }
}

extension SaveRefusedTests {
    /// Issue 32: without a store, the refusal names the store's path and why it could not be used.
    func testASaveWithoutAStoreSaysWhichStoreCouldNotBeUsedAndWhy() throws {
        let store = try savedSecond()
        let why = "the local store's folder /data/stackterm cannot be used: it cannot be created (File exists)"
        store.send(.saveRefused(site: "cardano", questionID: 2, saved: true, .noStore(why))) { state in
            XCTAssertEqual(state.shared.savedIDs, [])
            XCTAssertEqual(state.status.message, "Not saved: there is no local store to keep it in (\(why))")
        }
        store.expectEffects([])
    }
}
