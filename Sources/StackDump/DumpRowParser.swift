import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Streams the `<row .../>` elements of one dump file through Foundation's `XMLParser`.
///
/// `XMLParser(stream:)` feeds libxml2's push parser in 128 KiB chunks, so memory stays flat however
/// large the file is. External entities and DTDs are never loaded (`.never` policy), so a DOCTYPE naming
/// an absent DTD is harmless.
final class DumpRowParser: NSObject, XMLParserDelegate {
    private let fileName: String
    private let onRow: (DumpRow) throws -> Void
    private var rowError: Error?
    private var xmlError: DumpError?

    private init(fileName: String, onRow: @escaping (DumpRow) throws -> Void) {
        self.fileName = fileName
        self.onRow = onRow
    }

    /// Calls `body` for each `row` element of the file at `url`, in file order.
    static func forEachRow(in url: URL, _ body: (DumpRow) throws -> Void) throws {
        let name = url.lastPathComponent
        guard FileManager.default.isReadableFile(atPath: url.path), let stream = InputStream(url: url) else {
            throw DumpError.unreadable(file: url.path)
        }
        if let problem = encodingProblem(of: url) {
            throw DumpError.malformedXML(file: name, line: 1, column: 1, message: problem)
        }
        try withoutActuallyEscaping(body) { escapable in
            let delegate = DumpRowParser(fileName: name, onRow: escapable)
            let parser = XMLParser(stream: stream)
            parser.shouldResolveExternalEntities = false
            parser.externalEntityResolvingPolicy = .never
            parser.delegate = delegate
            let succeeded = parser.parse()
            parser.delegate = nil
            if let rowError = delegate.rowError { throw rowError }
            if let xmlError = delegate.xmlError { throw xmlError }
            if !succeeded {
                let message = parser.parserError.map(describe) ?? "the parser stopped without saying why"
                throw DumpError.malformedXML(file: name, line: parser.lineNumber, column: parser.columnNumber, message: message)
            }
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard elementName == "row", rowError == nil, xmlError == nil else { return }
        do {
            try onRow(DumpRow(attributes: attributeDict, file: fileName, line: parser.lineNumber))
        } catch {
            rowError = error
            parser.abortParsing()
        }
    }

    /// libxml2 may recover from some errors and go on; stop at the first one and remember where it was.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard xmlError == nil else { return }
        let message = Self.describe(parseError)
        xmlError = .malformedXML(file: fileName, line: parser.lineNumber, column: parser.columnNumber, message: message)
        parser.abortParsing()
    }

    /// Why the file is not UTF-8 XML as dumps are, judged from its first bytes, or nil. libxml2's push parser
    /// (under `XMLParser(stream:)`) crashed with a SEGV on another encoding followed by bytes it could not read
    /// — declared (`encoding="utf8-"?>\r\u{FF}`) or detected (`00 00 00 3C`, UCS-4) — found by Fuzz/run.sh dump;
    /// so such files never reach it: after an optional UTF-8 BOM the file must start with `<` or white space and
    /// hold no NUL in its first four bytes (what UTF-16 and UCS-4 look like), and name no encoding but UTF-8.
    private static func encodingProblem(of url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard var head = try? handle.read(upToCount: 512), !head.isEmpty else { return nil }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard let first = head.first else { return nil }
        if ![0x3C, 0x20, 0x09, 0x0D, 0x0A].contains(first) || head.prefix(4).contains(0) {
            return "not UTF-8 text (a dump file starts with <, after an optional byte order mark)"
        }
        guard let encoding = declaredEncoding(in: head), encoding.lowercased() != "utf-8" else { return nil }
        return "encoding \"\(encoding)\" is not UTF-8"
    }

    /// The `encoding` named by the XML declaration at the start of `head`, if there is one.
    private static func declaredEncoding(in head: Data) -> String? {
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8)) else { return nil }
        let declaration = String(decoding: head[head.startIndex..<end.lowerBound], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return String(rest) }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// `lessThanSymbolInAttributeError (code 38)` rather than Foundation's generic "could not be completed".
    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        guard let known = XMLParser.ErrorCode(rawValue: code) else { return "XML parser error \(code)" }
        return "\(known) (code \(code))"
    }
}
