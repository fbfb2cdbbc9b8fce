import Foundation
import NIOConcurrencyHelpers

/// The votes users cast through the double, in memory, with the site's rules: no votes on one's own post, 15
/// reputation to vote up and 125 to vote down, one vote per user and post (voting the other way switches it), 40
/// votes a day per user and site, and votes locked after `lockSeconds` (nil: never, the default).
final class VoteBook: Sendable {
    /// Up (+1) or down (−1).
    enum Direction: String, Sendable {
        case up, down

        var value: Int { self == .up ? 1 : -1 }
    }

    /// What a vote route asks for: cast a vote, or take one back (`/undo`).
    enum Action: Equatable, Sendable {
        case cast(Direction)
        case undo(Direction)
    }

    /// The votes one user may cast on one site in a UTC day.
    static let dailyLimit = 40
    static let upvoteReputation = 15
    static let downvoteReputation = 125

    static let ownPost = "You can't vote for your own post."
    static let locked = "Your vote is now locked in unless this post is edited."
    static let limitReached = "You have reached your daily vote limit."

    private struct Key: Hashable {
        var site: String
        var postID: Int
        var userID: Int
    }

    private struct Vote {
        var direction: Direction
        var castAt: Date
    }

    private struct VoterDay: Hashable {
        var site: String
        var userID: Int
        var day: Int
    }

    private struct State {
        var votes: [Key: Vote] = [:]
        /// Site → post id → the sum of the votes cast here.
        var scoreChange: [String: [Int: Int]] = [:]
        var castPerDay: [VoterDay: Int] = [:]
        var lockSeconds: Int?
    }

    private let state = NIOLockedValueBox(State())

    /// Locks votes older than `seconds` (0: at once) against undoing and switching; nil: never.
    func setLock(seconds: Int?) {
        state.withLockedValue { $0.lockSeconds = seconds }
    }

    /// How much the votes cast here changed the score of `postID`.
    func scoreChange(site: String, postID: Int) -> Int {
        state.withLockedValue { $0.scoreChange[site]?[postID] ?? 0 }
    }

    /// The vote `userID` has on `postID`, nil when none.
    func vote(site: String, postID: Int, userID: Int) -> Direction? {
        state.withLockedValue { $0.votes[Key(site: site, postID: postID, userID: userID)]?.direction }
    }

    /// Applies `action` by `voter` (with `reputation`) on `postID`; throws 407 `write_failed` with the site's
    /// message when a rule forbids it.
    func apply(_ action: Action, site: String, postID: Int, voter: Int, reputation: Int, isOwner: Bool,
               now: Date = Date()) throws {
        guard !isOwner else { throw APIFailure.writeFailed(Self.ownPost) }
        let key = Key(site: site, postID: postID, userID: voter)
        try state.withLockedValue { state in
            let existing = state.votes[key]
            let isLocked = existing.map { vote in
                state.lockSeconds.map { now.timeIntervalSince(vote.castAt) >= Double($0) } ?? false
            } ?? false
            switch action {
            case .cast(let direction):
                let needed = direction == .up ? Self.upvoteReputation : Self.downvoteReputation
                guard reputation >= needed else {
                    throw APIFailure.writeFailed("Voting \(direction.rawValue) requires \(needed) reputation.")
                }
                guard existing?.direction != direction else {
                    throw APIFailure.writeFailed("You have already \(direction.rawValue)voted this post.")
                }
                guard !isLocked else { throw APIFailure.writeFailed(Self.locked) }
                let day = VoterDay(site: site, userID: voter, day: Int(now.timeIntervalSince1970) / 86_400)
                guard state.castPerDay[day, default: 0] < Self.dailyLimit else {
                    throw APIFailure.writeFailed(Self.limitReached)
                }
                state.castPerDay[day, default: 0] += 1
                state.votes[key] = Vote(direction: direction, castAt: now)
                state.scoreChange[site, default: [:]][postID, default: 0] += direction.value - (existing?.direction.value ?? 0)
            case .undo(let direction):
                guard existing?.direction == direction else {
                    throw APIFailure.writeFailed("You have not \(direction.rawValue)voted this post.")
                }
                guard !isLocked else { throw APIFailure.writeFailed(Self.locked) }
                state.votes[key] = nil
                state.scoreChange[site, default: [:]][postID, default: 0] -= direction.value
            }
        }
    }
}
