import Foundation
import NIOConcurrencyHelpers

/// Answers accepted (or un-accepted) through the double, in memory: they override the dump's accepted answer.
final class AcceptBook: Sendable {
    /// What a question's accepted answer became.
    struct Override: Equatable, Sendable {
        /// The accepted answer; nil when the acceptance was taken back.
        var answerID: Int?
    }

    /// Site → question id → its override.
    private let overrides = NIOLockedValueBox<[String: [Int: Override]]>([:])

    static let ownerOnly = "Only the question owner can accept an answer."
    static let alreadyAccepted = "This answer is already accepted."
    static let notAccepted = "This answer is not accepted."

    /// What changed the accepted answer of `questionID`, nil when nothing changed it.
    func change(site: String, questionID: Int) -> Override? {
        overrides.withLockedValue { $0[site]?[questionID] }
    }

    /// Accepts (`accept` false: un-accepts) `answerID` of `questionID`, whose dump says `dumpAccepted`; throws 407
    /// `write_failed` when it already is (is not) the accepted one.
    func set(_ accept: Bool, site: String, questionID: Int, answerID: Int, dumpAccepted: Int?) throws {
        try overrides.withLockedValue { overrides in
            let current = overrides[site]?[questionID].map(\.answerID) ?? dumpAccepted
            if accept {
                guard current != answerID else { throw APIFailure.writeFailed(Self.alreadyAccepted) }
                overrides[site, default: [:]][questionID] = Override(answerID: answerID)
            } else {
                guard current == answerID else { throw APIFailure.writeFailed(Self.notAccepted) }
                overrides[site, default: [:]][questionID] = Override(answerID: nil)
            }
        }
    }
}
