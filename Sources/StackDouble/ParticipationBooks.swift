import Foundation

/// The per-user state of taking part, in memory: votes, bookmarks, acceptances.
final class ParticipationBooks: Sendable {
    let votes = VoteBook()
    let favorites = FavoriteBook()
    let accepts = AcceptBook()
}
