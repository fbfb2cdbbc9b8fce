/// A question linked with another one (a site's PostLinks: `LinkTypeId` 3 duplicate, 1 linked), as the question view
/// lists it under the question it is read with.
public struct LinkedQuestion: Hashable, Sendable {
    /// How the other question stands to the one being read.
    public enum Relation: Int, Hashable, Sendable, Comparable {
        /// The question being read was closed as a duplicate of this one (type 3 from it).
        case duplicateOf
        /// This one was closed as a duplicate of the question being read (type 3 to it).
        case duplicatedBy
        /// One of the two links to the other (type 1, either way).
        case linked

        public static func < (lhs: Relation, rhs: Relation) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The other question's id on the site.
    public var questionID: Int
    /// Its title when known.
    public var title: String?
    public var relation: Relation

    /// A link from its parts.
    public init(questionID: Int, title: String?, relation: Relation) {
        self.questionID = questionID
        self.title = title
        self.relation = relation
    }
}
