import CLibXML2
import Foundation

/// Streams the `<row .../>` elements of one dump file out of bytes pushed in pieces of any size — a file read
/// chunk by chunk, an archive's data blocks — through libxml2's SAX2 push parser, so memory stays flat however
/// large the file is.
///
/// `push` the bytes in order, then call `finish()`; the callback runs inside those calls, once per row, in file
/// order. The first XML error, invalid row or error thrown by the callback ends the stream: that call throws it,
/// and so does every later one. Not thread-safe; one stream per file.
public final class DumpRowStream {
    private let fileName: String
    private let onRow: (DumpRow) throws -> Void
    /// The first bytes, held back until there are enough to check the encoding; then the parser starts.
    private var head: [UInt8] = []
    private var parser: xmlParserCtxtPtr?
    private var failure: Error?
    private var finished = false

    /// A stream calling `onRow` for each `row` element; `fileName` names the file in errors.
    init(fileName: String, onRow: @escaping (DumpRow) throws -> Void) {
        self.fileName = fileName
        self.onRow = onRow
    }

    deinit {
        if let parser { xmlFreeParserCtxt(parser) }
    }

    /// A stream of Posts.xml rows; `fileName` names the file in errors.
    public static func posts(fileName: String = "Posts.xml", _ body: @escaping (DumpPost) throws -> Void) -> DumpRowStream {
        DumpRowStream(fileName: fileName) { try body(DumpPost(row: $0)) }
    }

    /// A stream of Users.xml rows.
    public static func users(fileName: String = "Users.xml", _ body: @escaping (DumpUser) throws -> Void) -> DumpRowStream {
        DumpRowStream(fileName: fileName) { try body(DumpUser(row: $0)) }
    }

    /// A stream of Comments.xml rows.
    public static func comments(fileName: String = "Comments.xml", _ body: @escaping (DumpComment) throws -> Void) -> DumpRowStream {
        DumpRowStream(fileName: fileName) { try body(DumpComment(row: $0)) }
    }

    /// A stream of Tags.xml rows.
    public static func tags(fileName: String = "Tags.xml", _ body: @escaping (DumpTag) throws -> Void) -> DumpRowStream {
        DumpRowStream(fileName: fileName) { try body(DumpTag(row: $0)) }
    }

    /// A stream of PostLinks.xml rows.
    public static func postLinks(fileName: String = "PostLinks.xml", _ body: @escaping (DumpPostLink) throws -> Void) -> DumpRowStream {
        DumpRowStream(fileName: fileName) { try body(DumpPostLink(row: $0)) }
    }

    /// Parses the next bytes of the file, calling back for each row they complete.
    public func push(_ bytes: UnsafeRawBufferPointer) throws {
        try checkOpen()
        var rest = bytes[...]
        if parser == nil {
            let taken = min(DumpEncodingCheck.headSize - head.count, bytes.count)
            head.append(contentsOf: bytes.prefix(taken))
            guard head.count == DumpEncodingCheck.headSize else { return }
            try start()
            rest = bytes.dropFirst(taken)
        }
        try parse(UnsafeRawBufferPointer(rebasing: rest), terminate: false)
    }

    /// Ends the file: throws if it stopped short of a well-formed document (a file cut off mid-row, say).
    public func finish() throws {
        try checkOpen()
        finished = true
        if parser == nil { try start() }
        try parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
    }

    private func checkOpen() throws {
        if let failure { throw failure }
        precondition(!finished, "DumpRowStream used after finish()")
    }

