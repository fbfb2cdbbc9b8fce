/// One `<row>` of PostLinks.xml: post `postID` links to `relatedPostID` (`type` 1 linked, 3 duplicate).
public struct DumpPostLink: Hashable, Sendable {
    /// The post that holds the link.
    public var postID: Int
    /// The post it links to.
    public var relatedPostID: Int
    /// `LinkTypeId`: 1 linked (related), 3 duplicate.
    public var type: Int

    public init(postID: Int, relatedPostID: Int, type: Int) {
        self.postID = postID
        self.relatedPostID = relatedPostID
        self.type = type
    }

    init(row: DumpRow) throws {
        self.init(postID: try row.requiredInt("PostId"), relatedPostID: try row.requiredInt("RelatedPostId"),
                  type: try row.requiredInt("LinkTypeId"))
    }
}
