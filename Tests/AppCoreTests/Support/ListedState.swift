import AppCore
import StackAPI
import TestSupport

/// The reducer started without asking for a page (a test setting up a list cannot go on).
struct NoListLoad: Error {}

extension AppState {
    /// Started on `settings` in an 80-column terminal of `rows` rows, with its first and last page loaded:
    /// `count` questions, ids from 1.
    static func listing(_ count: Int, rows: Int, settings: BrowseSettings = BrowseSettings(site: "cardano")) throws -> AppState {
        var state = AppState(settings: settings, viewport: Viewport(columns: 80, rows: rows))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { throw NoListLoad() }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: count, firstID: 1, hasMore: false))))
        return state
    }
}

extension [Effect] {
    /// These effects but the store reads of read marks a page of questions asks for.
    var withoutStoreReads: [Effect] {
        filter { if case .loadReadMarks = $0 { false } else { true } }
    }

    /// The token of the first thread load among these effects.
    var threadLoadToken: LoadToken? {
        lazy.compactMap { effect -> LoadToken? in
            if case let .loadThread(token, _, _, _, _) = effect { token } else { nil }
        }.first
    }
}
