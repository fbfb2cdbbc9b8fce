import AppCore
import StackAPI
import TestSupport

/// The reducer started without asking for a page (a test setting up a list cannot go on).
public struct NoListLoad: Error {}

extension AppState {
    /// Started on `settings` in an 80-column terminal of `rows` rows, with its first and last page loaded:
    /// `count` questions, ids from 1 (every effect asserted on the way).
    public static func listing(_ count: Int, rows: Int, settings: BrowseSettings = BrowseSettings(site: "cardano")) throws -> AppState {
        try ReducerTestStore.listing(count, rows: rows, settings: settings).state
    }
}

extension ReducerTestStore {
    /// A store started on `settings` in a terminal of `columns`×`rows`, with its first and last page loaded:
    /// `count` questions, ids from 1. Every effect on the way is asserted, the page's read marks load included.
    public static func listing(_ count: Int, columns: Int = 80, rows: Int,
                               settings: BrowseSettings = BrowseSettings(site: "cardano"),
                               file: StaticString = #filePath, line: UInt = #line) throws -> ReducerTestStore {
        try listing(Fixtures.page(1, count: count, firstID: 1, hasMore: false), columns: columns, rows: rows,
                    settings: settings, file: file, line: line)
    }
}

extension [Effect] {
    /// These effects but the store reads of read marks a page of questions asks for.
    public var withoutStoreReads: [Effect] {
        filter { if case .load(_, .readMarks) = $0 { false } else { true } }
    }

    /// The token of the first thread load among these effects.
    public var threadLoadToken: LoadToken? {
        lazy.compactMap { effect -> LoadToken? in
            if case let .load(token, .thread(_, _, _, _)) = effect { token } else { nil }
        }.first
    }
}
