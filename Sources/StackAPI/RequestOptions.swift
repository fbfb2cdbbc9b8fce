/// Sorts of `/questions` (raw values are the API's).
public enum QuestionSort: String, CaseIterable, Hashable, Sendable {
    case activity
    case creation
    case votes
    /// The site's "hot" formula.
    case hot
    /// Hot this week.
    case week
    /// Hot this month.
    case month
}

/// Sorts of answer lists (`/answers`, `/questions/{ids}/answers`).
public enum AnswerSort: String, CaseIterable, Hashable, Sendable {
    case activity
    case creation
    case votes
}

/// Sorts of comment lists (`/posts/{ids}/comments`).
public enum CommentSort: String, CaseIterable, Hashable, Sendable {
    case creation
    case votes
}

/// Sorts of `/search/advanced`.
public enum SearchSort: String, CaseIterable, Hashable, Sendable {
    case activity
    case creation
    case votes
    /// How well the question matches the query.
    case relevance
}

/// The API's `order` parameter (named so as not to clash with Foundation's `SortOrder`).
public enum SortDirection: String, CaseIterable, Hashable, Sendable {
    /// Largest (newest, highest) first.
    case desc
    /// Smallest (oldest, lowest) first.
    case asc
}
