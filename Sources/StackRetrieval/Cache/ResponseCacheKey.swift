import StackAPI

/// What the `ResponseCache` stores a value under.
public enum ResponseCacheKey: Hashable, Sendable {
    /// The decoded page an API request answered (equal requests build equal keys: query items are sorted).
    case response(APIRequest)
    /// One question with its body, from any page that carried bodies (a list loaded with bodies, a question by id).
    case questionWithBody(site: String, questionID: Int)
}
