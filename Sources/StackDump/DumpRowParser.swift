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
        if let encoding = declaredEncoding(of: url), encoding.lowercased() != "utf-8" {
            throw DumpError.malformedXML(file: name, line: 1, column: 1, message: "encoding \"\(encoding)\" is not UTF-8")
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

    /// The `encoding` named by the file's XML declaration, if it has one. Dumps are UTF-8; libxml2's push parser
    /// (under `XMLParser(stream:)`) crashed with a SEGV on an unknown encoding followed by a byte it could not
    /// read (`encoding="utf8-"?>\r\u{FF}`, found by Fuzz/run.sh dump), so any other encoding is refused first.
    private static func declaredEncoding(of url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard var head = try? handle.read(upToCount: 512) else { return nil }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
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
