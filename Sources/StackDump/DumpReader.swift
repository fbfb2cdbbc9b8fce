import Foundation

/// Streaming reader for data-dump XML files (Posts.xml, Users.xml, Comments.xml, Tags.xml, PostLinks.xml).
///
/// Each `forEach…` call reads the file in chunks into a `DumpRowStream` and hands over one record at a time, in
/// file order; a malformed file throws a `DumpError` naming the file and line.
public enum DumpReader {
    /// Calls `body` for each post row of `Posts.xml` at `url`, in file order, without loading the file whole.
    public static func forEachPost(in url: URL, _ body: (DumpPost) throws -> Void) throws {
        try DumpFile.forEachRow(in: url) { try body(DumpPost(row: $0)) }
    }

    /// Calls `body` for each user row of `Users.xml` at `url`, in file order.
    public static func forEachUser(in url: URL, _ body: (DumpUser) throws -> Void) throws {
        try DumpFile.forEachRow(in: url) { try body(DumpUser(row: $0)) }
    }

    /// Calls `body` for each comment row of `Comments.xml` at `url`, in file order.
    public static func forEachComment(in url: URL, _ body: (DumpComment) throws -> Void) throws {
        try DumpFile.forEachRow(in: url) { try body(DumpComment(row: $0)) }
    }

    /// Calls `body` for each tag row of `Tags.xml` at `url`, in file order.
    public static func forEachTag(in url: URL, _ body: (DumpTag) throws -> Void) throws {
        try DumpFile.forEachRow(in: url) { try body(DumpTag(row: $0)) }
    }

    /// Calls `body` for each link row of `PostLinks.xml` at `url`, in file order.
    public static func forEachPostLink(in url: URL, _ body: (DumpPostLink) throws -> Void) throws {
        try DumpFile.forEachRow(in: url) { try body(DumpPostLink(row: $0)) }
    }

    /// All posts of one dump folder's Posts.xml.
    public static func posts(inFolder folder: URL) throws -> [DumpPost] {
        try collect(folder.appendingPathComponent("Posts.xml"), forEachPost)
    }

    /// All users of one dump folder's Users.xml, or none when the folder has no such file.
    public static func users(inFolder folder: URL) throws -> [DumpUser] {
        try collectIfPresent(folder.appendingPathComponent("Users.xml"), forEachUser)
    }

    /// All comments of one dump folder's Comments.xml, or none when the folder has no such file.
    public static func comments(inFolder folder: URL) throws -> [DumpComment] {
        try collectIfPresent(folder.appendingPathComponent("Comments.xml"), forEachComment)
    }

    /// All tags of one dump folder's Tags.xml, or none when the folder has no such file.
    public static func tags(inFolder folder: URL) throws -> [DumpTag] {
        try collectIfPresent(folder.appendingPathComponent("Tags.xml"), forEachTag)
    }

    private static func collect<Record>(
        _ url: URL, _ reader: (URL, (Record) throws -> Void) throws -> Void
    ) throws -> [Record] {
        var result: [Record] = []
        try reader(url) { result.append($0) }
        return result
    }

    private static func collectIfPresent<Record>(
        _ url: URL, _ reader: (URL, (Record) throws -> Void) throws -> Void
    ) throws -> [Record] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try collect(url, reader)
    }
}
