import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `<row>` of PostLinks.xml: `PostId` links to `RelatedPostId` (`LinkTypeId` 1 related, 3 duplicate).
struct DumpPostLink: Sendable {
    var postID: Int
    var relatedPostID: Int
    var type: Int
}

/// Reads PostLinks.xml, which `StackDump` has no reader for yet (its reader is being rewritten on libxml2; this
/// belongs there afterwards). Foundation's `XMLParser` over a stream, external entities never loaded.
final class PostLinksReader: NSObject, XMLParserDelegate {
    private let onRow: (DumpPostLink) throws -> Void
    private var bad: (line: Int, message: String)?
    private var rowError: (any Error)?

    private init(onRow: @escaping (DumpPostLink) throws -> Void) {
        self.onRow = onRow
    }

    /// Calls `body` for each link of the file at `url`; throws `StoreError.importFailed` naming the file and line.
    static func forEach(in url: URL, _ body: (DumpPostLink) throws -> Void) throws {
        guard let stream = InputStream(url: url) else {
            throw StoreError.importFailed(file: url.path, message: "cannot open the file")
        }
        try withoutActuallyEscaping(body) { escapable in
            let delegate = PostLinksReader(onRow: escapable)
            let parser = XMLParser(stream: stream)
            parser.shouldResolveExternalEntities = false
            parser.externalEntityResolvingPolicy = .never
            parser.delegate = delegate
            let succeeded = parser.parse()
            parser.delegate = nil
            if let rowError = delegate.rowError { throw rowError }
            if let bad = delegate.bad {
                throw StoreError.importFailed(file: url.path, message: "line \(bad.line): \(bad.message)")
            }
            if !succeeded {
                let why = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
                throw StoreError.importFailed(file: url.path, message: "line \(parser.lineNumber): \(why)")
            }
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        guard elementName == "row", bad == nil, rowError == nil else { return }
        guard let post = attributes["PostId"].flatMap({ Int($0) }),
              let related = attributes["RelatedPostId"].flatMap({ Int($0) }),
              let type = attributes["LinkTypeId"].flatMap({ Int($0) }) else {
            bad = (parser.lineNumber, "a row lacks PostId, RelatedPostId or LinkTypeId")
            parser.abortParsing()
            return
        }
        do {
            try onRow(DumpPostLink(postID: post, relatedPostID: related, type: type))
        } catch {
            rowError = error
            parser.abortParsing()
        }
    }
}
