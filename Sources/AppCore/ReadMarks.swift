import Foundation
import StackAPI

/// What was known of a question when it was last opened: enough to tell later whether it changed.
public struct ReadState: Hashable, Sendable {
    public var answerCount: Int
    public var lastActivity: Date?

    public init(answerCount: Int, lastActivity: Date?) {
        self.answerCount = answerCount
        self.lastActivity = lastActivity
    }

    /// The mark `question` leaves when opened now.
    public init(_ question: Question) {
        self.init(answerCount: question.answerCount ?? 0, lastActivity: question.lastActivityDate)
    }
}

/// How a list row stands against its read mark.
public enum ReadStatus: Hashable, Sendable {
    /// Never opened.
    case unread
    /// Opened, and nothing changed since.
    case read
    /// Opened, and since then `newAnswers` answers arrived (0: only later activity, e.g. comments or edits).
    case updated(newAnswers: Int)
}

/// The read marks of the current site's questions the app knows about (from the store, and those made this session).
public struct ReadMarks: Hashable, Sendable {
    public var byQuestion: [Int: ReadState] = [:]

    public init() {}

    public func status(of question: Question) -> ReadStatus {
        guard let mark = byQuestion[question.questionID] else { return .unread }
        let added = (question.answerCount ?? 0) - mark.answerCount
        if added > 0 { return .updated(newAnswers: added) }
        if let now = question.lastActivityDate, let then = mark.lastActivity, now > then { return .updated(newAnswers: 0) }
        return .read
    }

    /// Whether `question` is worth opening: never read, or changed since.
    public func isUnreadOrUpdated(_ question: Question) -> Bool {
        status(of: question) != .read
    }
}
