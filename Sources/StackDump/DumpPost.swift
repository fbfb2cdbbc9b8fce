import Foundation

/// One `<row>` of a data dump's Posts.xml: a question (`postTypeID == 1`) or an answer (`2`).
/// Contract stub: the dump-reader helper completes this file and adds the streaming reader.
public struct DumpPost: Hashable, Sendable {
    public var id: Int
    public var postTypeID: Int
    public var parentID: Int?
    public var acceptedAnswerID: Int?
    public var score: Int
    public var viewCount: Int?
    public var answerCount: Int?
    public var commentCount: Int?
    /// Title as plain text (XML entities decoded once; no HTML escaping).
    public var title: String?
    /// Body HTML (XML entities decoded once, so this is the HTML the site shows).
    public var body: String
    /// Tags, from either `<a><b>` or `|a|b|`.
    public var tags: [String]
    public var creationDate: Date
    public var lastActivityDate: Date?
    public var ownerUserID: Int?
    public var ownerDisplayName: String?
}

/// Streaming reader for data-dump XML files (Posts.xml, Users.xml, Comments.xml, Tags.xml).
public enum DumpReader {
    /// Calls `body` for each post row of `Posts.xml` at `url`, in file order, without loading the file whole.
    public static func forEachPost(in url: URL, _ body: (DumpPost) throws -> Void) throws {
        fatalError("implemented by the dump-reader helper")
    }

    /// All posts of one dump folder's Posts.xml.
    public static func posts(inFolder folder: URL) throws -> [DumpPost] {
        var result: [DumpPost] = []
        try forEachPost(in: folder.appendingPathComponent("Posts.xml")) { result.append($0) }
        return result
    }
}
