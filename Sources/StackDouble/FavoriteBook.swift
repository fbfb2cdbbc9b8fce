import Foundation
import NIOConcurrencyHelpers

/// The questions users bookmarked (the API still says "favorite") through the double, in memory, newest last.
final class FavoriteBook: Sendable {
    private struct Owner: Hashable {
        var site: String
        var userID: Int
    }

    private let lists = NIOLockedValueBox<[Owner: [Int]]>([:])

    static let alreadyFavorited = "You have already favorited this question."
    static let notFavorited = "You have not favorited this question."

    /// Bookmarks (`undo`: removes) `questionID` for `userID`; throws 407 `write_failed` when it already is (is not).
    func set(_ favorited: Bool, site: String, questionID: Int, userID: Int) throws {
        try lists.withLockedValue { lists in
            let owner = Owner(site: site, userID: userID)
            let present = lists[owner, default: []].contains(questionID)
            if favorited {
                guard !present else { throw APIFailure.writeFailed(Self.alreadyFavorited) }
                lists[owner, default: []].append(questionID)
            } else {
                guard present else { throw APIFailure.writeFailed(Self.notFavorited) }
                lists[owner]?.removeAll { $0 == questionID }
            }
        }
    }

    /// True when `userID` has bookmarked `questionID`.
    func isFavorited(site: String, questionID: Int, userID: Int) -> Bool {
        lists.withLockedValue { $0[Owner(site: site, userID: userID)]?.contains(questionID) ?? false }
    }

    /// The questions `userID` bookmarked on `site`, newest bookmark first.
    func questions(site: String, userID: Int) -> [Int] {
        lists.withLockedValue { $0[Owner(site: site, userID: userID)] ?? [] }.reversed()
    }
}
