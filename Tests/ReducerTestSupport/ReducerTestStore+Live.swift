import AppCore
import Foundation
import StackAPI
import XCTest

extension ReducerTestStore {
    /// Live on and started on cardano in a `columns`×12 terminal (9 list rows), `keymap` in force, `page` loaded as
    /// the list's first page (its read marks asked): the live source runs for the list's site and tags.
    public static func liveStarted(sort: QuestionSort = .activity, tagged: [String] = [], watching: [String] = [],
                                   page: Page<Question>, columns: Int = 80,
                                   keymap: Keymap = .standard) throws -> ReducerTestStore {
        var state = AppState(settings: BrowseSettings(site: "cardano", sort: sort, tagged: tagged, pageSize: 30),
                             viewport: Viewport(columns: columns, rows: 12), keymap: keymap)
        state.shared.liveEnabled = true
        state.shared.watchedTags = watching
        let store = ReducerTestStore(state)
        store.send(.start)
        let load = try XCTUnwrap(store.receiveQuestionsLoad())
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        store.receive(.startLive(LiveSubscription(site: "cardano", tags: tagged)))
        store.receiveRememberBrowse()
        store.send(.loaded(load.token, .questions(.success(page))))
        store.receiveReadMarksLoad(page.items.map(\.questionID))
        return store
    }
}
