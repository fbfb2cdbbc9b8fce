import StackAPI

extension LinkedQuestion {
    /// The link the link picker follows: relative, so it resolves on the site being read.
    public var link: String { "/questions/\(questionID)" }
}
