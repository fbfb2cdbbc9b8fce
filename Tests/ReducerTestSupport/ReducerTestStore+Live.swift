import AppCore
import Foundation
import StackAPI
import XCTest

extension ReducerTestStore {
    /// Live on and started on cardano in a 12-row terminal (9 list rows), `page` loaded as the list's first page (its
    /// read marks asked): the live source runs for the list's site and tags.
    public static func liveStarted(sort: QuestionSort = .activity, tagged: [String] = [], watching: [String] = [],
                            page: Page<Question>) throws -> ReducerTestStore {
        var state = AppState(settings: BrowseSettings(site: "cardano", sort: sort, tagged: tagged, pageSize: 30),
                             viewport: Viewport(columns: 80, rows: 12))
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