    /// Checks the held-back head, then creates the parser and feeds it the head.
    private func start() throws {
        if head.isEmpty {
            throw fail(.malformedXML(file: fileName, line: 1, column: 1, message: "the file is empty"))
        }
        if let problem = DumpEncodingCheck.problem(head) {
            throw fail(.malformedXML(file: fileName, line: 1, column: 1, message: problem))
        }
        _ = libxml2Initialized
        var handler = Self.handler()
        guard let created = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil) else {
            throw fail(.malformedXML(file: fileName, line: 1, column: 1, message: "libxml2 could not create a parser"))
        }
        parser = created
        xmlCtxtUseOptions(created, Int32(Self.options.rawValue))
        let bytes = head
        head = []
        try bytes.withUnsafeBytes { try parse($0, terminate: false) }
    }

    /// Never load anything from outside the file (no DTD, no external entity, no network); take the bytes as
    /// UTF-8 whatever the declaration says (`DumpEncodingCheck` refused other encodings already); replace the
    /// five predefined entities in attribute values (`&amp;` → `&`, not `&#38;`). The handler has no
    /// `entityDecl`, so a DTD cannot declare other entities: no entity expansion at all. `XML_PARSE_HUGE` stays
    /// off, so libxml2 keeps its 10 MB limit on one attribute value and on lookahead (a post is at most 30,000
    /// characters).
    private static let options: xmlParserOption = xmlParserOption(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Feeds libxml2 one piece (at most 1 GiB at a time: its length is an `int`) and throws what it reported.
    private func parse(_ chunk: UnsafeRawBufferPointer, terminate: Bool) throws {
        guard let parser else { return }
        var offset = 0
        repeat {
            let size = min(chunk.count - offset, 1 << 30)
            let last = terminate && offset + size == chunk.count
            let pointer = chunk.baseAddress.map { ($0 + offset).assumingMemoryBound(to: CChar.self) }
            let status = xmlParseChunk(parser, pointer, Int32(size), last ? 1 : 0)
            if let failure { throw failure }
            if status != 0 {
                // An error the structured handler did not see (it gets every parser error; this is a safety net).
                throw fail(.malformedXML(file: fileName, line: Int(xmlSAX2GetLineNumber(parser)),
                                         column: Int(xmlSAX2GetColumnNumber(parser)), message: "XML parser error \(status)"))
            }
            offset += size
        } while offset < chunk.count
    }

    private func fail(_ error: DumpError) -> DumpError {
        failure = error
        return error
    }

    /// Called by libxml2 for each `row` element. After a failure the rest of the current chunk is still parsed
    /// (the parser is not stopped from inside its own callback), but no row reaches `onRow`.
    fileprivate func row(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard failure == nil, let parser else { return }
        let row = DumpRow(attributes: attributes, count: count, file: fileName, line: Int(xmlSAX2GetLineNumber(parser)))
        do {
            try onRow(row)
        } catch {
            failure = error
        }
    }

    /// Called by libxml2 for each error and warning; the first error (not warning) ends the stream.
    fileprivate func report(_ error: xmlError) {
        guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let text = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        failure = DumpError.malformedXML(file: fileName, line: Int(error.line), column: Int(error.int2),
                                         message: "\(text.isEmpty ? "XML error" : text) (code \(error.code))")
    }

    /// Only two callbacks: rows and errors. Text, comments, processing instructions, DTD declarations are
    /// skipped by libxml2 itself.
    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, prefix, _, _, _, attributeCount, _, attributes in
            guard let context, let localName, prefix == nil, isRow(localName) else { return }
            Unmanaged<DumpRowStream>.fromOpaque(context).takeUnretainedValue()
                .row(attributes, count: Int(attributeCount))
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<DumpRowStream>.fromOpaque(context).takeUnretainedValue().report(error.pointee)
        }
        return handler
    }
}

/// `row`, as a NUL-terminated name from libxml2.
private func isRow(_ name: UnsafePointer<xmlChar>) -> Bool {
    name[0] == UInt8(ascii: "r") && name[1] == UInt8(ascii: "o") && name[2] == UInt8(ascii: "w") && name[3] == 0
}

/// libxml2 wants `xmlInitParser()` once per process before parsers are used from several threads.
private let libxml2Initialized: Void = xmlInitParser()
